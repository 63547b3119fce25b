/** @jest-environment node */
import { copyOfSite, edit, lineWith, type Problem, removeCopies, repo, runRule } from '../helpers/check-trees';

// scripts/check/reply-time.mjs: the reply time is stated one way, from content/company.yaml.
jest.setTimeout(60_000);

const cases: Record<string, string> = {};
let found: Record<string, Problem[]>;

beforeAll(async () => {
  cases.asItIs = repo;
  cases.replyTimeTwice = copyOfSite();
  edit(cases.replyTimeTwice, 'app/vrit/page.tsx', 'Tell us about your fleet and we will propose a support plan that fits it.', 'Tell us about your fleet: we reply within 24 hours with a support plan that fits it.');
  found = await runRule('reply-time', Object.values(cases));
});
afterAll(removeCopies);

describe('the reply time (scripts/check/reply-time.mjs)', () => {
  it('finds no reply time written out in the site as it is', () => {
    expect(found[cases.asItIs]).toEqual([]);
  });

  it('names a reply time written out instead of read from content/company.yaml', () => {
    expect(found[cases.replyTimeTwice]).toEqual([
      {
        file: 'app/vrit/page.tsx',
        line: lineWith(cases.replyTimeTwice, 'app/vrit/page.tsx', 'we reply within 24 hours'),
        message: 'a reply time is written out here (“reply within 24 hours with a support plan that fits it”): write {content.company.replyTime} instead, so that the site states it one way (content/company.yaml)',
      },
    ]);
  });
});
