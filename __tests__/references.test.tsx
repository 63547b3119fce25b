import { render, screen, within } from '@testing-library/react';
import AboutPage from '@/app/about/page';
import HomePage from '@/app/page';
import { References } from '@/components/references';
import { withContent } from './helpers/site-facts';
import { fixture as facts } from './helpers/fixture-content';

const fixture = facts.references;

jest.mock('next/navigation', () => ({ usePathname: () => '/' }));

const none = { clients: [], certifications: [], partnerships: [] };

describe('References', () => {
  it('shows each list under its own heading, in one section named for them', () => {
    render(<References lists={fixture} />);
    const section = screen.getByRole('heading', { level: 2, name: 'Clients, certifications and partners' }).closest('section')!;
    expect(within(section).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Clients', 'Certifications', 'Partners']);
    for (const client of fixture.clients) expect(section).toHaveTextContent(client.name);
    expect(within(section).getByRole('link', { name: 'Fixture Offshore Drilling (opens in a new tab)' })).toHaveAttribute('target', '_blank');
    expect(within(section).queryByRole('link', { name: /Fixture Fleet Management/ })).toBeNull();
  });

  it('draws every entry of every list as the same chip, with a logo only where the entry gives one, and the same markup in short', () => {
    for (const compact of [false, true]) {
      const { container, unmount } = render(<References compact={compact} lists={fixture} />);
      const chips = [...container.querySelectorAll('li')];
      expect(chips).toHaveLength(fixture.clients.length + fixture.certifications.length + fixture.partnerships.length);
      expect(new Set(chips.map((chip) => chip.className)).size).toBe(1);
      const logos = [...fixture.clients, ...fixture.certifications, ...fixture.partnerships].filter((entry) => entry.logo).map((entry) => entry.logo!.src);
      expect([...container.querySelectorAll('img')].map((img) => [img.getAttribute('src'), img.getAttribute('alt')])).toEqual(logos.map((src) => [src, '']));
      unmount();
    }
  });

  it('gives a certificate its issuer, number, scope and last valid day, linked to where it can be checked', () => {
    render(<References lists={fixture} />);
    const [certificate] = fixture.certifications;
    const item = screen.getByRole('link', { name: `${certificate.name} (opens in a new tab)` }).closest('li')!;
    expect(screen.getByRole('link', { name: `${certificate.name} (opens in a new tab)` })).toHaveAttribute('href', certificate.href);
    const pairs = within(item).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling!.textContent]);
    expect(pairs).toEqual([['Issued by', certificate.issuer], ['Certificate', certificate.number], ['Scope', certificate.scope], ['Valid until', '31 December 2099']]);
  });

  it('names the section after its one list, without a second heading, when only that list has entries', () => {
    render(<References lists={{ ...none, certifications: fixture.certifications }} />);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Certifications');
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull();
  });

  it('in short, under the home page’s figures, keeps each list’s heading and leaves out the certificate details', () => {
    render(<References compact lists={fixture} />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Clients', 'Certifications', 'Partners']);
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    expect(document.body).not.toHaveTextContent('FIX-0001');
  });

  it('leaves nothing at all when every list is empty', () => {
    const { container } = render(<References lists={none} />);
    expect(container).toBeEmptyDOMElement();
    const { container: compact } = render(<References compact lists={none} />);
    expect(compact).toBeEmptyDOMElement();
  });

  it('with every list empty, About and Home show no client, certificate or partner heading, and no empty section', () => {
    // As content/references.yaml ships, whatever an editor has added since.
    withContent({ references: none }, () => {
      for (const Page of [AboutPage, HomePage]) {
        const { container, unmount } = render(<Page />);
        expect(screen.queryByRole('heading', { name: /^(clients|certifications|partners)$|certifications|and partners/i })).toBeNull();
        for (const section of container.querySelectorAll('section')) expect(section.querySelector('h1, h2')).not.toBeNull();
        unmount();
      }
    });
  });
});
