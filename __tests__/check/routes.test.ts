/** @jest-environment node */
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { copyOfSite, edit, type Problem, removeCopies, repo, runRule } from '../helpers/check-trees';

// scripts/check/routes.mjs: the route list and the pages agree, and each page is found and has its share image.
jest.setTimeout(60_000);

/** A new page made as the editors' guide's recipe says, from /proto's; `steps` are the steps taken. */
function addSecurityPage(root: string, steps: { routeList?: boolean; services?: boolean; shareImage?: boolean }): void {
  cpSync(join(root, 'app/proto'), join(root, 'app/security'), { recursive: true });
  if (!steps.shareImage) rmSync(join(root, 'app/security/opengraph-image.tsx'));
  edit(root, 'app/security/page.tsx', "path: '/proto'", "path: '/security'");
  if (steps.routeList) edit(root, 'lib/site.ts', "  '/privacy',\n] as const;", "  '/privacy',\n  '/security',\n] as const;");
  if (steps.services) edit(root, 'app/services/page.tsx', '<FeatureCard title="Onboard networks" href="/network" illustration="network">', '<FeatureCard title="Security" href="/security">\n            <p>Security for vessels and offices.</p>\n          </FeatureCard>\n          <FeatureCard title="Onboard networks" href="/network" illustration="network">');
}

const cases: Record<string, string> = {};
let found: Record<string, Problem[]>;

beforeAll(async () => {
  cases.asItIs = repo;
  cases.newPage = copyOfSite();
  addSecurityPage(cases.newPage, {});
  cases.listedPage = copyOfSite();
  addSecurityPage(cases.listedPage, { routeList: true });
  cases.finishedPage = copyOfSite();
  addSecurityPage(cases.finishedPage, { routeList: true, services: true, shareImage: true });
  cases.listedOnly = copyOfSite();
  edit(cases.listedOnly, 'lib/site.ts', "  '/privacy',\n] as const;", "  '/privacy',\n  '/pricing',\n] as const;");
  found = await runRule('routes', Object.values(cases));
});
afterAll(removeCopies);

describe('the route list (scripts/check/routes.mjs)', () => {
  it('finds the route list and the pages in agreement in the site as it is', () => {
    expect(found[cases.asItIs]).toEqual([]);
  });

  it('names each step of "Add a page" that is missing, and passes once all are done', () => {
    expect(found[cases.newPage]).toEqual([
      { file: 'app/security/page.tsx', line: 1, message: "/security is not in the route list: add '/security' to routes in lib/site.ts (docs/editors-guide.md, \"Add a page\")" },
    ]);
    expect(found[cases.listedPage]).toEqual([
      { file: 'lib/site.ts', line: expect.any(Number), message: '/security is linked from nowhere: add it to the navigation (mainNav) or the footer (footerLinks) in lib/site.ts, or a card on /services (app/services/page.tsx)' },
      { file: 'app/security/page.tsx', line: 1, message: "/security has no share image: copy opengraph-image.tsx from another page's folder into app/security/ (it draws the card from this page's title)" },
    ]);
    expect(found[cases.finishedPage]).toEqual([]);
  });

  it('names a listed route without its page', () => {
    expect(found[cases.listedOnly]).toEqual([{ file: 'lib/site.ts', line: expect.any(Number), message: '/pricing is in the route list, but app/pricing/page.tsx does not exist' }]);
  });
});
