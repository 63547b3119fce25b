/** @jest-environment node */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanEnv, copyOfSite, edit, lineWith, type Problem, removeCopies, repo, runRule } from '../helpers/check-trees';

// scripts/check/release-gate.mjs (npm run check -- --release): nothing is published while a
// placeholder is left, in content/ (tagged !placeholder), in lib/site.ts's build settings, or in
// the mail configuration; and never the browser tests' build.
jest.setTimeout(60_000);

/** What each problem is about, as `file: what`. */
const about = (problems: Problem[]) => problems.map((problem) => `${problem.file}: ${problem.message.split(/ is (still )?(a|the) placeholder| is set:/)[0]}`);

let asItIs: Problem[];
let configured: Problem[];
let added: Problem[];
let tree: string;

beforeAll(async () => {
  // Every value set: the tags deleted as the editors' guide says, the build settings by the
  // environment, the mail addresses in the mail configuration.
  const done = copyOfSite();
  for (const file of readdirSync(join(done, 'content'))) {
    writeFileSync(join(done, 'content', file), readFileSync(join(done, 'content', file), 'utf8').replace(/!placeholder ?/g, ''));
  }
  const mailConfig = join(done, 'production-mail.ini');
  writeFileSync(mailConfig, 'MAIL_TO = "sales@npts.test"\nMAIL_FROM = "website@npts.test"\n');

  // A figure the company has still to confirm, marked by the editor.
  tree = copyOfSite();
  edit(tree, 'content/onboarding.yaml', /$/, "/vrit:\n  firstVessel: !placeholder four to six weeks\n");

  const [fixtureBuild, set, marked] = await Promise.all([
    // As the browser tests' build is made: with test entries for the references.
    runRule('release-gate', [repo], cleanEnv({ NPTS_REFERENCES_FIXTURE: '1' })),
    runRule('release-gate', [done], cleanEnv({ NEXT_PUBLIC_SITE_URL: 'https://www.npts.test', NEXT_PUBLIC_GTM_ID: 'GTM-TEST123', MAIL_CONFIG: mailConfig })),
    runRule('release-gate', [tree], cleanEnv()),
  ]);
  asItIs = fixtureBuild[repo];
  configured = set[done];
  added = marked[tree];
});
afterAll(removeCopies);

describe('the release gate (scripts/check/release-gate.mjs)', () => {
  it('names every placeholder left, and the file and line to set it in, and refuses the browser tests’ setting that shows test entries', () => {
    expect(about(asItIs)).toEqual([
      'lib/site.ts: the live domain',
      'lib/site.ts: the Google Tag Manager container id',
      'content/company.yaml: legalName',
      'content/company.yaml: companyNumber',
      'content/company.yaml: vatId',
      'content/company.yaml: address',
      'content/company.yaml: phone',
      'content/company.yaml: email',
      'content/company.yaml: replyTime',
      'content/company.yaml: supportLine',
      'content/company.yaml: processors',
      'content/company.yaml: accessLogRetention',
      'content/company.yaml: analyticsRetention',
      'content/company.yaml: teamChat',
      'content/company.yaml: href of the profile “NPTS on LinkedIn”',
      'content/company.yaml: href of the profile “NPTS on X”',
      'content/company.yaml: href of the profile “NPTS on Facebook”',
      'content/company.yaml: href of the profile “NPTS on Instagram”',
      'content/company.yaml: partner',
      'content/testimonial.yaml: testimonial',
      'mail/config.ini: MAIL_TO',
      'mail/config.ini: MAIL_FROM',
      'lib/load-content.ts: NPTS_REFERENCES_FIXTURE',
    ]);
    const phone = asItIs.find((problem) => problem.message.startsWith('phone '))!;
    expect(phone).toEqual({ file: 'content/company.yaml', line: lineWith(repo, 'content/company.yaml', 'phone: !placeholder'), message: 'phone is still a placeholder: write the real value and delete “!placeholder” before it' });
  });

  it('refuses a value an editor marks !placeholder in any file of content/, on its line', () => {
    expect(added.filter((problem) => problem.file === 'content/onboarding.yaml')).toEqual([
      { file: 'content/onboarding.yaml', line: lineWith(tree, 'content/onboarding.yaml', '!placeholder'), message: 'firstVessel of the time for /vrit is still a placeholder: write the real value and delete “!placeholder” before it' },
    ]);
  });

  it('passes once every value is set: in content/, by the build’s environment, and in the mail configuration', () => {
    expect(configured).toEqual([]);
  });
});
