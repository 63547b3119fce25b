import { fireEvent, render, screen, within } from '@testing-library/react';
import AboutPage from '@/app/about/page';
import AiPage from '@/app/ai/page';
import CommunicationPage from '@/app/coms/page';
import ConsultingPage from '@/app/consulting/page';
import ContactPage from '@/app/contact/page';
import NetworkPage from '@/app/network/page';
import HomePage from '@/app/page';
import ProtoPage from '@/app/proto/page';
import RestPage from '@/app/rest/page';
import SoftwarePage from '@/app/software/page';
import ItManagementPage from '@/app/vrit/page';
import { iconPath, icons } from '@/lib/icons';
import { readContentAs } from './helpers/site-facts';
import { content } from '@/lib/content';

jest.mock('next/navigation', () => ({ usePathname: () => '/' }));
// Empty, as the sources ship and whatever an editor has added since: the normal build.
beforeAll(() => readContentAs({ results: [], serviceLevels: null, people: [] }));

const pages = {
  '/': HomePage,
  '/about': AboutPage,
  '/coms': CommunicationPage,
  '/network': NetworkPage,
  '/vrit': ItManagementPage,
  '/software': SoftwarePage,
  '/rest': RestPage,
  '/proto': ProtoPage,
  '/ai': AiPage,
  '/consulting': ConsultingPage,
  '/contact': ContactPage,
};

describe('Pages without results, service levels or people', () => {
  it.each(Object.entries(pages))('%s shows none of their headings, tables or badges, and no section without a heading', (_path, Page) => {
    const { container } = render(<Page />);
    expect(screen.queryByRole('heading', { name: /^(results|recent results|service levels|who you will work with|response and restore times|link availability|the support desk)$/i })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(container).not.toHaveTextContent(/speaks |we respond within/i);
    for (const section of container.querySelectorAll('section')) expect(section.querySelector('h1, h2')).not.toBeNull();
  });
});

describe('Icons', () => {
  const paths = Object.values(icons).map(iconPath);

  it.each(Object.entries(pages))('%s carries none of their path data: its icons come from the sprite', (_path, Page) => {
    const { container } = render(<Page />);
    for (const path of paths) expect(container.innerHTML).not.toContain(path);
  });
});

describe('Stats', () => {
  it('each figure has one label on every page that shows it, About’s as the specification names them', () => {
    const labels = new Map<string, Set<string>>();
    for (const Page of [HomePage, AboutPage]) {
      const { container, unmount } = render(<Page />);
      for (const stat of container.querySelectorAll('dl > div:has(> dt + dd)')) {
        const value = stat.querySelector('dd')!.textContent!;
        labels.set(value, new Set([...(labels.get(value) ?? []), stat.querySelector('dt')!.textContent!]));
      }
      unmount();
    }
    expect(Object.fromEntries([...labels].map(([value, names]) => [value, [...names]]))).toEqual({
      '50+': ['Years of Combined Experience'],
      '24/7': ['Global Support'],
      '100%': ['Remote Operations'],
    });
  });
});

describe('Home', () => {
  it('leads from every slide of its carousel to /contact, naming the page, and from a service’s slide to that service', () => {
    render(<HomePage />);
    const carousel = screen.getByRole('region', { name: 'Highlights' });
    const slides = [
      { button: 'Get Started', service: null },
      { button: 'Learn More', service: { name: 'Software development', href: '/software' } },
      { button: 'Discover More', service: { name: 'AI automation', href: '/ai' } },
    ];
    for (const [index, { button, service }] of slides.entries()) {
      fireEvent.click(within(carousel).getByRole('button', { name: `Go to slide ${index + 1}` }));
      expect(within(carousel).getByRole('link', { name: button })).toHaveAttribute('href', '/contact?from=/');
      if (service) expect(within(carousel).getByRole('link', { name: service.name })).toHaveAttribute('href', service.href);
      // The other slides' links are out of reach.
      expect(within(carousel).getAllByRole('link')).toHaveLength(service ? 2 : 1);
    }
  });
});

describe('/rest', () => {
  it('shows the testimonial the company gave, in its words and under its name', () => {
    render(<RestPage />);
    const { quote, name, role, company } = content.testimonial;
    const figure = screen.getAllByRole('figure').find((candidate) => within(candidate).queryByText(quote))!;
    expect(figure).toBeDefined();
    expect(figure.querySelector('blockquote')!.textContent!.trim()).toBe(quote);
    expect(figure.querySelector('figcaption')!.textContent!.trim()).toBe(`— ${name}, ${role}, ${company}`);
  });
});
