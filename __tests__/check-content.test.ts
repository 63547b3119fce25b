/** @jest-environment node */
import { execFile } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

type Problem = { file: string; line: number; message: string };

jest.setTimeout(60_000);

const repo = resolve(__dirname, '..');
const roots: string[] = [];

/** A copy of what the check reads, to edit as an editor would. */
function copyOfSite(): string {
  const root = mkdtempSync(join(tmpdir(), 'npts-content-'));
  roots.push(root);
  // The release check asks mail/admin.php, which runs as the web server's user when the tests run as root.
  chmodSync(root, 0o755);
  const skip = ['mail/storage', 'mail/config.ini', 'mail/config.php', 'mail/vendor'].map((path) => join(repo, path));
  for (const dir of ['app', 'components', 'lib', 'public', 'mail']) {
    cpSync(join(repo, dir), join(root, dir), { recursive: true, filter: (source) => !skip.some((path) => source.startsWith(path)) });
  }
  cpSync(join(repo, 'cspell.json'), join(root, 'cspell.json'));
  return root;
}

function edit(root: string, file: string, from: string | RegExp, to: string): void {
  const text = readFileSync(join(root, file), 'utf8');
  const edited = text.replace(from, to);
  expect(edited).not.toBe(text);
  writeFileSync(join(root, file), edited);
}

/** A new page made as the README's recipe says, from /proto's; `steps` are the steps taken. */
function addSecurityPage(root: string, steps: { routeList?: boolean; services?: boolean; shareImage?: boolean }): void {
  cpSync(join(root, 'app/proto'), join(root, 'app/security'), { recursive: true });
  if (!steps.shareImage) rmSync(join(root, 'app/security/opengraph-image.tsx'));
  edit(root, 'app/security/page.tsx', /title: '[^']*'/, "title: 'IT Security for Vessels and Offices | NPTS'");
  edit(root, 'app/security/page.tsx', /description:\s*'[^']*'/, "description: 'Security management for vessels, rigs and offices: firewalls, VPNs, patching and monitoring, planned and run by the NPTS team.'");
  edit(root, 'app/security/page.tsx', "path: '/proto'", "path: '/security'");
  if (steps.routeList) edit(root, 'lib/site.ts', "  '/privacy',\n] as const;", "  '/privacy',\n  '/security',\n] as const;");
  if (steps.services) edit(root, 'app/services/page.tsx', '<FeatureCard title="Onboard networks" href="/network" illustration="network">', '<FeatureCard title="Security" href="/security">\n            <p>Security for vessels and offices.</p>\n          </FeatureCard>\n          <FeatureCard title="Onboard networks" href="/network" illustration="network">');
}

const cleanEnv = (extra: Record<string, string> = {}) => {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (/^(MAIL|SMTP)_|^NEXT_PUBLIC_|^NPTS_REFERENCES_FIXTURE$/.test(name)) delete env[name];
  return { ...env, ...extra };
};

/** Runs `node scripts/check/check-content.mjs` as npm run check does, once for several trees; their problems by root. */
function runCheck(trees: string[], { release = false, env = cleanEnv() } = {}): Promise<Record<string, Problem[]>> {
  const args = [join(repo, 'scripts/check/check-content.mjs'), '--json', ...(release ? ['--release'] : []), ...trees.flatMap((root) => ['--root', root])];
  return new Promise((done, fail) => {
    execFile(process.execPath, args, { env, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) => (error ? fail(new Error(`${error.message}\n${stderr}`)) : done(JSON.parse(stdout))));
  });
}

// Each case is a copy of the site with one editor's change; the command checks them all at once.
const cases: Record<string, string> = {};
let found: Record<string, Problem[]>;
let releaseProblems: { asItIs: Problem[]; configured: Problem[] };
const problemsOf = (name: string) => found[cases[name]];

/** The problem `message`, expected in case `name`'s `file` on the line that holds `text`. */
const problemAt = (name: string, file: string, text: string, message: string): Problem => ({
  file,
  line: readFileSync(join(cases[name], file), 'utf8').split('\n').findIndex((line) => line.includes(text)) + 1,
  message,
});

beforeAll(async () => {
  cases.asItIs = repo;

  cases.misspelt = copyOfSite();
  edit(cases.misspelt, 'app/coms/page.tsx', 'usually faster than satellite', 'usually faster than satelite');

  cases.brokenLink = copyOfSite();
  edit(cases.brokenLink, 'app/consulting/page.tsx', 'You describe the problem and what has been tried; a short call is often enough to see the way forward.', 'You describe the problem. <a href="/pricing">See our prices</a>.');

  cases.longDescription = copyOfSite();
  edit(cases.longDescription, 'app/software/page.tsx', /description:\s*'[^']*'/, `description: '${longDescription}'`);

  cases.newPage = copyOfSite();
  addSecurityPage(cases.newPage, {});
  cases.listedPage = copyOfSite();
  addSecurityPage(cases.listedPage, { routeList: true });
  cases.finishedPage = copyOfSite();
  addSecurityPage(cases.finishedPage, { routeList: true, services: true, shareImage: true });

  cases.expiredCertificate = copyOfSite();
  edit(cases.expiredCertificate, 'lib/references.ts', '  certifications: [],', `  certifications: [
    { name: 'Quality Management', issuer: 'A Certification Body', number: 'QM-1', scope: 'IT support', validUntil: '2099-12-31' },
    { name: 'Information Security', issuer: 'A Certification Body', number: 'IS-2', scope: 'IT support', validUntil: '2024-06-30' },
  ],`);

  cases.unprovenClient = copyOfSite();
  edit(cases.unprovenClient, 'lib/references.ts', '  clients: [],', `  clients: [
    { name: 'Named Shipping', permission: 'Ana Petrova, CEO, by email on 2026-03-01' },
    { name: 'Silent Offshore', permission: '' },
    { name: 'Sample Fleet', href: 'https://www.example.com/fleet', permission: 'Ivan Ivanov, IT manager, by letter on 2026-02-11' },
  ],`);

  cases.results = copyOfSite();
  edit(cases.results, 'lib/results.ts', 'export const results: readonly Result[] = [];', `export const results: readonly Result[] = [
  {
    title: 'Steady links for a tanker fleet',
    client: { name: 'Named Tankers', permission: '' },
    sector: 'Tanker shipping',
    region: 'Baltic',
    services: ['/coms', '/pricing'],
    situation: 'Links dropped.',
    work: 'We added 4/5G.',
    outcome: [
      { label: 'Link availability', value: '99.6', unit: '%', period: 'Over 2025', source: 'from the provider’s reports' },
      { label: 'Tickets', value: '40', unit: '', period: '', source: 'from the ticket system' },
    ],
    quote: { text: 'It simply works.', name: '', role: '', permission: 'by email on 2026-03-01' },
    date: '2026-03',
  },
  {
    title: 'Backups that catch up',
    client: { description: 'A ferry operator' },
    sector: 'Ferries',
    region: 'Adriatic',
    services: ['/vrit'],
    situation: 'Backups failed at sea.',
    work: 'We queued them.',
    outcome: [{ label: 'Restores that worked', value: '100', unit: '%', period: 'In four tests in 2025', source: 'from the test logs' }],
    quote: { text: 'No more lost data.', name: 'Ana Petrova', role: 'IT manager', permission: 'Ana Petrova, by email on 2026-03-01' },
    date: '2026-02',
  },
];`);

  // The support desk round the clock, where lib/site.ts has no support line; and in office hours
  // where the support line answers round the clock.
  const levels = (hours: string) => `export const serviceLevels: ServiceLevels | null = {
  priorities: [{ level: 'P1', name: 'Vessel down', definition: 'No link to shore.', response: '30 minutes', restore: '4 hours' }],
  hours: '${hours}',
  languages: ['English'],
  channels: [],
  escalation: [],
  attendance: [],
  uptime: [],
};`;
  cases.deskWithoutLine = copyOfSite();
  edit(cases.deskWithoutLine, 'lib/service-levels.ts', 'export const serviceLevels: ServiceLevels | null = null;', levels('24/7'));
  edit(cases.deskWithoutLine, 'lib/site.ts', /supportLine: placeholder<SupportLine \| null>\([^]*?\}\),\n/, 'supportLine: null as SupportLine | null,\n');
  cases.deskInOfficeHours = copyOfSite();
  edit(cases.deskInOfficeHours, 'lib/service-levels.ts', 'export const serviceLevels: ServiceLevels | null = null;', levels('Monday to Friday, 08:00–18:00'));
  cases.deskAgrees = copyOfSite();
  edit(cases.deskAgrees, 'lib/service-levels.ts', 'export const serviceLevels: ServiceLevels | null = null;', levels('Around the clock, every day of the year'));

  cases.replyTimeTwice = copyOfSite();
  edit(cases.replyTimeTwice, 'app/vrit/page.tsx', 'Tell us about your fleet and we will propose a support plan that fits it.', 'Tell us about your fleet: we reply within 24 hours with a support plan that fits it.');

  cases.missingPhoto = copyOfSite();
  edit(cases.missingPhoto, 'lib/people.ts', 'export const people: readonly Person[] = [];', `export const people: readonly Person[] = [
  { name: 'Ana Petrova', role: 'Head of vessel IT', background: 'Twelve years of onboard networks.', languages: ['English'], photo: 'app/people/ana-petrova.jpg' },
  { name: 'Ivan Ivanov', role: 'Network engineer', background: 'VSAT on tankers.', languages: ['English'] },
];`);

  cases.sameTitle = copyOfSite();
  edit(cases.sameTitle, 'app/rest/page.tsx', /title: '[^']*'/, `title: '${/title: '([^']*)'/.exec(readFileSync(join(repo, 'app/proto/page.tsx'), 'utf8'))![1]}'`);
  edit(cases.sameTitle, 'app/privacy/page.tsx', /export function generateMetadata\(\): Metadata \{[\s\S]*?\n\}\n/, '');

  // The release check of the site as it is, and of a copy where every value is set: in
  // lib/site.ts, by the build's environment, and in the mail configuration.
  const configured = copyOfSite();
  const site = readFileSync(join(configured, 'lib/site.ts'), 'utf8');
  writeFileSync(join(configured, 'lib/site.ts'), site.replace(/placeholder(?:<[^>]*>)?\('(?!the live domain|the Google Tag Manager)[^']*', ([^)]*\}|'[^']*')\)/g, '$1'));
  const mailConfig = join(configured, 'production-mail.ini');
  writeFileSync(mailConfig, 'MAIL_TO = "sales@npts.test"\nMAIL_FROM = "website@npts.test"\n');
  const env = cleanEnv({ NEXT_PUBLIC_SITE_URL: 'https://www.npts.test', NEXT_PUBLIC_GTM_ID: 'GTM-TEST123', MAIL_CONFIG: mailConfig });

  const [checked, release, releaseConfigured] = await Promise.all([
    runCheck(Object.values(cases)),
    // As the browser tests' build is made: with test entries for the references.
    runCheck([repo], { release: true, env: cleanEnv({ NPTS_REFERENCES_FIXTURE: '1' }) }),
    runCheck([configured], { release: true, env }),
  ]);
  found = checked;
  releaseProblems = { asItIs: release[repo], configured: releaseConfigured[configured] };
});
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const longDescription = 'We design, build and deliver custom software for web, desktop and mobile. '.repeat(4).trim();

describe('check-content', () => {
  it('finds nothing wrong with the site as it is', () => {
    expect(problemsOf('asItIs')).toEqual([]);
  });

  it('names a misspelt word in a paragraph, with its file and line', () => {
    const line = readFileSync(join(cases.misspelt, 'app/coms/page.tsx'), 'utf8').split('\n').findIndex((text) => text.includes('satelite')) + 1;
    expect(problemsOf('misspelt')).toEqual([
      { file: 'app/coms/page.tsx', line, message: expect.stringMatching(/^“satelite” is not a British English word \(did you mean satellite.*\); if it is a name or a term, add it to the words in cspell\.json$/) },
    ]);
  });

  it('names a plain <a> that leads to no page', () => {
    expect(problemsOf('brokenLink')).toEqual([
      { file: 'app/consulting/page.tsx', line: expect.any(Number), message: 'the link to /pricing leads nowhere: /pricing is no page in the route list (lib/site.ts) and no file in public/' },
    ]);
  });

  it('names a description too long for a search result', () => {
    expect(problemsOf('longDescription')).toEqual([
      { file: 'app/software/page.tsx', line: expect.any(Number), message: `the description of /software has ${longDescription.length} characters: search results show 50–160` },
    ]);
  });

  it('names each step of "Add a page" that is missing, and passes once all are done', () => {
    expect(problemsOf('newPage')).toEqual([
      { file: 'app/security/page.tsx', line: 1, message: "/security is not in the route list: add '/security' to routes in lib/site.ts (README, \"Add a page\")" },
    ]);

    expect(problemsOf('listedPage')).toEqual([
      { file: 'app/security/page.tsx', line: 1, message: "/security has no share image: copy opengraph-image.tsx from another page's folder into app/security/ (it draws the card from this page's title)" },
      { file: 'lib/site.ts', line: expect.any(Number), message: '/security is linked from nowhere: add it to the navigation (mainNav) or the footer (footerLinks) in lib/site.ts, or a card on /services (app/services/page.tsx)' },
    ]);

    expect(problemsOf('finishedPage')).toEqual([]);
  });

  it('names a page whose title is another page’s, or whose metadata is missing', () => {
    expect(problemsOf('sameTitle').map((problem) => `${problem.file}: ${problem.message}`)).toEqual([
      "app/privacy/page.tsx: /privacy has no title and description of its own: add generateMetadata() returning pageMetadata({ title, description, path: '/privacy' }) (README, \"Add a page\")",
      expect.stringMatching(/^app\/rest\/page\.tsx: the title of \/rest is the same as \/proto's: every page needs its own$/),
    ]);
  });

  it('names an expired certificate, and leaves a valid one alone', () => {
    expect(problemsOf('expiredCertificate')).toEqual([
      problemAt('expiredCertificate', 'lib/references.ts', "'IS-2'", 'the certificate “Information Security” expired on 2024-06-30: add the renewed certificate or remove it'),
    ]);
  });

  it('names a client without recorded permission to be named, and an example.com link', () => {
    expect(problemsOf('unprovenClient').map((problem) => problem.message)).toEqual([
      'the client “Silent Offshore” has no recorded permission to be named: write who agreed, how and when in permission, or remove the client',
      'the href of “Sample Fleet” is an example.com address: use the real one, or leave it out',
    ]);
  });

  describe('results, service levels and people', () => {
    const results = () => problemsOf('results');
    const resultProblems = (about: RegExp) => results().filter((problem) => about.test(problem.message));

    it('names a result’s client named without recorded permission, and leaves a described one alone', () => {
      expect(resultProblems(/client/)).toEqual([
        problemAt('results', 'lib/results.ts', "permission: ''", 'the result “Steady links for a tanker fleet” names its client, “Named Tankers”, with no recorded permission: write who agreed, how and when in permission, or describe the client instead (description: \'A tanker operator\')'),
      ]);
    });

    it('names a figure without its unit or period', () => {
      expect(resultProblems(/figure/)).toEqual([
        problemAt('results', 'lib/results.ts', "label: 'Tickets'", 'the figure “Tickets” of the result “Steady links for a tanker fleet” needs its unit and the period it was measured over: a number without them reads as marketing'),
      ]);
    });

    it('names a service that is no page of the site', () => {
      expect(resultProblems(/no page/)).toEqual([
        problemAt('results', 'lib/results.ts', "'/pricing'", 'the result “Steady links for a tanker fleet” links to /pricing, which is no page of the site: use a route of lib/site.ts (/coms, /vrit, /software…)'),
      ]);
    });

    it('names a quote without the person who said it, and leaves a quote with one alone', () => {
      expect(resultProblems(/quote/)).toEqual([
        problemAt('results', 'lib/results.ts', "text: 'It simply works.'", 'the quote in the result “Steady links for a tanker fleet” has no person: give the name and role of who said it, or leave the quote out'),
      ]);
      expect(results()).toHaveLength(4);
    });

    it('names a support desk whose hours disagree with the support line of lib/site.ts, round the clock or not', () => {
      expect(problemsOf('deskWithoutLine')).toEqual([
        problemAt('deskWithoutLine', 'lib/service-levels.ts', "hours: '24/7'", "the support desk answers “24/7”, but lib/site.ts says there is no support line (supportLine: null): set the support line, or correct the desk's hours"),
      ]);
      expect(problemsOf('deskInOfficeHours')).toEqual([
        problemAt('deskInOfficeHours', 'lib/service-levels.ts', "hours: 'Monday", 'the support desk answers “Monday to Friday, 08:00–18:00”, but the support line in lib/site.ts answers “24 hours a day, 7 days a week”: the site must say one thing, so correct one of them'),
      ]);
      expect(problemsOf('deskAgrees')).toEqual([]);
    });

    it('names a reply time written out instead of read from lib/site.ts', () => {
      expect(problemsOf('replyTimeTwice')).toEqual([
        problemAt('replyTimeTwice', 'app/vrit/page.tsx', 'we reply within 24 hours', 'a reply time is written out here (“reply within 24 hours with a support plan that fits it”): write {site.replyTime} instead, so that the site states it one way (lib/site.ts)'),
      ]);
    });

    it('names a person’s photo that is not there, and leaves a person without one alone', () => {
      expect(problemsOf('missingPhoto')).toEqual([
        problemAt('missingPhoto', 'lib/people.ts', 'ana-petrova.jpg', "the photo of Ana Petrova, app/people/ana-petrova.jpg, is not there: give its path from the project's root, or leave photo out for a badge with the initials"),
      ]);
    });
  });

  describe('with --release', () => {
    it('names every placeholder left, and the file to set it in, and refuses the browser tests’ setting that shows test clients', () => {
      expect(releaseProblems.asItIs.map((problem) => `${problem.file}: ${problem.message.split(' is ')[0]}`)).toEqual([
        'lib/site.ts: the live domain',
        'lib/site.ts: the phone number',
        'lib/site.ts: the public email address',
        'lib/site.ts: the legal name',
        'lib/site.ts: the company number (UIC)',
        'lib/site.ts: the VAT number',
        'lib/site.ts: the registered address (street, postcode, city)',
        'lib/site.ts: the reply time for enquiries',
        'lib/site.ts: whether a support line for existing clients exists, and its hours (null if not)',
        'lib/site.ts: the /rest testimonial (the quote, and the name, role and company of who said it)',
        'lib/site.ts: the web host and the mail provider (name, location, safeguard)',
        'lib/site.ts: how long the web host keeps its access logs',
        'lib/site.ts: the Google Analytics data retention setting',
        'lib/site.ts: the team chat tool that receives leads, or null if none (name, location, safeguard)',
        'lib/site.ts: the Google Tag Manager container id',
        'lib/site.ts: the LinkedIn profile',
        'lib/site.ts: the X profile',
        'lib/site.ts: the Facebook profile',
        'lib/site.ts: the Instagram profile',
        'lib/site.ts: the partner (name, site, logo)',
        'mail/config.ini: MAIL_TO',
        'mail/config.ini: MAIL_FROM',
        'next.config.mjs: NPTS_REFERENCES_FIXTURE',
      ]);
    });

    it('passes once every value is set: in lib/site.ts, by the build’s environment, and in the mail configuration', () => {
      expect(releaseProblems.configured).toEqual([]);
    });

  });
});
