/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { copyOfSite, edit, lineWith, type Problem, removeCopies, repo, runRule, write } from '../helpers/check-trees';

// scripts/check/content.mjs: the files of content/ through their schemas (lib/load-content.ts,
// as the build reads them). Each case is a copy of the site with one editor's change, as YAML.
jest.setTimeout(60_000);

const fixture = (file: string) => readFileSync(join(repo, '__tests__/fixtures/content', file), 'utf8');
/** The fixture's result, as an editor copies it into content/results.yaml: its entry, without the file's comments. */
const fixtureResult = () => fixture('results.yaml').replace(/^#.*\n/gm, '');
const cases: Record<string, string> = {};
let found: Record<string, Problem[]>;
const problemsOf = (name: string) => found[cases[name]];
const problemAt = (name: string, file: string, text: string, message: string | RegExp): Problem => ({
  file,
  line: lineWith(cases[name], file, text),
  message: message as string,
});
const named = (name: string, file: string, text: string, message: RegExp) => expect.objectContaining({ file, line: lineWith(cases[name], file, text), message: expect.stringMatching(message) });

beforeAll(async () => {
  cases.asItIs = repo;

  // A result copied from the fixtures, then changed: its client's permission blank, its second
  // figure without unit and period, a service that is no page, a quote without its person.
  cases.results = copyOfSite();
  write(
    cases.results,
    'content/results.yaml',
    fixtureResult()
      .replace('permission: test fixture\n  sector', "permission: ''\n  sector")
      .replace('[/coms, /vrit, /software]', '[/coms, /pricing]')
      .replace("      unit: '%'\n      period: In four quarterly restore tests in 2025\n", '')
      .replace('    name: Fixture Person\n    role: Fleet IT manager\n', ''),
  );

  // The same blank permission in another shape (JSON is YAML too): the schema reads values, not layout.
  cases.resultAsJson = copyOfSite();
  const [tankers] = parse(fixtureResult());
  write(cases.resultAsJson, 'content/results.yaml', JSON.stringify([{ ...tankers, client: { ...tankers.client, permission: ' ' } }], null, 2));

  // A result with no figures at all.
  cases.noFigures = copyOfSite();
  write(cases.noFigures, 'content/results.yaml', fixtureResult().replace(/  outcome:\n(    .*\n)+/, '  outcome: []\n'));

  cases.references = copyOfSite();
  write(
    cases.references,
    'content/references.yaml',
    `clients:
  - name: Named Shipping
    permission: Ana Petrova, CEO, by email on 2026-03-01
    logo: { src: clients/named.svg, width: 160, height: 40 }
  - name: Silent Offshore
  - name: Sample Fleet
    href: https://www.example.com/fleet
    logo: { src: /clients/sample-fleet.svg, width: 160, height: 40 }
    permission: Ivan Ivanov, IT manager, by letter on 2026-02-11
certifications:
  - name: Quality Management
    issuer: A Certification Body
    number: QM-1
    scope: IT support
    validUntil: '2099-12-31'
  - name: Information Security
    issuer: A Certification Body
    number: IS-2
    scope: IT support
    validUntil: '2024-06-30'
  - name: Environmental Management
    issuer: A Certification Body
    number: EM-3
    scope: IT support
    validUntil: 30.06.2028
partnerships: []
`,
  );

  // Two people answering enquiries, a photo that is not there, and one put in public/ (there, but published full size).
  cases.people = copyOfSite();
  write(
    cases.people,
    'content/people.yaml',
    `- name: Ivan Ivanov
  role: Network engineer
  background: VSAT on tankers.
  languages: [English]
  answersEnquiries: true
- name: Ana Petrova
  role: Head of vessel IT
  background: Twelve years of onboard networks.
  languages: [English]
  photo: app/people/ana-petrova.jpg
  answersEnquiries: true
- name: Mei Lin
  role: Service desk lead
  background: Runs the support desk.
  languages: [English]
  photo: public/partner-logo.svg
`,
  );

  // The support desk round the clock as a fact: written "24x7" in prose, it used to slip past.
  const levels = (desk: string) => fixture('service-levels.yaml').replace('roundTheClock: true\n', desk);
  cases.deskWithoutLine = copyOfSite();
  write(cases.deskWithoutLine, 'content/service-levels.yaml', levels('roundTheClock: true\n'));
  edit(cases.deskWithoutLine, 'content/company.yaml', /supportLine: !placeholder\n(  .*\n)+/, 'supportLine: null\n');
  cases.deskInOfficeHours = copyOfSite();
  write(cases.deskInOfficeHours, 'content/service-levels.yaml', levels('roundTheClock: false\nhours: Monday to Friday, 08:00–18:00\ntimeZone: Central European Time\n'));
  cases.desk24x7 = copyOfSite();
  write(cases.desk24x7, 'content/service-levels.yaml', levels('roundTheClock: false\nhours: 24x7\ntimeZone: UTC\n'));
  cases.deskAgrees = copyOfSite();
  write(cases.deskAgrees, 'content/service-levels.yaml', levels('roundTheClock: true\n'));
  // The support line in office hours, written as the old comment showed it: the time zone inside hours.
  cases.lineWithoutTimeZone = copyOfSite();
  write(cases.lineWithoutTimeZone, 'content/service-levels.yaml', levels('roundTheClock: false\nhours: Monday to Friday, 08:00–18:00\ntimeZone: Central European Time\n'));
  edit(cases.lineWithoutTimeZone, 'content/company.yaml', "    tel: '+359000000000'\n  roundTheClock: true\n", "    tel: '+359000000000'\n  roundTheClock: false\n  hours: Monday to Friday, 08:00–18:00 CET\n");
  cases.deskHoursTwice = copyOfSite();
  write(cases.deskHoursTwice, 'content/service-levels.yaml', levels('roundTheClock: true\nhours: Around the clock\n'));

  // A channel's href written as the number is shown, and one linking to example.com.
  cases.channels = copyOfSite();
  write(cases.channels, 'content/service-levels.yaml', levels('roundTheClock: true\n').replace(/channels:\n/, "channels:\n  - kind: phone\n    label: +359 888 123 456\n    href: +359 888 123 456\n  - kind: portal\n    label: The client portal\n    href: https://portal.example.com/\n"));

  // The testimonial filled in, with its words and name but no record of who agreed to them.
  cases.testimonial = copyOfSite();
  write(cases.testimonial, 'content/testimonial.yaml', "quote: 'They kept every vessel online.'\nname: Ana Petrova\nrole: CEO\ncompany: Named Shipping\n");

  // The partner marked as real (!placeholder deleted) with the placeholder's example.com address
  // left in, and its logo renamed to a file nobody uploaded.
  cases.partner = copyOfSite();
  edit(cases.partner, 'content/company.yaml', 'partner: !placeholder', 'partner:');
  edit(cases.partner, 'content/company.yaml', '/partner-logo.svg', '/partners/acme.svg');

  cases.onboarding = copyOfSite();
  write(cases.onboarding, 'content/onboarding.yaml', '/vrit:\n  firstVessel: four to six weeks\n/pricing:\n  firstVessel: one week\n');
  cases.onboardingTime = copyOfSite();
  write(cases.onboardingTime, 'content/onboarding.yaml', '/vrit:\n  firstVessel: four to six weeks\n/coms:\n  furtherVessels: one week\n');

  // What an editor gets wrong in YAML itself: a field misspelt, a number where text goes, a line
  // that does not parse, a tag that is not !placeholder.
  cases.typo = copyOfSite();
  write(cases.typo, 'content/people.yaml', '- name: Ana Petrova\n  role: Head of vessel IT\n  backgroud: Twelve years of onboard networks.\n  languages: [English]\n');
  cases.number = copyOfSite();
  edit(cases.number, 'content/company.yaml', "companyNumber: !placeholder '000000000'", 'companyNumber: 123456789');
  cases.unitAsNumber = copyOfSite();
  write(cases.unitAsNumber, 'content/results.yaml', fixtureResult().replace('unit: minutes', 'unit: 5'));
  cases.syntax = copyOfSite();
  edit(cases.syntax, 'content/company.yaml', 'replyTime: !placeholder one business day', 'replyTime: within: one day');
  // A tab where the spaces go, early in the file: one problem, not one for each line after it.
  cases.tab = copyOfSite();
  edit(cases.tab, 'content/company.yaml', '  street:', '\tstreet:');
  cases.reference = copyOfSite();
  edit(cases.reference, 'content/company.yaml', 'replyTime: !placeholder one business day', 'replyTime: *urgent*');
  cases.twice = copyOfSite();
  write(cases.twice, 'content/results.yaml', `${fixtureResult()}  region: Baltic\n`);
  cases.tag = copyOfSite();
  edit(cases.tag, 'content/company.yaml', 'email: !placeholder info@npts.eu', 'email: !placeholdr info@npts.eu');

  found = await runRule('content', Object.values(cases));
});
afterAll(removeCopies);

describe('content (scripts/check/content.mjs)', () => {
  it('finds nothing wrong with content/ as it is', () => {
    expect(problemsOf('asItIs')).toEqual([]);
  });

  describe('content/results.yaml', () => {
    it('names a client named without recorded permission, a figure without its unit or period, a service that is no page, and a quote without its person', () => {
      const file = 'content/results.yaml';
      const result = 'the result “Fewer dropped links and no lost backups across a tanker fleet”';
      expect(problemsOf('results')).toEqual([
        problemAt('results', file, "permission: ''", `${result} names its client, “Fixture Tankers”, with no recorded permission: write who agreed, how and when in permission, or describe the client instead (description: A tanker operator)`),
        problemAt('results', file, '/pricing', `${result} links to /pricing, which is no service page of the site: use /coms, /network, /vrit, /software, /rest, /proto, /ai, /consulting`),
        problemAt('results', file, 'label: Backups restored in tests', `the figure “Backups restored in tests” of ${result} needs its unit and the period it was measured over: a number without them reads as marketing`),
        problemAt('results', file, 'text: The crews', `the quote of ${result} has no person: give the name and role of who said it, or leave the quote out`),
      ]);
    });

    it('names a result without a figure', () => {
      expect(problemsOf('noFigures')).toEqual([
        problemAt('noFigures', 'content/results.yaml', 'outcome: []', 'outcome of the result “Fewer dropped links and no lost backups across a tanker fleet” needs at least one entry'),
      ]);
    });

    it('names a blank permission however the entry is written, here as JSON', () => {
      expect(problemsOf('resultAsJson')).toEqual([
        problemAt('resultAsJson', 'content/results.yaml', '"permission": " "', 'the result “Fewer dropped links and no lost backups across a tanker fleet” names its client, “Fixture Tankers”, with no recorded permission: write who agreed, how and when in permission, or describe the client instead (description: A tanker operator)'),
      ]);
    });
  });

  it('names a client without recorded permission to be named, a logo that is no file of the site or not in public/, an example.com link, an expired certificate and a date written otherwise (once), and leaves a valid one alone', () => {
    const file = 'content/references.yaml';
    expect(problemsOf('references')).toEqual([
      problemAt('references', file, 'clients/named.svg', 'the logo of the client “Named Shipping” should start with “/”: a file in public/'),
      problemAt('references', file, '- name: Silent Offshore', 'the client “Silent Offshore” has no recorded permission to be named: write who agreed, how and when in permission, or remove the client'),
      problemAt('references', file, 'www.example.com', 'the client “Sample Fleet” links to an example.com address: use the real one, or leave it out'),
      problemAt('references', file, '/clients/sample-fleet.svg', 'the logo of the client “Sample Fleet” is not there: put the file at public/clients/sample-fleet.svg, or correct the path'),
      problemAt('references', file, "'2024-06-30'", 'the certificate “Information Security” expired on 2024-06-30: add the renewed certificate or remove it'),
      problemAt('references', file, '30.06.2028', 'the certificate “Environmental Management” needs validUntil, the last day it is valid, in quotes as ‘YYYY-MM-DD’'),
    ]);
  });

  it('names a second person answering enquiries, a photo that is not there, and one in public/', () => {
    const file = 'content/people.yaml';
    expect(problemsOf('people')).toEqual([
      problemAt('people', file, 'ana-petrova.jpg', "the person “Ana Petrova” has a photo, app/people/ana-petrova.jpg, that is not there: give its path from the project's root, or leave photo out for a badge with the initials"),
      { file, line: readFileSync(join(cases.people, file), 'utf8').split('\n').lastIndexOf('  answersEnquiries: true') + 1, message: 'the person “Ana Petrova” answers enquiries too, but Ivan Ivanov already does: /contact names one person, so set answersEnquiries on one only' },
      problemAt('people', file, 'public/partner-logo.svg', 'the person “Mei Lin” has a photo in public/, public/partner-logo.svg, which would publish the full-size original: move it to app/people/photos/ (any folder but public/) and give that path'),
    ]);
  });

  it('compares the desk’s roundTheClock with the support line’s, whatever its hours say ("24x7" included)', () => {
    const file = 'content/service-levels.yaml';
    expect(problemsOf('deskWithoutLine')).toEqual([
      problemAt('deskWithoutLine', file, 'roundTheClock', 'the support desk answers round the clock (roundTheClock: true), but content/company.yaml has no support line (supportLine: null): set the support line, or correct the desk’s hours'),
    ]);
    const disagrees = 'the support desk does not answer round the clock (roundTheClock: false), but the support line in content/company.yaml does: the site must say one thing, so correct one of them';
    expect(problemsOf('deskInOfficeHours')).toEqual([problemAt('deskInOfficeHours', file, 'roundTheClock', disagrees)]);
    expect(problemsOf('desk24x7')).toEqual([problemAt('desk24x7', file, 'roundTheClock', disagrees)]);
    expect(problemsOf('deskAgrees')).toEqual([]);
    expect(problemsOf('lineWithoutTimeZone')).toEqual([
      problemAt('lineWithoutTimeZone', 'content/company.yaml', '08:00–18:00 CET', 'the support line has hours but no timeZone: say which time zone they are in (timeZone: Central European Time (CET/CEST))'),
    ]);
    expect(problemsOf('deskHoursTwice')).toEqual([
      problemAt('deskHoursTwice', file, 'hours: Around', 'the support desk gives hours while roundTheClock is true: leave hours out (the site writes “24 hours a day, 7 days a week”), or set roundTheClock: false'),
    ]);
  });

  it('names a channel whose href leads nowhere, in words, and one linking to example.com', () => {
    const file = 'content/service-levels.yaml';
    expect(problemsOf('channels')).toEqual([
      problemAt('channels', file, 'href: +359', 'the channel “+359 888 123 456” has an href that leads nowhere, “+359 888 123 456”: write ‘tel:+’ and the digits (‘tel:+359888123456’), ‘mailto:’ and the address, or a web address (https://…), in quotes'),
      problemAt('channels', file, 'portal.example.com', 'the channel “The client portal” links to an example.com address: use the real one, or leave it out'),
    ]);
  });

  it('names a testimonial without recorded permission, as a result’s quote', () => {
    expect(problemsOf('testimonial')).toEqual([
      problemAt('testimonial', 'content/testimonial.yaml', 'quote:', 'the testimonial has no recorded permission: write who agreed, how and when in permission (/rest needs a testimonial, so until a client agrees, keep the placeholder)'),
    ]);
  });

  it('names the partner’s example.com address once it is no longer a placeholder, and its logo missing from public/', () => {
    const file = 'content/company.yaml';
    expect(problemsOf('asItIs')).toEqual([]); // the same address, still marked !placeholder
    expect(problemsOf('partner')).toEqual([
      problemAt('partner', file, 'href: https://example.com/', 'the partner links to an example.com address: use the real one, or leave it out'),
      problemAt('partner', file, '/partners/acme.svg', 'the logo of the partner is not there: put the file at public/partners/acme.svg, or correct the path'),
    ]);
  });

  it('checks content/onboarding.yaml: a service that is no vessel page, a time missing', () => {
    const file = 'content/onboarding.yaml';
    expect(problemsOf('onboarding')).toEqual([
      problemAt('onboarding', file, '/pricing:', 'onboarding.yaml names /pricing, which is no vessel service page: use /coms, /network, /vrit'),
    ]);
    expect(problemsOf('onboardingTime')).toEqual([problemAt('onboardingTime', file, 'furtherVessels: one week', 'the time for /coms has no firstVessel')]);
  });

  it('names a misspelt field, a number where text goes, a line that is not YAML (once, however many lines follow it), a tab, text starting with *, a field given twice and an unknown tag, each on its line', () => {
    expect(problemsOf('typo')).toEqual([
      problemAt('typo', 'content/people.yaml', '- name: Ana', 'the person “Ana Petrova” has no background'),
      problemAt('typo', 'content/people.yaml', 'backgroud', 'the person “Ana Petrova” has “backgroud”, which is not a field here: check the spelling against the file’s comments, or remove it'),
    ]);
    expect(problemsOf('number')).toEqual([
      problemAt('number', 'content/company.yaml', 'companyNumber: 123456789', "companyNumber of the company should be text, not 123456789: put it in quotes ('…')"),
    ]);
    expect(problemsOf('unitAsNumber')).toEqual([
      problemAt('unitAsNumber', 'content/results.yaml', 'unit: 5', "unit of the figure “First response to a P1 call” of the result “Fewer dropped links and no lost backups across a tanker fleet” should be text, not 5: put it in quotes ('…')"),
    ]);
    expect(problemsOf('syntax')).toEqual([named('syntax', 'content/company.yaml', 'replyTime: within', /^is not valid YAML here \(.*\): check the indentation, and put text in quotes \('…'\) when it holds “: ” or “ #”, or starts with a quote, %, @, \[, \{, >, \|, \*, &, ! or `$/)]);
    expect(problemsOf('tab')).toEqual([problemAt('tab', 'content/company.yaml', '\tstreet:', 'is indented with a tab: indent with spaces, two for each level, never tabs')]);
    expect(problemsOf('reference')).toEqual([problemAt('reference', 'content/company.yaml', 'replyTime: *', "has text starting with “*”, which YAML reads as a reference: put the text in quotes ('…')")]);
    expect(problemsOf('twice')).toEqual([problemAt('twice', 'content/results.yaml', 'region: Baltic', 'gives region a second time: keep one of them')]);
    expect(problemsOf('tag')).toEqual([problemAt('tag', 'content/company.yaml', '!placeholdr', '!placeholdr is no tag this site knows: the only one is !placeholder')]);
  });
});
