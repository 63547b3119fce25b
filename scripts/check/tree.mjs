// The sources the content check reads, parsed once with TypeScript's own parser, and the helpers
// its rules share: which strings are copy and which are code, where an href stands, which route a
// page file serves. Each rule (spelling.mjs, links.mjs, metadata.mjs, routes.mjs, reply-time.mjs,
// release-gate.mjs) takes a Tree.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

/** Attributes and properties that hold code, not copy: neither spelled nor, but for href, read. */
const TECHNICAL = new Set([
  'className', 'href', 'src', 'srcSet', 'sizes', 'id', 'key', 'type', 'rel', 'target', 'role', 'htmlFor', 'name',
  'autoComplete', 'inputMode', 'enterKeyHint', 'method', 'action', 'encType', 'as', 'variant', 'tone', 'align',
  'illustration', 'loading', 'decoding', 'fetchPriority', 'lang', 'dir', 'pattern', 'style', 'viewBox', 'd', 'fill',
  'stroke', 'xmlns', 'path', 'icon', 'slug', 'network', 'logo', 'url', 'locale', 'contactEndpoint', 'gtmId', 'media',
  'crossOrigin', 'referrerPolicy', 'charSet', 'content', 'property', 'strategy', 'dangerouslySetInnerHTML', 'form',
  'accept', 'defaultValue', 'value', 'card', 'siteName', 'kind',
]);

/** Source files of the tree, parsed once. */
export class Tree {
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

  exists(file) {
    return existsSync(join(this.root, file));
  }

  read(file) {
    return readFileSync(join(this.root, file), 'utf8');
  }

  parse(file) {
    if (!this.cache.has(file)) {
      this.cache.set(file, ts.createSourceFile(file, this.read(file), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS));
    }
    return this.cache.get(file);
  }

  /** Every app/**\/page.tsx with the route it serves. */
  pages() {
    return this.files('app', /^page\.tsx$/).map((file) => ({ file, route: routeOf(file) }));
  }
}

/** app/coms/page.tsx → /coms; app/page.tsx → /; route groups (x) do not count. */
export function routeOf(file) {
  const segments = file.split('/').slice(1, -1).filter((segment) => !/^\(.*\)$/.test(segment));
  return `/${segments.join('/')}`;
}

export const lineOf = (source, position) => source.getLineAndCharacterOfPosition(position).line + 1;

export function visit(node, callback) {
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

export const isLiteral = (node) => ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);

/** The literal value of an attribute or property initializer: `"x"`, `{'x'}`, `'x'`. */
export function literalValue(initializer) {
  if (!initializer) return null;
  const expression = ts.isJsxExpression(initializer) ? initializer.expression : initializer;
  return expression && isLiteral(expression) ? expression : null;
}

/** A property of an object literal by name. */
export function property(object, name) {
  return object.properties.find((candidate) => ts.isPropertyAssignment(candidate) && candidate.name.getText() === name);
}

/** The string elements of `export const NAME = [ … ] as const`, with the line of each. */
export function arrayOfStrings(source, name) {
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

/** The visible copy of a file: JSX text and the strings that are not code, each with where it starts. */
export function copyOf(source) {
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

/** Every literal href in the copy and the navigation's data, with where it stands. */
export function hrefsIn(tree, files) {
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
export const target = (href) => href.split(/[?#]/)[0] || '/';
export const isInternal = (href) => href.startsWith('/') && !href.startsWith('//');

/** The route list of lib/site.ts: the listed pages and the unlisted ones, each with its line. */
export function routeLists(tree) {
  const site = tree.parse('lib/site.ts');
  return { routes: arrayOfStrings(site, 'routes'), unlisted: arrayOfStrings(site, 'unlistedRoutes') };
}
