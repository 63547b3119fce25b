// The content part of `npm run check`: what an edited or added page must get right, each problem
// named by file and line. It reads the source (TypeScript's parser), so it runs in seconds and on
// any copy of the tree:
//   node scripts/check/check-content.mjs [--release] [--root DIR …] [--json]
// - spelling of the visible copy: British English, plus the words in cspell.json;
// - every internal link (next/link, <a>, the navigation's data) leads to a page or a file in public/;
// - every page's title has 10–60 characters and its description 50–160, none used twice;
// - every app/**/page.tsx is in the route list in lib/site.ts and the other way round, and every
//   listed page is linked from the navigation, the footer or /services and has its share image;
// - the clients, certificates and partners in lib/references.ts: no expired certificate, no client
//   without recorded permission, no example.com link;
// - the results, service levels and people (lib/results.ts, lib/service-levels.ts, lib/people.ts):
//   no named client without recorded permission, no figure without its unit, period and source, no
//   service that is no page, no quote without the person who said it, no desk hours that disagree
//   with the support line, no photo that is not there; and the reply time is stated one way only;
// - with --release, no placeholder is left: lib/site.ts's placeholder(…) calls and the mail addresses.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { spellCheckDocument } from 'cspell-lib';
import ts from 'typescript';
import { mailSettings } from '../serve/local-php.mjs';

const require = createRequire(import.meta.url);

/** Attributes and properties that hold code, not copy: neither spelled nor, but for href, read. */
const TECHNICAL = new Set([
  'className', 'href', 'src', 'srcSet', 'sizes', 'id', 'key', 'type', 'rel', 'target', 'role', 'htmlFor', 'name',
  'autoComplete', 'inputMode', 'enterKeyHint', 'method', 'action', 'encType', 'as', 'variant', 'tone', 'align',
  'illustration', 'loading', 'decoding', 'fetchPriority', 'lang', 'dir', 'pattern', 'style', 'viewBox', 'd', 'fill',
  'stroke', 'xmlns', 'path', 'icon', 'slug', 'network', 'logo', 'url', 'tel', 'locale', 'registeredInCode',
  'contactEndpoint', 'gtmId', 'media', 'crossOrigin', 'referrerPolicy', 'charSet', 'content', 'property', 'strategy',
  'dangerouslySetInnerHTML', 'form', 'accept', 'defaultValue', 'value', 'card', 'siteName', 'photo', 'profile',
  'services', 'kind', 'level', 'date', 'permission',
]);
const LIMITS = { title: [10, 60], description: [50, 160] };

/**
 * @typedef {{ file: string, line: number, message: string }} Problem
 * @param {string} root
 * @param {{ release?: boolean, env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<Problem[]>}
 */
export async function checkContent(root, { release = false, env = process.env } = {}) {
  const tree = new Tree(root);
  const site = tree.parse('lib/site.ts');
  const routes = arrayOfStrings(site, 'routes');
  const unlisted = arrayOfStrings(site, 'unlistedRoutes');
  const problems = [
    ...(await spelling(tree)),
    ...links(tree, new Set([...routes.values, ...unlisted.values])),
    ...metadata(tree, site),
    ...routeList(tree, routes, unlisted),
    ...referenceProblems(tree),
    ...resultProblems(tree, new Set(routes.values)),
    ...serviceLevelProblems(tree, site),
    ...peopleProblems(tree),
    ...replyTimeProblems(tree),
  ];
  if (release) problems.push(...placeholders(tree, env).filter((placeholder) => !placeholder.set), ...mailPlaceholders(root, env), ...testSettings(env));
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** Source files of the tree, parsed once. */
class Tree {
  constructor(root) {
    this.root = root;
    this.cache = new Map();
  }

  /** Files under `dir` (relative to the root) whose name matches. */
  files(dir, pattern) {
    const walk = (path) =>
      existsSync(path)
        ? readdirSync(path, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(path, entry.name)) : pattern.test(entry.name) ? [join(path, entry.name)] : []))
        : [];
    return walk(join(this.root, dir)).map((path) => relative(this.root, path).split(sep).join('/')).sort();
  }

  parse(file) {
    if (!this.cache.has(file)) {
      const text = readFileSync(join(this.root, file), 'utf8');
      this.cache.set(file, ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS));
    }
    return this.cache.get(file);
  }

  /** Every app/**\/page.tsx with the route it serves. */
  pages() {
    return this.files('app', /^page\.tsx$/).map((file) => ({ file, route: routeOf(file) }));
  }
}

/** app/coms/page.tsx → /coms; app/page.tsx → /; route groups (x) do not count. */
function routeOf(file) {
  const segments = file.split('/').slice(1, -1).filter((segment) => !/^\(.*\)$/.test(segment));
  return `/${segments.join('/')}`;
}

const lineOf = (source, position) => source.getLineAndCharacterOfPosition(position).line + 1;

function visit(node, callback) {
  callback(node);
  ts.forEachChild(node, (child) => visit(child, callback));
}

/** The name of the attribute or property a node is the value of, however deep in its expression. */
function ownerName(node) {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isJsxAttribute(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText().replace(/^['"]|['"]$/g, '');
    if (ts.isJsxElement(parent) || ts.isJsxSelfClosingElement(parent) || ts.isStatement(parent)) return null;
  }
  return null;
}

/** Whether a string is code: a module name, a type, an id or class, an argument to a method (addEventListener('pointerdown')). */
function isCode(node) {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isLiteralTypeNode(parent) || ts.isExternalModuleReference(parent)) return true;
  if (ts.isCallExpression(parent) && parent.arguments.includes(node) && ts.isPropertyAccessExpression(parent.expression)) return true;
  const owner = ownerName(node);
  // aria-label and its kin are read out; the other aria- and data- attributes are references.
  return owner !== null && (TECHNICAL.has(owner) || (/^(aria|data)-/.test(owner) && !/^aria-(label|description|roledescription|valuetext|placeholder)$/.test(owner)));
}

const isLiteral = (node) => ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);

/** The literal value of an attribute or property initializer: `"x"`, `{'x'}`, `'x'`. */
function literalValue(initializer) {
  if (!initializer) return null;
  const expression = ts.isJsxExpression(initializer) ? initializer.expression : initializer;
  return expression && isLiteral(expression) ? expression : null;
}

/** The string elements of `export const NAME = [ … ] as const`. */
function arrayOfStrings(source, name) {
  let found = { values: [], line: 1, lines: new Map() };
  visit(source, (node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText() === name && node.initializer) {
      let array = node.initializer;
      while (ts.isAsExpression(array) || ts.isSatisfiesExpression(array)) array = array.expression;
      if (ts.isArrayLiteralExpression(array)) {
        const elements = array.elements.filter(isLiteral);
        found = { values: elements.map((element) => element.text), line: lineOf(source, node.getStart()), lines: new Map(elements.map((element) => [element.text, lineOf(source, element.getStart())])) };
      }
    }
  });
  return found;
}

// Spelling ------------------------------------------------------------------------------------

/** The visible copy of a file: JSX text and the strings that are not code, each with where it starts. */
function copyOf(source) {
  const pieces = [];
  visit(source, (node) => {
    if (ts.isJsxText(node) && node.text.trim() !== '') {
      pieces.push({ text: node.text, start: node.getStart() });
    } else if (isLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      if (!isCode(node) && /\p{L}{2}/u.test(node.text) && !/^(\/|#|\w+:|\.)/.test(node.text)) {
        pieces.push({ text: node.text, start: node.getStart() + 1 });
      }
    }
  });
  return pieces;
}

/** Spelling issues by file and text: a tree checked again (or a copy of it) is spelled only where it changed. */
const spelled = new Map();

async function spelling(tree) {
  const files = [...tree.files('app', /\.tsx$/), ...tree.files('components', /\.tsx$/), 'lib/site.ts', 'lib/contact.ts', ...PROOF_FILES].filter((file) => existsSync(join(tree.root, file)));
  const project = existsSync(join(tree.root, 'cspell.json')) ? JSON.parse(readFileSync(join(tree.root, 'cspell.json'), 'utf8')) : {};
  const settings = {
    language: 'en-GB',
    import: [require.resolve('@cspell/dict-en-gb/cspell-ext.json')],
    words: project.words ?? [],
    ignoreRegExpList: ['/\\S+@\\S+\\.\\S+/', '/https?:\\/\\/\\S+/'],
  };
  const problems = [];
  for (const file of files) {
    const source = tree.parse(file);
    const key = `${settings.words.join(" ")}\0${file}\0${source.text}`;
    if (!spelled.has(key)) spelled.set(key, await spellFile(source, file, settings));
    problems.push(...spelled.get(key));
  }
  return problems;
}

async function spellFile(source, file, settings) {
  const problems = [];
  const pieces = copyOf(source);
  if (pieces.length > 0) {
    // One document per file: the pieces on lines of their own, mapped back to where they stand.
    let text = '';
    const starts = pieces.map((piece) => {
      const at = text.length;
      text += `${piece.text}\n`;
      return at;
    });
    const { issues } = await spellCheckDocument({ uri: pathToFileURL(join(source.fileName)).href, text, languageId: 'plaintext', locale: 'en-GB' }, { noConfigSearch: true, generateSuggestions: true, numSuggestions: 3 }, settings);
    for (const issue of issues) {
      const index = starts.findLastIndex((start) => start <= issue.offset);
      const suggestions = (issue.suggestions ?? []).slice(0, 3);
      problems.push({
        file,
        line: lineOf(source, pieces[index].start + issue.offset - starts[index]),
        message: `“${issue.text}” is not a British English word${suggestions.length > 0 ? ` (did you mean ${suggestions.join(', ')}?)` : ''}; if it is a name or a term, add it to the words in cspell.json`,
      });
    }
  }
  return problems;
}

// Links ---------------------------------------------------------------------------------------

/** Every literal href in the copy and the navigation's data, with where it stands. */
function hrefsIn(tree, files) {
  const found = [];
  for (const file of files) {
    const source = tree.parse(file);
    visit(source, (node) => {
      if ((ts.isJsxAttribute(node) || ts.isPropertyAssignment(node)) && node.name.getText() === 'href') {
        const value = literalValue(node.initializer);
        if (value) found.push({ file, line: lineOf(source, node.getStart()), href: value.text });
      }
    });
  }
  return found;
}

/** The page or file an internal link leads to: /about#team → /about. */
const target = (href) => href.split(/[?#]/)[0] || '/';
const isInternal = (href) => href.startsWith('/') && !href.startsWith('//');

function links(tree, pages) {
  const files = [...tree.files('app', /\.tsx?$/), ...tree.files('components', /\.tsx?$/), ...tree.files('lib', /\.tsx?$/)];
  const exists = (path) => pages.has(path) || (existsSync(join(tree.root, 'public', path)) && statSync(join(tree.root, 'public', path)).isFile()) || existsSync(join(tree.root, 'app', path, 'route.ts'));
  return hrefsIn(tree, files)
    .filter(({ href }) => isInternal(href) && !exists(target(href)))
    .map(({ file, line, href }) => ({ file, line, message: `the link to ${href} leads nowhere: ${target(href)} is no page in the route list (lib/site.ts) and no file in public/` }));
}

// Titles and descriptions ---------------------------------------------------------------------

/** The object passed to pageMetadata(…) in a page's generateMetadata, if any. */
function pageMetadataArgument(source) {
  let argument = null;
  visit(source, (node) => {
    if (ts.isCallExpression(node) && node.expression.getText() === 'pageMetadata' && node.arguments[0] && ts.isObjectLiteralExpression(node.arguments[0])) argument = node.arguments[0];
  });
  return argument;
}

function property(object, name) {
  return object.properties.find((candidate) => ts.isPropertyAssignment(candidate) && candidate.name.getText() === name);
}

function metadata(tree, site) {
  const problems = [];
  const seen = { title: new Map(), description: new Map() };
  const siteObject = (() => {
    let object = null;
    visit(site, (node) => {
      if (ts.isVariableDeclaration(node) && node.name.getText() === 'site' && node.initializer) {
        let value = node.initializer;
        while (ts.isAsExpression(value)) value = value.expression;
        if (ts.isObjectLiteralExpression(value)) object = value;
      }
    });
    return object;
  })();

  for (const { file, route } of tree.pages()) {
    const source = tree.parse(file);
    const argument = pageMetadataArgument(source);
    // Without metadata of its own a page shows the site's defaults: only the home page may.
    const [object, owner] = argument ? [argument, file] : route === '/' && siteObject ? [siteObject, 'lib/site.ts'] : [null, file];
    if (!object) {
      problems.push({ file, line: 1, message: `${route} has no title and description of its own: add generateMetadata() returning pageMetadata({ title, description, path: '${route}' }) (README, "Add a page")` });
      continue;
    }
    const ownerSource = tree.parse(owner);
    for (const name of ['title', 'description']) {
      const assignment = property(object, name);
      // site.title and site.description: the site's defaults, which the home page shows.
      const reference = assignment && /^site\.(title|description)$/.exec(assignment.initializer.getText())?.[1];
      const value = reference && siteObject ? literalValue(property(siteObject, reference)?.initializer) : assignment && literalValue(assignment.initializer);
      const line = lineOf(ownerSource, (assignment ?? object).getStart());
      if (!value) {
        problems.push({ file: owner, line, message: `the ${name} of ${route} must be written out as one string here` });
        continue;
      }
      const [min, max] = LIMITS[name];
      const length = [...value.text].length;
      if (length < min || length > max) {
        problems.push({ file: owner, line, message: `the ${name} of ${route} has ${length} characters: search results show ${min}–${max}` });
      }
      const other = seen[name].get(value.text);
      if (other) problems.push({ file: owner, line, message: `the ${name} of ${route} is the same as ${other}'s: every page needs its own` });
      else seen[name].set(value.text, route);
    }
    const path = argument && property(argument, 'path');
    const pathValue = path && literalValue(path.initializer);
    if (argument && pathValue?.text !== route) {
      problems.push({ file, line: lineOf(source, (path ?? argument).getStart()), message: `pageMetadata's path must be this page's route, '${route}'` });
    }
  }
  return problems;
}

// The route list ------------------------------------------------------------------------------

function routeList(tree, routes, unlisted) {
  const problems = [];
  const pages = tree.pages();
  const known = new Set([...routes.values, ...unlisted.values]);
  for (const { file, route } of pages) {
    if (!known.has(route)) problems.push({ file, line: 1, message: `${route} is not in the route list: add '${route}' to routes in lib/site.ts (README, "Add a page")` });
  }
  const existing = new Set(pages.map((page) => page.route));
  for (const list of [routes, unlisted]) {
    for (const route of list.values) {
      if (!existing.has(route)) problems.push({ file: 'lib/site.ts', line: list.lines.get(route), message: `${route} is in the route list, but app${route === '/' ? '' : route}/page.tsx does not exist` });
    }
  }
  // Listed pages are found through the navigation, the footer or a card on /services.
  const linkSources = ['lib/site.ts', 'components/site-header.tsx', 'components/nav-menu.tsx', 'components/site-footer.tsx', 'app/services/page.tsx'].filter((file) => existsSync(join(tree.root, file)));
  const linked = new Set(hrefsIn(tree, linkSources).filter(({ href }) => isInternal(href)).map(({ href }) => target(href)));
  for (const route of routes.values.filter((candidate) => existing.has(candidate))) {
    const line = routes.lines.get(route);
    if (!linked.has(route)) {
      problems.push({ file: 'lib/site.ts', line, message: `${route} is linked from nowhere: add it to the navigation (mainNav) or the footer (footerLinks) in lib/site.ts, or a card on /services (app/services/page.tsx)` });
    }
    const folder = `app${route === '/' ? '' : route}`;
    if (!existsSync(join(tree.root, folder, 'opengraph-image.tsx'))) {
      problems.push({ file: `${folder}/page.tsx`, line: 1, message: `${route} has no share image: copy opengraph-image.tsx from another page's folder into ${folder}/ (it draws the card from this page's title)` });
    }
  }
  return problems;
}

// References ----------------------------------------------------------------------------------

/** The entries of lib/references.ts's lists: each object literal's literal properties, with where it stands. */
function referenceEntries(tree) {
  const file = 'lib/references.ts';
  if (!existsSync(join(tree.root, file))) return [];
  const source = tree.parse(file);
  const entries = [];
  visit(source, (node) => {
    if (ts.isPropertyAssignment(node) && ['clients', 'certifications', 'partnerships'].includes(node.name.getText()) && ts.isArrayLiteralExpression(node.initializer)) {
      for (const element of node.initializer.elements.filter(ts.isObjectLiteralExpression)) {
        const values = {};
        visit(element, (child) => {
          if (ts.isPropertyAssignment(child) && isLiteral(child.initializer)) values[child.name.getText().replace(/^['"]|['"]$/g, '')] ??= { text: child.initializer.text, line: lineOf(source, child.getStart()) };
        });
        entries.push({ list: node.name.getText(), line: lineOf(source, element.getStart()), values });
      }
    }
  });
  return entries.map((entry) => ({ file, ...entry }));
}

/** What would make a reference untrue or unverifiable: an expired certificate, an unrecorded permission, an example link. */
function referenceProblems(tree, today = new Date().toISOString().slice(0, 10)) {
  const problems = [];
  for (const { file, list, line, values } of referenceEntries(tree)) {
    const name = values.name?.text ?? '(no name)';
    if (list === 'certifications') {
      const until = values.validUntil;
      if (!until || !/^\d{4}-\d{2}-\d{2}$/.test(until.text) || Number.isNaN(Date.parse(until.text))) {
        problems.push({ file, line: until?.line ?? line, message: `the certificate “${name}” needs validUntil, the last day it is valid, as YYYY-MM-DD` });
      } else if (until.text < today) {
        problems.push({ file, line: until.line, message: `the certificate “${name}” expired on ${until.text}: add the renewed certificate or remove it` });
      }
    }
    if (list === 'clients' && !values.permission?.text.trim()) {
      problems.push({ file, line: values.permission?.line ?? line, message: `the client “${name}” has no recorded permission to be named: write who agreed, how and when in permission, or remove the client` });
    }
    for (const [key, { text, line: at }] of Object.entries(values)) {
      if (/(^|[/.@])example\.(com|org|net)\b/i.test(text)) problems.push({ file, line: at, message: `the ${key} of “${name}” is an example.com address: use the real one, or leave it out` });
    }
  }
  return problems;
}

// Results, service levels and people ------------------------------------------------------------

/** The editor's sources of proof: their copy is spelled, and their entries checked below. */
const PROOF_FILES = ['lib/results.ts', 'lib/service-levels.ts', 'lib/people.ts'];

/**
 * An expression as the data it writes out, each string and number with its line: objects and
 * arrays as they are, `placeholder(…, value)` as its value, `x as T` as x; anything else (a
 * variable, a call) as null.
 */
function dataOf(source, node) {
  while (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)) node = node.expression;
  if (ts.isCallExpression(node) && node.expression.getText() === 'placeholder' && node.arguments[1]) return dataOf(source, node.arguments[1]);
  const line = lineOf(source, node.getStart());
  if (isLiteral(node) || ts.isNumericLiteral(node)) return { text: node.text, line };
  if (ts.isArrayLiteralExpression(node)) return Object.assign(node.elements.map((element) => dataOf(source, element)), { line });
  if (ts.isObjectLiteralExpression(node)) {
    const object = { line };
    for (const property of node.properties) {
      if (ts.isPropertyAssignment(property)) object[property.name.getText().replace(/^['"]|['"]$/g, '')] = dataOf(source, property.initializer);
    }
    return object;
  }
  return null;
}

/** The value of `export const NAME = …` in a file, as dataOf gives it; undefined where there is no such file or constant. */
function exported(tree, file, name) {
  if (!existsSync(join(tree.root, file))) return undefined;
  const source = tree.parse(file);
  let found;
  visit(source, (node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText() === name && node.initializer) found = dataOf(source, node.initializer);
  });
  return found;
}

const blank = (value) => !value?.text?.trim();

function resultProblems(tree, routes) {
  const file = 'lib/results.ts';
  const results = exported(tree, file, 'results');
  if (!Array.isArray(results)) return [];
  const problems = [];
  const at = (line, message) => problems.push({ file, line, message });
  for (const result of results.filter(Boolean)) {
    const title = result.title?.text ?? '(no title)';
    const client = result.client ?? {};
    if (client.name && blank(client.permission)) {
      at(client.permission?.line ?? client.line, `the result “${title}” names its client, “${client.name.text}”, with no recorded permission: write who agreed, how and when in permission, or describe the client instead (description: 'A tanker operator')`);
    }
    for (const figure of Array.isArray(result.outcome) ? result.outcome.filter(Boolean) : []) {
      const label = figure.label?.text ?? figure.value?.text ?? '(a figure)';
      const missing = [['unit', 'its unit'], ['period', 'the period it was measured over'], ['source', 'how it was measured (source)']].filter(([key]) => blank(figure[key]));
      if (missing.length > 0) at(figure.line, `the figure “${label}” of the result “${title}” needs ${new Intl.ListFormat('en-GB').format(missing.map(([, what]) => what))}: a number without them reads as marketing`);
    }
    for (const service of Array.isArray(result.services) ? result.services.filter(Boolean) : []) {
      if (!routes.has(service.text)) at(service.line, `the result “${title}” links to ${service.text}, which is no page of the site: use a route of lib/site.ts (/coms, /vrit, /software…)`);
    }
    const quote = result.quote;
    if (quote && (blank(quote.name) || blank(quote.role))) {
      at(quote.line, `the quote in the result “${title}” has no person: give the name and role of who said it, or leave the quote out`);
    } else if (quote && blank(quote.permission)) {
      at(quote.permission?.line ?? quote.line, `the quote of ${quote.name.text} in the result “${title}” has no recorded permission: write who agreed, how and when in permission, or leave the quote out`);
    }
  }
  return problems;
}

/** Whether hours as a visitor reads them mean round the clock: '24/7', '24 hours a day, 7 days a week', 'around the clock'. */
const roundTheClock = (hours) => /\b24\s*\/\s*7\b|\b24 hours a day\b|\b(a)?round the clock\b/i.test(hours);

function serviceLevelProblems(tree, site) {
  const file = 'lib/service-levels.ts';
  const levels = exported(tree, file, 'serviceLevels');
  if (!levels?.hours) return [];
  let supportLine;
  visit(site, (node) => {
    if (ts.isPropertyAssignment(node) && node.name.getText() === 'supportLine') {
      let value = node.initializer;
      while (ts.isAsExpression(value)) value = value.expression;
      supportLine = value.kind === ts.SyntaxKind.NullKeyword || (ts.isCallExpression(value) && value.arguments[1]?.kind === ts.SyntaxKind.NullKeyword) ? null : dataOf(site, value);
    }
  });
  const desk = levels.hours;
  if (supportLine === null && roundTheClock(desk.text)) {
    return [{ file, line: desk.line, message: `the support desk answers “${desk.text}”, but lib/site.ts says there is no support line (supportLine: null): set the support line, or correct the desk's hours` }];
  }
  const line = supportLine?.hours;
  if (line && roundTheClock(desk.text) !== roundTheClock(line.text)) {
    return [{ file, line: desk.line, message: `the support desk answers “${desk.text}”, but the support line in lib/site.ts answers “${line.text}”: the site must say one thing, so correct one of them` }];
  }
  return [];
}

/** The photos of a list of people (lib/people.ts, or the tests' list), as paths from the root: what the build makes small. */
export function peoplePhotos(root, file = 'lib/people.ts') {
  const people = exported(new Tree(root), file, 'people');
  return Array.isArray(people) ? people.flatMap((person) => (person?.photo ? [person.photo.text] : [])) : [];
}

function peopleProblems(tree) {
  const file = 'lib/people.ts';
  const people = exported(tree, file, 'people');
  if (!Array.isArray(people)) return [];
  return people
    .filter((person) => person?.photo && !(existsSync(join(tree.root, person.photo.text)) && statSync(join(tree.root, person.photo.text)).isFile()))
    .map((person) => ({ file, line: person.photo.line, message: `the photo of ${person.name?.text ?? 'a person'}, ${person.photo.text}, is not there: give its path from the project's root, or leave photo out for a badge with the initials` }));
}

/**
 * A reply time to an enquiry written out, not read from lib/site.ts: "reply within 24 hours", "get
 * back to you within a day". (The privacy notice's legal month to answer a request is another thing.)
 */
const WRITTEN_REPLY_TIME = /\b(?:reply|replies|get back to you)\s+within\s+[^\s.][^.]*/i;

function replyTimeProblems(tree) {
  const files = [...tree.files('app', /\.tsx$/), ...tree.files('components', /\.tsx$/), ...tree.files('lib', /\.tsx?$/)];
  const problems = [];
  for (const file of files) {
    const source = tree.parse(file);
    for (const piece of copyOf(source)) {
      const match = WRITTEN_REPLY_TIME.exec(piece.text);
      if (match) {
        problems.push({ file, line: lineOf(source, piece.start + match.index), message: `a reply time is written out here (“${match[0].trim()}”): write {site.replyTime} instead, so that the site states it one way (lib/site.ts)` });
      }
    }
  }
  return problems;
}

// Placeholders --------------------------------------------------------------------------------

/**
 * The placeholder(…) calls in lib/site.ts: what each stands for, where, and whether the
 * environment variable a build may take instead (`process.env.X ?? placeholder(…)`) sets it.
 *
 * @returns {(Problem & { what: string, set: boolean })[]}
 */
export function placeholders(tree, env = process.env) {
  const source = (tree instanceof Tree ? tree : new Tree(tree)).parse('lib/site.ts');
  const found = [];
  visit(source, (node) => {
    if (ts.isCallExpression(node) && node.expression.getText() === 'placeholder' && node.arguments[0] && isLiteral(node.arguments[0])) {
      const what = node.arguments[0].text;
      const parent = node.parent;
      const variable = ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ? /^process\.env\.(\w+)$/.exec(parent.left.getText())?.[1] : undefined;
      const set = Boolean(variable && env[variable]);
      found.push({ file: 'lib/site.ts', line: lineOf(source, node.getStart()), what, set, message: `${what} is still a placeholder: replace placeholder(…) with the real value${variable ? `, or set ${variable} when building` : ''}` });
    }
  });
  return found;
}

/**
 * The mail addresses the contact endpoint would use, read by its own code: placeholders until the
 * operator sets them in the configuration file the host's endpoint reads (`php mail/admin.php
 * config --json`, run as the endpoint's account).
 *
 * @returns {Problem[]}
 */
export function mailPlaceholders(root, env = process.env) {
  let mail;
  try {
    mail = mailSettings(root, env);
  } catch (error) {
    return [{ file: 'mail/config.ini', line: 1, message: `the mail configuration could not be read (PHP 8.1+ is needed): ${error.message}` }];
  }
  const file = mail.file ? relative(root, mail.file) || mail.file : 'mail/config.ini';
  return ['MAIL_TO', 'MAIL_FROM'].flatMap((key) =>
    mail.settings[key].placeholders.map((address) => ({ file, line: 1, message: `${key} is the placeholder ${address}: set the real address in the mail configuration the host uses (npts-private/config.ini beside the web root, DIR/shared/config.ini when deployed, or mail/config.ini)` })),
  );
}

/** Settings that make a build for the tests only (package.json's build:e2e), never for a release. */
function testSettings(env) {
  return env.NPTS_REFERENCES_FIXTURE
    ? [{ file: 'next.config.mjs', line: 1, message: 'NPTS_REFERENCES_FIXTURE is set: a build would show the test entries of __tests__/fixtures/ as clients, certificates, partners, results, service levels, people and onboarding times; unset it' }]
    : [];
}

// Command line --------------------------------------------------------------------------------

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { release: { type: 'boolean', default: false }, root: { type: 'string', multiple: true, default: [] }, json: { type: 'boolean' } } });
  const { root: roots, release } = values;
  // --json: the problems of each root, for tests that check several copies of the tree in one run.
  if (values.json) {
    const results = {};
    for (const root of roots) results[root] = await checkContent(root, { release });
    console.log(JSON.stringify(results));
    process.exit(0);
  }
  const problems = await checkContent(roots[0] ?? fileURLToPath(new URL('../..', import.meta.url)), { release });
  for (const problem of problems) console.log(`${problem.file}:${problem.line}: ${problem.message}`);
  if (problems.length > 0) {
    console.log(`\n${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}${release ? ' (with the release check)' : ''}.`);
    process.exit(1);
  }
  console.log(`Content: spelling, links, titles and descriptions, route list${release ? ' and placeholders' : ''} are fine.`);
}
