import { render, screen, within } from '@testing-library/react';
import { ServiceLevelsSection } from '@/components/service-levels';
import { fixture as facts } from './helpers/fixture-content';

const fixture = facts.serviceLevels!;

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('ServiceLevelsSection', () => {
  it('gives response and restore targets by priority, each with its definition, in a table named for them', () => {
    render(<ServiceLevelsSection levels={fixture} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Service levels' })).toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table', { name: 'Response and restore times' }))).toEqual([
      ['Priority', 'Response', 'Restore'],
      ['P1 · Vessel downThe vessel has no link to shore, or a system it cannot sail without has stopped.', '30 minutes', '4 hours'],
      ['P2 · DegradedA link or a system works, but slowly or only in part.', '2 hours', '1 business day'],
      ['P3 · RequestA change, a new user or a question.', '1 business day', '5 business days'],
    ]);
  });

  it('describes the desk: hours, languages, channels, escalation in order, and where an engineer can come aboard', () => {
    render(<ServiceLevelsSection levels={{ ...fixture, roundTheClock: false, hours: 'Monday to Friday, 08:00–18:00', timeZone: 'CET' }} />);
    const desk = screen.getByRole('heading', { level: 3, name: 'The support desk' }).parentElement!;
    const facts = within(desk).getAllByRole('term').map((term) => `${term.textContent}: ${term.nextElementSibling!.textContent}`);
    expect(facts).toEqual([
      'Hours: Monday to Friday, 08:00–18:00 (CET)',
      'Languages: English and Bulgarian',
      'Channels: +359 000 000 000support@fixture.testFixture support portal (opens in a new tab)',
      'Escalation: The duty engineerThe head of operations, when a target is at riskThe managing director, when a target is missed',
      'Engineer on board: Varna, Constanța, Rotterdam and Singapore',
    ]);
    expect(within(desk).getByRole('link', { name: '+359 000 000 000' })).toHaveAttribute('href', 'tel:+359000000000');
    expect(within(desk).getByRole('link', { name: 'Fixture support portal (opens in a new tab)' })).toHaveAttribute('target', '_blank');
  });

  it('gives each link type’s commitment with what the client gets when it is missed', () => {
    render(<ServiceLevelsSection levels={fixture} />);
    expect(rowsOf(screen.getByRole('table', { name: 'Link availability' }))).toEqual([
      ['Link', 'Commitment', 'If it is missed'],
      ['VSAT', '99.5% a month', 'A tenth of that month’s fee back for each 0.5% below the commitment'],
      ['Near-shore 4/5G', '98% a month, in coverage', 'A twentieth of that month’s fee back for each 1% below the commitment'],
    ]);
  });

  it('leaves out each part that has no entries, and everything while there are no service levels', () => {
    render(<ServiceLevelsSection levels={{ ...fixture, priorities: [], uptime: [], escalation: [], attendance: [] }} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('Escalation')).toBeNull();
    expect(screen.queryByText('Engineer on board')).toBeNull();
    expect(screen.getByText('Hours')).toBeInTheDocument();

    expect(render(<ServiceLevelsSection levels={null} />).container).toBeEmptyDOMElement();
  });
});
