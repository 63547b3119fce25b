/** @jest-environment node */
import { copyOfSite, edit, lineWith, type Problem, removeCopies, repo, runRule, write } from '../helpers/check-trees';

// scripts/check/spelling.mjs: the copy of the pages, the values of content/*.yaml and the texts of
// mail/contract.json, in British English plus the words of cspell.json.
jest.setTimeout(60_000);

const cases: Record<string, string> = {};
let found: Record<string, Problem[]>;
const misspelt = (word: string, suggestion: string) =>
  expect.stringMatching(new RegExp(`^“${word}” is not a British English word \\(did you mean ${suggestion}.*\\); if it is a name or a term, add it to the words in cspell\\.json$`));

beforeAll(async () => {
  cases.asItIs = repo;
  cases.page = copyOfSite();
  edit(cases.page, 'app/coms/page.tsx', 'usually faster than satellite', 'usually faster than satelite');
  cases.onboarding = copyOfSite();
  write(cases.onboarding, 'content/onboarding.yaml', '# How long it takes.\n/vrit:\n  firstVessel: four to six weeks\n  furtherVessels: one weeek\n');
  cases.result = copyOfSite();
  write(
    cases.result,
    'content/results.yaml',
    `- title: Steady links for a tanker fleet
  client: { description: A tanker operator }
  sector: Tanker shipping
  region: Baltic
  services: [/coms]
  situation: 'Links dropped: crews could not reach the ofice.'
  work: We added 4/5G.
  outcome:
    - { label: Link availability, value: 99.6, unit: '%', period: Over 2025, source: from the provider’s reports }
  quote:
    text: >-
      It simply works, and the crews
      are hapy.
    name: Ana Petrova
    role: IT manager
    permission: Ana Petrova, by email on 2026-03-01
  date: '2026-03'
`,
  );
  cases.contract = copyOfSite();
  edit(cases.contract, 'mail/contract.json', 'We will get back to you soon!', 'We will get bakc to you soon!');
  edit(cases.contract, 'mail/contract.json', '"invalidFields": "Check: {fields}."', '"invalidFields": "Chekc: {fields}."');
  found = await runRule('spelling', Object.values(cases));
});
afterAll(removeCopies);

describe('spelling (scripts/check/spelling.mjs)', () => {
  it('finds nothing misspelt in the site as it is', () => {
    expect(found[cases.asItIs]).toEqual([]);
  });

  it('names a misspelt word in a paragraph, with its file and line', () => {
    expect(found[cases.page]).toEqual([{ file: 'app/coms/page.tsx', line: lineWith(cases.page, 'app/coms/page.tsx', 'satelite'), message: misspelt('satelite', 'satellite') }]);
  });

  it('spells the values of content/onboarding.yaml, and not its comments or its services', () => {
    expect(found[cases.onboarding]).toEqual([{ file: 'content/onboarding.yaml', line: 4, message: misspelt('weeek', 'week') }]);
  });

  it('spells the texts of the form’s contract, a visitor’s success message and a sentence after a colon among them, on their lines', () => {
    const file = 'mail/contract.json';
    expect(found[cases.contract]).toEqual([
      { file, line: lineWith(cases.contract, file, 'bakc'), message: misspelt('bakc', 'back') },
      { file, line: lineWith(cases.contract, file, 'Chekc'), message: misspelt('Chekc', 'check') },
    ]);
  });

  it('spells a result’s text, quoted or folded over lines, on the line it is on, and not the names in it', () => {
    const file = 'content/results.yaml';
    expect(found[cases.result]).toEqual([
      { file, line: lineWith(cases.result, file, 'ofice'), message: misspelt('ofice', 'office') },
      { file, line: lineWith(cases.result, file, 'hapy'), message: misspelt('hapy', 'happy') },
    ]);
  });
});
