import { cleanup, render, screen, within } from '@testing-library/react';
import CommunicationPage from '@/app/coms/page';
import OnboardNetworksPage from '@/app/network/page';
import ItManagementPage from '@/app/vrit/page';
import type { VesselService } from '@/lib/onboarding';
import { withContent } from './helpers/site-facts';

type Question = 'what is included' | 'how it works at sea' | 'how it starts' | 'what the owner provides' | 'where regulation touches it';

/**
 * What a procurement lead or technical superintendent asks of a vessel service before writing to
 * a supplier, and the heading under which each page answers it.
 */
const pages: Record<VesselService, { Page: () => React.ReactElement; answers: Record<Question, string> }> = {
  '/coms': {
    Page: CommunicationPage,
    answers: {
      'what is included': 'What the service includes',
      'how it works at sea': 'How the links work at sea',
      'how it starts': 'How a vessel is connected',
      'what the owner provides': 'What we need from you',
      'where regulation touches it': 'Links to shore under E26 and NIS2',
    },
  },
  '/network': {
    Page: OnboardNetworksPage,
    answers: {
      'what is included': 'What we build',
      'how it works at sea': 'Run from shore, working offline',
      'how it starts': 'How a project runs',
      'what the owner provides': 'What you provide',
      'where regulation touches it': 'What E26 and E27 ask of a ship',
    },
  },
  '/vrit': {
    Page: ItManagementPage,
    answers: {
      'what is included': 'What the service covers',
      'how it works at sea': 'Support at sea, online or offline',
      'how it starts': 'How a vessel joins the service',
      'what the owner provides': 'What the owner provides',
      'where regulation touches it': 'NIS2, incidents and E26',
    },
  },
};

const services = Object.keys(pages) as VesselService[];
const questions = services.flatMap((path) => Object.entries(pages[path].answers).map(([question, heading]) => [path, question, heading]));

/** The section a page answers `question` in, rendered. */
function answer(path: VesselService, question: Question): HTMLElement {
  const { Page, answers } = pages[path];
  render(<Page />);
  return screen.getByRole('heading', { level: 2, name: answers[question] }).closest('section')!;
}

const words = (text: string | null) => (text ?? '').split(/\s+/).filter(Boolean).length;

describe('the vessel and rig pages', () => {
  it.each(questions)('%s answers “%s” under the heading “%s”', (path, _question, heading) => {
    const { Page } = pages[path as VesselService];
    render(<Page />);
    expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
  });

  it.each(services)('%s says what is included in a full sentence a point, not a one-liner', (path) => {
    const section = answer(path, 'what is included');
    const points = [...within(section).queryAllByRole('article'), ...within(section).queryAllByRole('listitem')];
    expect(points.length).toBeGreaterThanOrEqual(3);
    const said = (point: HTMLElement) => within(point).getAllByRole('paragraph').map((paragraph) => paragraph.textContent).join(' ');
    expect(points.map(said).filter((text) => words(text) < 20)).toEqual([]);
  });

  it.each(services)('%s says how the team reaches the vessel, what happens when the link drops and what keeps working on board', (path) => {
    const section = answer(path, 'how it works at sea');
    expect(section).toHaveTextContent(/VPN/);
    expect(within(section).getByRole('heading', { level: 3, name: /link drops/i })).toBeInTheDocument();
    expect(section).toHaveTextContent(/without a link|no link at all|offline/i);
  });

  it.each(services)('%s shows how it starts as a timeline of steps', (path) => {
    const steps = within(answer(path, 'how it starts')).getAllByRole('listitem');
    expect(steps.length).toBeGreaterThanOrEqual(3);
    for (const step of steps) expect(within(step).getByRole('heading', { level: 3 })).toBeInTheDocument();
  });

  // Each rule is explained once, where it applies most: E26 and E27 (the ship's zones, boundaries
  // and remote access) with the network, NIS2 (the company's incident reports and continuity)
  // with IT management. The other pages say what their service does towards them and link there.
  const rules = [
    { name: 'E26 and E27', home: '/network', anchor: 'e26', source: 'iacs.org.uk', explained: [/1 July 2024/, /identify, protect, detect, respond and recover/, /E27: the equipment/] },
    { name: 'NIS2', home: '/vrit', anchor: 'nis2', source: 'eur-lex.europa.eu', explained: [/24 hours/, /72 hours/, /medium-sized and larger/] },
  ] as const;

  it.each(rules)('explains $name on $home alone, with a link to its text, and the other vessel pages link to that explanation', ({ home, anchor, source, explained }) => {
    for (const path of services) {
      const section = answer(path, 'where regulation touches it');
      const links = within(section).getAllByRole('link').map((link) => link.getAttribute('href')!);
      if (path === home) {
        expect(section).toHaveAttribute('id', anchor);
        for (const words of explained) expect(section).toHaveTextContent(words);
        expect(links.map((href) => new URL(href, 'https://npts.test').hostname)).toContain(source);
      } else {
        for (const words of explained) expect(document.body).not.toHaveTextContent(words);
        expect(links).toContain(`${home}#${anchor}`);
      }
      cleanup();
    }
  });

  it.each(services)('%s says what its service does towards E26 and NIS2, and claims no certificate or compliance', (path) => {
    const section = answer(path, 'where regulation touches it');
    expect(section).toHaveTextContent(/E26/);
    expect(section).toHaveTextContent(/NIS2/);
    expect(document.body).not.toHaveTextContent(/\bcertified\b|\bcompliant\b/i);
  });

  it('say nothing of 20 words or more word for word on two pages', () => {
    const texts = services.map((path) => {
      const { Page } = pages[path];
      const { container, unmount } = render(<Page />);
      const paragraphs = [...container.querySelectorAll('p')].map((paragraph) => paragraph.textContent!.replace(/\s+/g, ' ').trim());
      const whole = container.textContent!.replace(/\s+/g, ' ');
      unmount();
      return { path, paragraphs: paragraphs.filter((text) => words(text) >= 20), whole };
    });
    const repeated = texts.flatMap(({ path, paragraphs }) =>
      paragraphs.flatMap((paragraph) => texts.filter((other) => other.path !== path && other.whole.includes(paragraph)).map((other) => `${path} and ${other.path}: “${paragraph}”`)),
    );
    expect(texts.every(({ paragraphs }) => paragraphs.length > 5)).toBe(true);
    expect(repeated).toEqual([]);
  });

  it.each(services)('%s states how long onboarding takes only once the company has (content/onboarding.yaml)', (path) => {
    withContent({ onboardingTimes: {} }, () => expect(answer(path, 'how it starts')).not.toHaveTextContent(/signed order/));
    cleanup();
    withContent({ onboardingTimes: { [path]: { firstVessel: 'six weeks', furtherVessels: 'one week' } } }, () =>
      expect(answer(path, 'how it starts')).toHaveTextContent('From the signed order to the first vessel or rig in service: six weeks; each further one: one week.'),
    );
  });
});
