// Spelling, a rule of the content check: the visible copy of the pages and components (JSX text
// and the strings that are not code), the values of the company's facts in content/*.yaml
// (names, addresses and links aside) and the texts of the form's contract (mail/contract.json),
// in British English plus the words of cspell.json. Each misspelt word is named with its file and
// line, and up to three suggestions.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spellCheckDocument } from 'cspell-lib';
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import { copyOf, lineOf } from './tree.mjs';

const require = createRequire(import.meta.url);

/** Fields of content/ that hold names, numbers, dates, paths or addresses: not spelled. */
const NOT_WORDS = new Set([
  'href', 'src', 'photo', 'profile', 'tel', 'display', 'services', 'kind', 'date', 'validUntil', 'number', 'permission',
  'network', 'email', 'bookingUrl', 'registeredInCode', 'companyNumber', 'vatId', 'postcode', 'logo', 'name',
  'legalName', 'street', 'city', 'value', 'before', 'company',
]);

/** Spelling issues by file and text: a tree checked again (or a copy of it) is spelled only where it changed. */
const spelled = new Map();

/** The form's contract: of it, only the texts a visitor reads are spelled. */
const CONTRACT = 'mail/contract.json';

/** The files spelled: route files and components, lib/site.ts and lib/contact.ts, content/ and the contract. */
export const spelledFiles = (tree) =>
  [...tree.files('app', /\.tsx$/), ...tree.files('components', /\.tsx$/), 'lib/site.ts', 'lib/contact.ts', ...tree.files('content', /\.yaml$/), CONTRACT].filter((file) => tree.exists(file));

/**
 * The values of a YAML file a visitor reads (or of its `only` key), each with where it starts, and
 * a way from an offset to its line. JSON is YAML: the contract is read so too.
 */
function yamlCopy(text, only) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, customTags: [{ tag: '!placeholder', resolve: (value) => value }] });
  const pieces = [];
  const walk = (node, key) => {
    if (isMap(node)) for (const pair of node.items) walk(pair.value, isScalar(pair.key) ? String(pair.key.value) : key);
    else if (isSeq(node)) for (const item of node.items) walk(item, key);
    // Not a path, an anchor or a link (a scheme, its colon followed by no space: "Check: …" is a sentence).
    else if (isScalar(node) && typeof node.value === 'string' && !NOT_WORDS.has(key) && /\p{L}{2}/u.test(node.value) && !/^(\/|#|\w+:(?!\s))/.test(node.value)) {
      // As it stands in the file, so that a word of a value folded over lines is found on its line.
      pieces.push({ text: text.slice(node.range[0], node.range[1]), start: node.range[0] });
    }
  };
  walk(only ? doc.get(only, true) : doc.contents, undefined);
  return { pieces, lineAt: (offset) => lineCounter.linePos(offset).line };
}

/** @param {import('./tree.mjs').Tree} tree */
export async function spelling(tree) {
  const project = tree.exists('cspell.json') ? JSON.parse(tree.read('cspell.json')) : {};
  const settings = {
    language: 'en-GB',
    import: [require.resolve('@cspell/dict-en-gb/cspell-ext.json')],
    words: project.words ?? [],
    ignoreRegExpList: ['/\\S+@\\S+\\.\\S+/', '/https?:\\/\\/\\S+/'],
  };
  const problems = [];
  for (const file of spelledFiles(tree)) {
    const text = tree.read(file);
    const key = `${settings.words.join(' ')}\0${file}\0${text}`;
    if (!spelled.has(key)) {
      let copy;
      if (file === CONTRACT) copy = yamlCopy(text, 'texts');
      else if (file.endsWith('.yaml')) copy = yamlCopy(text);
      else {
        const source = tree.parse(file);
        copy = { pieces: copyOf(source), lineAt: (offset) => lineOf(source, offset) };
      }
      spelled.set(key, await spellPieces(join(tree.root, file), file, copy, settings));
    }
    problems.push(...spelled.get(key));
  }
  return problems;
}

async function spellPieces(path, file, { pieces, lineAt }, settings) {
  if (pieces.length === 0) return [];
  // One document per file: the pieces on lines of their own, mapped back to where they stand.
  let text = '';
  const starts = pieces.map((piece) => {
    const at = text.length;
    text += `${piece.text}\n`;
    return at;
  });
  const { issues } = await spellCheckDocument({ uri: pathToFileURL(path).href, text, languageId: 'plaintext', locale: 'en-GB' }, { noConfigSearch: true, generateSuggestions: true, numSuggestions: 3 }, settings);
  return issues.map((issue) => {
    const index = starts.findLastIndex((start) => start <= issue.offset);
    const suggestions = (issue.suggestions ?? []).slice(0, 3);
    return {
      file,
      line: lineAt(pieces[index].start + issue.offset - starts[index]),
      message: `“${issue.text}” is not a British English word${suggestions.length > 0 ? ` (did you mean ${suggestions.join(', ')}?)` : ''}; if it is a name or a term, add it to the words in cspell.json`,
    };
  });
}
