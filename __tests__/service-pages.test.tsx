import { render, screen, within } from '@testing-library/react';
import AiAutomationPage from '@/app/ai/page';
import ItConsultingPage from '@/app/consulting/page';
import SoftwareDevelopmentPage from '@/app/software/page';

type Question = 'what is included' | 'how it starts and runs' | 'what the client provides' | 'what they have at the end and after';

/**
 * What a buyer asks of a software, AI or consulting supplier before writing, the headings under
 * which each page answers it (what is included may take more than one section), and the call to
 * start that follows the answer to how it starts.
 */
const pages: Record<string, { Page: () => React.ReactElement; answers: Record<Question, string[]>; start: string }> = {
  '/software': {
    Page: SoftwareDevelopmentPage,
    answers: {
      'what is included': ['What we can build'],
      'how it starts and runs': ['From idea to launch'],
      'what the client provides': ['What we need from your side'],
      'what they have at the end and after': ['At handover, and after'],
    },
    start: 'Start your project',
  },
  '/ai': {
    Page: AiAutomationPage,
    answers: {
      'what is included': ['Local AI document hub', 'Process automation with AI agents'],
      'how it starts and runs': ['From one task to daily use'],
      'what the client provides': ['What the project needs from you'],
      'what they have at the end and after': ['What you have at the end, and after'],
    },
    start: 'Get started',
  },
  '/consulting': {
    Page: ItConsultingPage,
    answers: {
      'what is included': ['How we help', 'What a review looks at'],
      'how it starts and runs': ['How an engagement runs'],
      'what the client provides': ['What we ask of you'],
      'what they have at the end and after': ['What you keep'],
    },
    start: 'Get started',
  },
};

const paths = Object.keys(pages);
const questions = paths.flatMap((path) => Object.entries(pages[path].answers).flatMap(([question, headings]) => headings.map((heading) => [path, question, heading])));

/** Renders the page at `path`; then the sections in which it answers a question. */
function renderPage(path: string): (question: Question) => HTMLElement[] {
  const { Page, answers } = pages[path];
  render(<Page />);
  return (question) => answers[question].map((heading) => screen.getByRole('heading', { level: 2, name: heading }).closest('section')!);
}

/** The points a section makes (cards or listed features), each as the words of its paragraphs. */
const points = (section: HTMLElement) =>
  [...within(section).queryAllByRole('article'), ...within(section).queryAllByRole('listitem')].map((point) =>
    within(point)
      .getAllByRole('paragraph')
      .map((paragraph) => paragraph.textContent)
      .join(' '),
  );

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('the software, AI and consulting pages', () => {
  it.each(questions)('%s answers “%s” under the heading “%s”', (path, _question, heading) => {
    const { Page } = pages[path];
    render(<Page />);
    expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
  });

  it.each(paths)('%s says what is included, what the client provides and what they have at the end in a sentence a point, not a one-liner', (path) => {
    const answer = renderPage(path);
    for (const question of ['what is included', 'what the client provides', 'what they have at the end and after'] as const) {
      for (const section of answer(question)) {
        const said = points(section);
        expect(said.length).toBeGreaterThanOrEqual(3);
        expect(said.filter((text) => words(text) < 15)).toEqual([]);
      }
    }
  });

  it.each(paths)('%s shows how it starts and runs as a timeline of steps, followed by its call to start', (path) => {
    const [section] = renderPage(path)('how it starts and runs');
    const steps = within(section).getAllByRole('listitem');
    expect(steps.length).toBeGreaterThanOrEqual(3);
    for (const step of steps) expect(within(step).getByRole('heading', { level: 3 })).toBeInTheDocument();
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([[pages[path].start, `/contact?from=${path}`]]);
  });

  // A price, a duration, a team size, a count of clients: facts only the company can give.
  it.each(paths)('%s states no figure or guarantee of its own in its answers', (path) => {
    const answer = renderPage(path);
    for (const section of (Object.keys(pages[path].answers) as Question[]).flatMap(answer)) {
      expect(section.textContent).not.toMatch(/\d/);
      expect(section.textContent).not.toMatch(/guarantee|certified|compliant/i);
    }
  });
});
