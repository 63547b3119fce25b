/**
 * The company's facts as the pages and the service sheets show them: content/*.yaml, read
 * through their schemas (lib/load-content.ts) once per process, at build time. A problem stops the
 * build, naming each file and line. Server code only (it reads files): a client component gets
 * what it needs as props. Under `npm run dev` an edited file is read again on the next request, so
 * the preview shows it at once.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { contentFiles, contentPath, type Facts, readContent } from '@/lib/load-content';

let read: { facts: Facts; stamp: string } | undefined;

/** When the files were last changed: under `npm run dev`, a change means reading them again. */
function stamp(): string {
  if (process.env.NODE_ENV !== 'development') return '';
  return Object.values(contentFiles)
    .map(({ file }) => statSync(join(process.cwd(), contentPath(process.cwd(), file))).mtimeMs)
    .join(' ');
}

function facts(): Facts {
  const now = stamp();
  if (read?.stamp !== now || !read) {
    const { facts: current, problems } = readContent(process.cwd());
    if (!current) throw new Error(`The company's facts in content/ have ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}:\n${problems.map(({ file, line, message }) => `${file}:${line}: ${message}`).join('\n')}`);
    read = { facts: current, stamp: now };
  }
  return read.facts;
}

/**
 * `content.company.phone`, `content.results`…: one getter per file of contentFiles, each read when
 * a page renders. Configurable, so that a test can give one file other facts (jest.spyOn … 'get').
 */
export const content = Object.defineProperties(
  {} as Facts,
  Object.fromEntries(Object.keys(contentFiles).map((name) => [name, { get: () => facts()[name as keyof Facts], enumerable: true, configurable: true }])),
);
