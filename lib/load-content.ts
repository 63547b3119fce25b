/**
 * Reads the company's facts, content/*.yaml, through their schemas: each file parsed as YAML (the
 * `yaml` package, which knows each value's line), checked by its zod schema in lib/, and every
 * problem named by file and line in words a marketer reads ("content/results.yaml:14: the figure
 * “Link availability” of the result “…” has no unit"). A value tagged `!placeholder` is recorded
 * with its file and line: each build lists them and the release gate refuses them.
 *
 * The build reads the files through lib/content.ts, `npm run check` and the build's scripts
 * through readContent() here, so both run the same schemas over the same values. Node runs this
 * file as it is (its types stripped), which is why its imports are relative and name the `.ts`.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Node as YamlNode, YAMLMap, YAMLSeq } from 'yaml';
import type { z } from 'zod';
import { companyFile, type Company } from './company.ts';
import { onboardingFile, type OnboardingTimes } from './onboarding.ts';
import { peopleFile, type Person } from './people.ts';
import { referencesFile, type ReferenceLists } from './references.ts';
import { resultsFile, type Result } from './results.ts';
import { serviceLevelsFile, type ServiceLevels } from './service-levels.ts';
import { testimonialFile, type Testimonial } from './testimonial.ts';

/**
 * What a schema may ask of the world around the file: whether a file is there, today's date, and
 * whether a text is written under `!placeholder` in the file (a made-up address may stand in there).
 */
export type ContentContext = { isFile: (path: string) => boolean; today: string; isPlaceholder: (text: string) => boolean };

/**
 * One content file: its name in content/, its schema, the nouns its problems use for what the
 * path leads through (the list's entries and the objects in them): `{ '': 'result', outcome: 'figure' }`,
 * what a problem of the file as a whole is about (`whole`: "the support desk"; its name if not given),
 * and the fields whose numbers the page prints as written (`asWritten`).
 */
export type ContentFile<T> = {
  file: string;
  schema: (context: ContentContext) => z.ZodType<T>;
  nouns: Record<string, string>;
  whole?: string;
  /** Fields whose numbers are read as written, as text: a figure's `value: 99.60` stays "99.60", not 99.6. */
  asWritten?: readonly string[];
};

export type Problem = { file: string; line: number; message: string };
/** A value still to be given, tagged `!placeholder`: `what` names it as the file does. */
export type Placeholder = Problem & { what: string; value: unknown };

export type Facts = {
  company: Company;
  references: ReferenceLists;
  results: readonly Result[];
  serviceLevels: ServiceLevels | null;
  people: readonly Person[];
  onboardingTimes: OnboardingTimes;
  testimonial: Testimonial;
};

export const contentFiles = {
  company: companyFile,
  references: referencesFile,
  results: resultsFile,
  serviceLevels: serviceLevelsFile,
  people: peopleFile,
  onboardingTimes: onboardingFile,
  testimonial: testimonialFile,
} satisfies { [Key in keyof Facts]: ContentFile<Facts[Key]> };

/** The tests' build (npm run build:e2e) reads these instead, where there is one of the same name. */
export const FIXTURE_FOLDER = '__tests__/fixtures/content';

/** Where a content file is read from: the fixture's, in the tests' build, where it has one. */
export function contentPath(root: string, file: string, fixture = Boolean(process.env.NPTS_REFERENCES_FIXTURE)): string {
  const test = join(FIXTURE_FOLDER, file);
  return fixture && existsSync(join(root, test)) ? test : join('content', file);
}

const PLACEHOLDER = '!placeholder';
// The tag may stand before text, a map or a list; the value is read as it would be without it.
const placeholderTags = [
  { tag: PLACEHOLDER, resolve: (text: string) => text },
  { tag: PLACEHOLDER, collection: 'map' as const, nodeClass: YAMLMap },
  { tag: PLACEHOLDER, collection: 'seq' as const, nodeClass: YAMLSeq },
];

// The generic problems, phrased for whoever edits the file; MISSING and FIELD mark how the
// message is put together once the path is known (describe()).
const MISSING = '\u0000missing';
const FIELD = '\u0001';

const kind = (value: unknown) =>
  value === null ? 'empty' : Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'a group of fields' : typeof value === 'string' ? `“${value}”` : String(value);
const expectedWords: Record<string, string> = { string: 'text', number: 'a number', boolean: 'true or false', array: 'a list (lines starting with “- ”)', object: 'a group of fields' };

/** zod's message for an issue the schema does not word itself. */
function friendly(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.input === undefined && issue.code !== 'unrecognized_keys' && issue.code !== 'custom') return MISSING;
  switch (issue.code) {
    case 'invalid_type': {
      const hint = issue.expected === 'string' && (typeof issue.input === 'number' || typeof issue.input === 'boolean') ? ": put it in quotes ('…')" : '';
      return `${FIELD}should be ${expectedWords[issue.expected] ?? issue.expected}, not ${kind(issue.input)}${hint}`;
    }
    case 'too_small':
      return issue.origin === 'string' ? `${FIELD}is empty` : issue.origin === 'array' ? `${FIELD}needs at least ${Number(issue.minimum) === 1 ? 'one entry' : `${issue.minimum} entries`}` : `${FIELD}is too small`;
    case 'invalid_value':
      return `${FIELD}should be ${new Intl.ListFormat('en-GB', { type: 'disjunction' }).format(issue.values.map((value) => `“${String(value)}”`))}, not ${kind(issue.input)}`;
    case 'invalid_format':
      return `${FIELD}is not ${issue.format === 'url' ? 'a web address (https://…)' : issue.format === 'email' ? 'an email address' : `in the form ${issue.format}`}: ${kind(issue.input)}`;
    case 'invalid_union': {
      // A choice of forms (text, or '' for none yet), none of them met: worded as the first form's problem.
      const [first] = issue.errors.flat();
      return first ? friendly({ ...first, input: issue.input } as z.core.$ZodRawIssue) : undefined;
    }
    case 'unrecognized_keys':
      return `has ${issue.keys.map((key) => `“${key}”`).join(', ')}, which ${issue.keys.length === 1 ? 'is' : 'are'} not a field here: check the spelling against the file’s comments, or remove ${issue.keys.length === 1 ? 'it' : 'them'}`;
    default:
      return undefined;
  }
}

/** The name an entry goes by in a message: its title, name, label, level or link. */
const nameOf = (entry: unknown) => {
  if (!entry || typeof entry !== 'object') return undefined;
  const record = entry as Record<string, unknown>;
  const name = ['title', 'name', 'label', 'level', 'link', 'description'].map((key) => record[key]).find((value) => typeof value === 'string' && value.trim());
  return name as string | undefined;
};

/**
 * What a path leads to, in words: [0, 'outcome', 1] in results.yaml is “the figure “Tickets” of
 * the result “…””. Keys without a noun (a plain field) add nothing; list entries without a name
 * go by their number.
 */
function subjectOf(path: readonly PropertyKey[], data: unknown, nouns: Record<string, string>): string {
  const parts: string[] = [];
  let value = data;
  path.forEach((segment, index) => {
    const next = (value as Record<PropertyKey, unknown> | undefined)?.[segment as never];
    if (typeof segment === 'number') {
      const noun = nouns[String(path[index - 1] ?? '')];
      if (noun) {
        const name = nameOf(next);
        parts.unshift(name ? `the ${noun} “${name}”` : `${noun} ${segment + 1}`);
      }
    } else if (nouns[segment as string] && typeof path[index + 1] !== 'number') {
      parts.unshift(`the ${nouns[segment as string]}`);
    }
    value = next;
  });
  return parts.join(' of ');
}

/** A zod issue as a sentence: who it is about, then what is wrong. */
function describe(issue: z.core.$ZodIssue, data: unknown, nouns: Record<string, string>, whole: string): string {
  let path = issue.path;
  // An entry of a list of plain values ('/pricing' in services) is about the list's field.
  if (typeof path.at(-1) === 'number' && !nouns[String(path.at(-2) ?? '')]) path = path.slice(0, -1);
  const key = issue.code === 'unrecognized_keys' || issue.code === 'custom' || typeof path.at(-1) !== 'string' ? undefined : String(path.at(-1));
  const subject = subjectOf(key === undefined ? path : path.slice(0, -1), data, nouns) || whole;
  if (issue.message === MISSING) return key ? `${subject} has no ${key}` : `${subject} is empty`;
  if (issue.message.startsWith(FIELD)) return `${key ? `${key} of ` : ''}${subject} ${issue.message.slice(FIELD.length)}`;
  return `${subject} ${issue.message}`;
}

/** The node a path leads to, or the nearest one that is there (the entry a missing field belongs in). */
function nodeAt(contents: unknown, path: readonly PropertyKey[], keys?: readonly string[]): { range?: [number, number, number] | null } | undefined {
  let node = contents;
  for (const [index, segment] of path.entries()) {
    if (!(isMap(node) || isSeq(node))) break;
    const child = node.get(segment as never, true);
    if (child === undefined) break;
    // A field that is there: the line of its name (where a group of fields under it starts).
    if (index === path.length - 1 && isMap(node) && !keys) {
      const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && item.key.value === segment);
      if (pair && isScalar(pair.key)) return pair.key;
    }
    node = child;
  }
  // Unknown fields: the first one's own line.
  if (keys && isMap(node)) {
    const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && keys.includes(String(item.key.value)));
    if (pair && isScalar(pair.key)) return pair.key;
  }
  return node as { range?: [number, number, number] | null } | undefined;
}

type Read<T> = { value: T | undefined; problems: Problem[]; placeholders: Placeholder[]; lines: (path: readonly PropertyKey[]) => number };

/** Reads one content file of the tree at `root`: its value where the schema passed it, its problems and its placeholders. */
export function readFile<T>(root: string, { file, schema, nouns, whole = file, asWritten = [] }: ContentFile<T>, context: Omit<ContentContext, 'isPlaceholder'>, fixture?: boolean): Read<T> {
  const path = contentPath(root, file, fixture);
  const at = (line: number, message: string): Problem => ({ file: path, line, message });
  const lineCounter = new LineCounter();
  let text: string;
  try {
    text = readFileSync(join(root, path), 'utf8');
  } catch {
    return { value: undefined, problems: [at(1, `is not there: the site needs ${file} in content/, even with nothing in it`)], placeholders: [], lines: () => 1 };
  }
  const doc = parseDocument(text, { lineCounter, customTags: placeholderTags, prettyErrors: false });
  const lineOf = (offset: number | undefined) => (offset === undefined ? 1 : lineCounter.linePos(offset).line);
  const lines = (at: readonly PropertyKey[]) => lineOf(nodeAt(doc.contents, at)?.range?.[0] ?? 0);
  // The first error only: after a tab or a line out of place, the parser's further errors are
  // echoes of it (one tab gave 44), and the line named is the one to fix.
  const [error] = [...doc.errors, ...doc.warnings].sort((a, b) => a.pos[0] - b.pos[0]);
  if (error) {
    const line = lineOf(error.pos[0]);
    const message =
      error.code === 'TAG_RESOLVE_FAILED'
        ? `${error.message.replace(/^Unresolved tag: (\S+).*/s, '$1')} is no tag this site knows: the only one is ${PLACEHOLDER}`
        : // An entry copied in, then changed, keeps a field it already had.
          error.code === 'DUPLICATE_KEY'
          ? `gives ${text.slice(error.pos[0]).match(/^[^:\n]+/)?.[0] ?? 'a field'} a second time: keep one of them`
          : /^ *\t/.test(text.split('\n')[line - 1] ?? '') || error.code === 'TAB_AS_INDENT'
            ? 'is indented with a tab: indent with spaces, two for each level, never tabs'
            : `is not valid YAML here (${error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}): check the indentation, and put text in quotes ('…') when it holds “: ” or “ #”, or starts with a quote, %, @, [, {, >, |, *, &, ! or \``;
    return { value: undefined, problems: [at(line, message)], placeholders: [], lines };
  }

  // `&` and `*` mark YAML's anchors and references, which these files do not use: text starting
  // with one would lose its first word, or stop the reading.
  let reference: YamlNode | undefined;
  visit(doc, { Node: (_key, node) => void (reference ??= isAlias(node) || (node as YamlNode).anchor ? (node as YamlNode) : undefined) });
  if (reference) {
    const sign = isAlias(reference) ? '*' : '&';
    return { value: undefined, problems: [at(lineOf(reference.range?.[0]), `has text starting with “${sign}”, which YAML reads as a reference: put the text in quotes ('…')`)], placeholders: [], lines };
  }

  // A number the page prints as written keeps its source: YAML would read 99.60 as 99.6.
  visit(doc, {
    Pair(_key, pair) {
      if (isScalar(pair.key) && asWritten.includes(String(pair.key.value)) && isScalar(pair.value) && typeof pair.value.value === 'number' && pair.value.source !== undefined) pair.value.value = pair.value.source;
    },
  });
  const data = doc.toJS();
  const placeholders: Placeholder[] = [];
  const placeholderTexts = new Set<string>();
  visit(doc, {
    Node(_key, node, ancestors) {
      if ((node as YamlNode).tag !== PLACEHOLDER) return;
      const texts = (scalar: unknown) => isScalar(scalar) && typeof scalar.value === 'string' && placeholderTexts.add(scalar.value);
      if (isScalar(node)) texts(node);
      else visit(node as YamlNode, { Scalar: (_, scalar) => void texts(scalar) });
      // The path from the document to the node, as keys and indexes.
      const trail: PropertyKey[] = [];
      ancestors.forEach((ancestor, index) => {
        const child = ancestors[index + 1] ?? node;
        if (isPair(ancestor) && isScalar(ancestor.key)) trail.push(ancestor.key.value as PropertyKey);
        else if (isSeq(ancestor)) trail.push(ancestor.items.indexOf(child as never));
      });
      const key = trail.filter((segment) => typeof segment === 'string').at(-1);
      const owner = subjectOf(typeof trail.at(-1) === 'string' ? trail.slice(0, -1) : trail, data, nouns);
      const what = key === undefined ? (owner || file.replace(/\.yaml$/, '')) : `${key}${owner ? ` of ${owner}` : ''}`;
      const line = lineOf(text.lastIndexOf(PLACEHOLDER, (node as YamlNode).range?.[0] ?? 0));
      const value = trail.reduce<unknown>((parent, segment) => (parent as Record<PropertyKey, unknown>)?.[segment as never], data);
      placeholders.push({ ...at(line, `${what} is still a placeholder: write the real value and delete “${PLACEHOLDER}” before it`), what, value });
    },
  });
  const parsed = schema({ ...context, isPlaceholder: (text) => placeholderTexts.has(text) }).safeParse(data, { error: friendly });
  if (parsed.success) return { value: parsed.data, problems: [], placeholders, lines };
  const problems = parsed.error.issues.map((issue) =>
    at(lineOf(nodeAt(doc.contents, issue.path, issue.code === 'unrecognized_keys' ? issue.keys : undefined)?.range?.[0]), describe(issue, data, nouns, whole)),
  );
  return { value: undefined, problems, placeholders, lines };
}

export type ContentRead = { facts: Facts | undefined; problems: Problem[]; placeholders: Placeholder[] };

/**
 * Every content file of the tree at `root`, through its schema, and the rules that take two
 * files: a support desk round the clock agrees with the support line. `facts` only when there is
 * no problem; the placeholders in any case.
 */
export function readContent(root: string, { fixture, today = new Date().toISOString().slice(0, 10) }: { fixture?: boolean; today?: string } = {}): ContentRead {
  const context = { today, isFile: (path: string) => existsSync(join(root, path)) && statSync(join(root, path)).isFile() };
  const read = Object.fromEntries(Object.entries(contentFiles).map(([name, file]) => [name, readFile(root, file as ContentFile<unknown>, context, fixture)])) as { [Key in keyof Facts]: Read<Facts[Key]> };
  const problems = Object.values(read).flatMap((file) => file.problems);
  const placeholders = Object.values(read).flatMap((file) => file.placeholders);
  const { company, serviceLevels } = read;
  const levels = serviceLevels.value;
  if (company.value && levels) {
    const line = company.value.supportLine;
    const at = { file: contentPath(root, serviceLevelsFile.file, fixture), line: serviceLevels.lines(['roundTheClock']) };
    if (line === null && levels.roundTheClock) {
      problems.push({ ...at, message: `the support desk answers round the clock (roundTheClock: true), but content/company.yaml has no support line (supportLine: null): set the support line, or correct the desk’s hours` });
    } else if (line && line.roundTheClock !== levels.roundTheClock) {
      problems.push({ ...at, message: `the support desk ${levels.roundTheClock ? 'answers' : 'does not answer'} round the clock (roundTheClock: ${levels.roundTheClock}), but the support line in content/company.yaml ${line.roundTheClock ? 'does' : 'does not'}: the site must say one thing, so correct one of them` });
    }
  }
  const facts = problems.length === 0 ? (Object.fromEntries(Object.entries(read).map(([name, file]) => [name, file.value])) as Facts) : undefined;
  return { facts, problems: problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line), placeholders };
}
