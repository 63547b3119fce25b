import { render, screen, within } from '@testing-library/react';
import { EnquiriesContact, People } from '@/components/people';
import { initials } from '@/components/person-badge';
import { fixture as facts } from './helpers/fixture-content';

const fixture = facts.people;

const [ana, ivan, mei] = fixture;

describe('People', () => {
  it('shows each person with their role, background, languages and profile, under “Who you will work with”', () => {
    render(<People list={fixture} />);
    const section = screen.getByRole('heading', { level: 2, name: 'Who you will work with' }).closest('section')!;
    const cards = within(section).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual(['Ana Fixture', 'Ivan Fixture', 'Mei Fixture']);
    expect(cards[0]).toHaveTextContent(`Head of vessel IT${ana.background}Speaks English, Bulgarian and Russian`);
    const profile = within(cards[0]).getByRole('link', { name: 'Ana Fixture: Profile on linkedin.test (opens in a new tab)' });
    expect(profile).toHaveAttribute('href', ana.profile);
    expect(profile).toHaveAttribute('target', '_blank');
    expect(within(cards[1]).queryByRole('link')).toBeNull();
  });

  it('gives a person without a photo a badge with their initials, hidden from screen readers beside their name, and no picture', () => {
    render(<People list={fixture} />);
    expect(screen.getByText('IF')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('MF')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')[1].querySelector('img')).toBeNull();
  });

  it('shows a photo as the file the build made small, sized and lazy, not as data in the page, and says nothing more of it', () => {
    const { container } = render(<People list={fixture} />);
    const photo = screen.getAllByRole('listitem')[0].querySelector('img')!;
    expect(photo).toHaveAttribute('src', '/people/person-photo.webp');
    expect({ width: photo.getAttribute('width'), height: photo.getAttribute('height'), loading: photo.getAttribute('loading'), alt: photo.getAttribute('alt') }).toEqual({ width: '80', height: '80', loading: 'lazy', alt: '' });
    expect(container.innerHTML).not.toContain('data:');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('leaves nothing while there is nobody', () => {
    expect(render(<People list={[]} />).container).toBeEmptyDOMElement();
  });
});

describe('EnquiriesContact', () => {
  it('names the person who answers enquiries, and nobody when no one does', () => {
    render(<EnquiriesContact list={fixture} />);
    expect(screen.getByText('Ana Fixture').parentElement).toHaveTextContent('Ana Fixture, Head of vessel ITSpeaks English, Bulgarian and Russian');
    expect(render(<EnquiriesContact list={[ivan, mei]} />).container).toBeEmptyDOMElement();
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initials('Ana Petrova')).toBe('AP');
    expect(initials('Maria del Carmen Ruiz')).toBe('MR');
    expect(initials('Ömer')).toBe('Ö');
    expect(initials('  élise  durand ')).toBe('ÉD');
  });
});
