/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyOfSite, edit, lineWith, type Problem, removeCopies, repo, runRule } from '../helpers/check-trees';

// scripts/check/metadata.mjs: every page's own title and description, of a length search results show.
jest.setTimeout(60_000);

const cases: Record<string, string> = {};
let found: Record<string, Problem[]>;
const longDescription = 'We design, build and deliver custom software for web, desktop and mobile. '.repeat(4).trim();

beforeAll(async () => {
  cases.asItIs = repo;
  cases.longDescription = copyOfSite();
  edit(cases.longDescription, 'app/software/page.tsx', /description:\s*'[^']*'/, `description: '${longDescription}'`);
  cases.sameTitle = copyOfSite();
  edit(cases.sameTitle, 'app/rest/page.tsx', /title: '[^']*'/, `title: '${/title: '([^']*)'/.exec(readFileSync(join(repo, 'app/proto/page.tsx'), 'utf8'))![1]}'`);
  edit(cases.sameTitle, 'app/privacy/page.tsx', /export function generateMetadata\(\): Metadata \{[\s\S]*?\n\}\n/, '');
  found = await runRule('metadata', Object.values(cases));
});
afterAll(removeCopies);

describe('metadata (scripts/check/metadata.mjs)', () => {
  it('finds every page with a title and description of its own in the site as it is', () => {
    expect(found[cases.asItIs]).toEqual([]);
  });

  it('names a description too long for a search result', () => {
    expect(found[cases.longDescription]).toEqual([
      { file: 'app/software/page.tsx', line: lineWith(cases.longDescription, 'app/software/page.tsx', 'description:'), message: `the description of /software has ${longDescription.length} characters: search results show 50–160` },
    ]);
  });

  it('names a page whose title is another page’s, or whose metadata is missing', () => {
    expect(found[cases.sameTitle].map((problem) => `${problem.file}: ${problem.message}`)).toEqual([
      "app/privacy/page.tsx: /privacy has no title and description of its own: add generateMetadata() returning pageMetadata({ title, description, path: '/privacy' }) (docs/editors-guide.md, \"Add a page\")",
      "app/rest/page.tsx: the title of /rest is the same as /proto's: every page needs its own",
    ]);
  });
});
