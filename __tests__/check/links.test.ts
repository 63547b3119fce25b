/** @jest-environment node */
import { copyOfSite, edit, lineWith, type Problem, removeCopies, repo, runRule } from '../helpers/check-trees';

// scripts/check/links.mjs: every internal link leads to a page of the route list or a file.
jest.setTimeout(60_000);

const cases: Record<string, string> = {};
let found: Record<string, Problem[]>;

beforeAll(async () => {
  cases.asItIs = repo;
  cases.brokenLink = copyOfSite();
  edit(cases.brokenLink, 'app/consulting/page.tsx', 'You describe the problem and what has been tried; a short call is often enough to see the way forward.', 'You describe the problem. <a href="/pricing">See our prices</a>.');
  cases.brokenNavigation = copyOfSite();
  edit(cases.brokenNavigation, 'lib/site.ts', "{ label: 'About us', href: '/about' },", "{ label: 'About us', href: '/about-us' },");
  found = await runRule('links', Object.values(cases));
});
afterAll(removeCopies);

describe('links (scripts/check/links.mjs)', () => {
  it('finds no link that leads nowhere in the site as it is', () => {
    expect(found[cases.asItIs]).toEqual([]);
  });

  it('names a plain <a> that leads to no page, and a link of the navigation’s data', () => {
    expect(found[cases.brokenLink]).toEqual([
      { file: 'app/consulting/page.tsx', line: lineWith(cases.brokenLink, 'app/consulting/page.tsx', '/pricing'), message: 'the link to /pricing leads nowhere: /pricing is no page in the route list (lib/site.ts) and no file in public/' },
    ]);
    expect(found[cases.brokenNavigation]).toEqual([
      { file: 'lib/site.ts', line: lineWith(cases.brokenNavigation, 'lib/site.ts', '/about-us'), message: 'the link to /about-us leads nowhere: /about-us is no page in the route list (lib/site.ts) and no file in public/' },
    ]);
  });
});
