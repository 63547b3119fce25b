import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { LatestResults, Results } from '@/components/results';
import { readContent } from '@/lib/load-content';
import type { Result } from '@/lib/results';
import { fixture as facts } from './helpers/fixture-content';

const fixture = facts.results;

const [tankers] = fixture;
/** A second case, older, for a described client, without a quote. */
const ferries: Result = {
  title: 'Backups that catch up after a crossing',
  client: { description: 'A ferry operator' },
  sector: 'Ferries',
  region: 'Adriatic',
  services: ['/vrit'],
  situation: 'Backups failed at sea.',
  work: 'We queued them to catch up in port.',
  outcome: [{ label: 'Restores that worked', value: '12', unit: 'of 12', period: 'In 2025', source: 'from the test logs' }],
  date: '2025-11',
};

describe('Results', () => {
  it('tells each case that used the service, latest first: who, the facts, the situation, what was done, the figures and the quote', () => {
    render(<Results service="/vrit" list={[ferries, tankers]} />);
    const section = screen.getByRole('heading', { level: 2, name: 'Results' }).closest('section')!;
    const cases = within(section).getAllByRole('article');
    expect(cases.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual([tankers.title, ferries.title]);

    const story = cases[0];
    expect(story).toHaveTextContent('Fixture Tankers · March 2026');
    const facts = within(story).getAllByRole('term').slice(0, 4).map((term) => `${term.textContent}: ${term.nextElementSibling!.textContent}`);
    expect(facts).toEqual(['Sector: Tanker shipping', 'Vessel type: Product tankers', 'Fleet size: 14', 'Region: North Sea and Baltic']);
    expect(story).toHaveTextContent(`The situation${tankers.situation}`);
    expect(story).toHaveTextContent(`What we did${tankers.work}`);

    const figure = (label: string) => within(story).getByText(label).parentElement;
    expect(figure('Link availability')).toHaveTextContent('Link availability99.6% from 97.1%Over the 12 months to March 2026, from the satellite provider’s monthly reports.');
    expect(figure('First response to a P1 call')).toHaveTextContent('First response to a P1 call18 minutesMedian over 2025, from the ticket system.');
    expect(within(story).getByRole('figure')).toHaveTextContent(`${tankers.quote!.text}— Fixture Person, Fleet IT manager, Fixture Tankers`);

    expect(cases[1]).toHaveTextContent('A ferry operator · November 2025');
    expect(within(cases[1]).queryByRole('figure')).toBeNull();
    expect(cases[1]).not.toHaveTextContent(/Vessel type|Fleet size/);
  });

  it('links the other services a case used, and names this page’s own without a link', () => {
    render(<Results service="/vrit" list={[tankers]} />);
    expect(screen.getByText(/^Services:/).parentElement).toHaveTextContent('Services: Communication, IT management, Software development');
    expect(screen.getByRole('link', { name: 'Communication' })).toHaveAttribute('href', '/coms');
    expect(screen.getByRole('link', { name: 'Software development' })).toHaveAttribute('href', '/software');
    expect(screen.queryByRole('link', { name: 'IT management' })).toBeNull();
  });

  it('leaves nothing, no heading and no empty section, where no case used the service or there is none', () => {
    expect(render(<Results service="/ai" list={[tankers, ferries]} />).container).toBeEmptyDOMElement();
    expect(render(<Results service="/vrit" list={[]} />).container).toBeEmptyDOMElement();
  });
});

describe('a figure in content/results.yaml', () => {
  it('shows as the editor wrote it, unquoted: 99.60 stays 99.60, not 99.6', () => {
    // The site's content/ (and public/, for the logos it names), with the fixture's case written in and its figures unquoted.
    const root = mkdtempSync(join(tmpdir(), 'npts-figures-'));
    try {
      for (const dir of ['content', 'public']) cpSync(resolve(__dirname, '..', dir), join(root, dir), { recursive: true });
      const entry = readFileSync(resolve(__dirname, 'fixtures/content/results.yaml'), 'utf8').replace("value: '99.6'", 'value: 99.60').replace("before: '97.1'", 'before: 97.10');
      writeFileSync(join(root, 'content/results.yaml'), entry);
      const { facts, problems } = readContent(root, { fixture: false });
      expect(problems).toEqual([]);
      render(<Results service="/vrit" list={facts!.results} />);
      expect(screen.getByText('Link availability').parentElement).toHaveTextContent('Link availability99.60% from 97.10%');
      expect(screen.getByText('First response to a P1 call').parentElement).toHaveTextContent('18 minutes');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('LatestResults', () => {
  it('shows the latest cases, at most three, each with its first figure and the services it used', () => {
    const older = { ...ferries, title: 'An older case', date: '2024-05' };
    const oldest = { ...ferries, title: 'The oldest case', date: '2023-01' };
    render(<LatestResults list={[oldest, ferries, tankers, older]} />);
    const band = screen.getByRole('heading', { level: 2, name: 'Recent results' }).closest('section')!;
    const rows = within(band).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading', { level: 3 }).textContent)).toEqual([tankers.title, ferries.title, 'An older case']);
    expect(rows[0]).toHaveTextContent('Link availability99.6% from 97.1%');
    expect(rows[0]).not.toHaveTextContent('Backups restored');
    expect(within(rows[0]).getByRole('link', { name: 'IT management' })).toHaveAttribute('href', '/vrit');
  });

  it('leaves nothing when there is no case', () => {
    expect(render(<LatestResults list={[]} />).container).toBeEmptyDOMElement();
  });
});
