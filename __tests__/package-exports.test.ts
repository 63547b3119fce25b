/** @jest-environment node */
// House style rule 17: a package is used through what it exports. Nothing in the site's code or
// its scripts (the benchmarks aside, which drive Lighthouse's internals and a second Next.js
// build) reads a package's files by their place in node_modules/ or dist/, finds a file beside a
// module a package exports, or ships code by stringifying a function.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const FOLDERS = ['app', 'lib', 'components', 'scripts'];
const SKIPPED = ['scripts/bench/'];

const RULES: Array<[RegExp, string]> = [
  [/node_modules\//, 'a path into node_modules/'],
  [/\bdist\//, 'a path into a package’s dist/'],
  [/dirname\(.*\.resolve\(/, 'a file beside a module a package exports'],
  [/new URL\([^,]+,\s*import\.meta\.resolve\(/, 'a file beside a module a package exports'],
  // A function's source as text (a Buffer's text names its encoding).
  [/\.toString\(\)/, 'toString()'],
];

/** package-lock.json names each package by its node_modules/ path: the script edits the lock, and reads no package. */
const LOCK_KEYS = 'scripts/lock-platform-stubs.mjs';

function sources(): string[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((file) => /\.(tsx?|mts|m?js|php|sh|css)$/.test(file) && !SKIPPED.some((skipped) => file.startsWith(skipped))),
  );
}

describe('packages through their front door', () => {
  it('no file of app/, lib/, components/ or scripts/ reaches into a package or ships a function as its source text', () => {
    const files = sources();
    expect(files).toEqual(expect.arrayContaining(['app/web-vitals.js/route.ts', 'lib/web-vitals.ts', 'scripts/build/subset-font.mjs', LOCK_KEYS]));
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          RULES.filter(([pattern, what]) => pattern.test(line) && !(file === LOCK_KEYS && what === 'a path into node_modules/')).map(([, what]) => `${file}:${index + 1}: ${what}`),
        ),
    );
    expect(found).toEqual([]);
  });
});
