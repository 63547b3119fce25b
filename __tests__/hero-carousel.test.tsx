import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTO_ADVANCE_MS, type HeroSlide, HeroCarousel } from '@/components/hero-carousel';

const slides: HeroSlide[] = [
  { image: { src: '/a.svg', width: 1600, height: 600 }, alt: 'First picture', title: 'First', description: 'One.', buttonText: 'Get Started', href: '/contact' },
  { image: { src: '/b.svg', width: 1600, height: 600 }, alt: 'Second picture', title: 'Second', description: 'Two.', buttonText: 'Learn More', href: '/contact' },
  { image: { src: '/c.svg', width: 1600, height: 600 }, alt: 'Third picture', title: 'Third', description: 'Three.', buttonText: 'Discover More', href: '/contact' },
];
const heading = 'Remote-first IT for sea and shore';

function renderCarousel() {
  render(<HeroCarousel heading={heading} slides={slides} />);
}

/** The title of the one slide assistive technology can reach. */
function currentTitle() {
  return screen.getByRole('heading', { level: 2 }).textContent;
}

function click(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
}

function tick(ms: number) {
  act(() => jest.advanceTimersByTime(ms));
}

/** The current title once `ms` more have passed. */
function titleAfter(ms: number) {
  tick(ms);
  return currentTitle();
}

function mockReducedMotion(matches: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: jest.fn((query: string) => ({
      matches: matches && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: jest.fn(),
      removeEventListener: jest.fn(),
    })),
  });
}

describe('HeroCarousel', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    mockReducedMotion(false);
  });
  afterEach(() => {
    jest.useRealTimers();
    delete (window as Partial<Window>).matchMedia;
  });

  it('is a labelled carousel of slides named "n of 3"', () => {
    renderCarousel();
    const carousel = screen.getByRole('region', { name: 'Highlights' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const slide = within(carousel).getByRole('group', { name: '1 of 3' });
    expect(slide).toHaveAttribute('aria-roledescription', 'slide');
    expect(within(slide).getByRole('img', { name: 'First picture' })).toBeInTheDocument();
    expect(within(slide).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/contact');
    expect(within(carousel).getByRole('heading', { level: 1 })).toHaveTextContent(heading);
  });

  it('moves with the arrows and wraps around both ways', () => {
    renderCarousel();
    expect(currentTitle()).toBe('First');
    click('Previous slide');
    expect(currentTitle()).toBe('Third');
    click('Next slide');
    expect(currentTitle()).toBe('First');
    click('Next slide');
    click('Next slide');
    expect(currentTitle()).toBe('Third');
    click('Next slide');
    expect(currentTitle()).toBe('First');
  });

  it('goes to the slide a dot names and marks that dot as current', () => {
    renderCarousel();
    click('Go to slide 3');
    expect(currentTitle()).toBe('Third');
    expect(screen.getByRole('button', { name: 'Go to slide 3' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Go to slide 1' })).not.toHaveAttribute('aria-current');
    click('Go to slide 2');
    expect(currentTitle()).toBe('Second');
  });

  it('advances after exactly 5000 ms and keeps going, wrapping to the first slide', () => {
    renderCarousel();
    expect(AUTO_ADVANCE_MS).toBe(5000);
    expect(titleAfter(4999)).toBe('First');
    expect(titleAfter(1)).toBe('Second');
    expect(titleAfter(5000)).toBe('Third');
    expect(titleAfter(5000)).toBe('First');
  });

  it('gives a manual move the full interval before the next advance', () => {
    renderCarousel();
    tick(4000);
    click('Next slide');
    expect(titleAfter(4999)).toBe('Second');
    expect(titleAfter(1)).toBe('Third');
  });

  it('stops with the pause button and resumes with play', () => {
    renderCarousel();
    const slidesRegion = screen.getByRole('group', { name: '1 of 3' }).closest('[aria-live]');
    expect(slidesRegion).toHaveAttribute('aria-live', 'off');

    click('Stop automatic slide show');
    expect(slidesRegion).toHaveAttribute('aria-live', 'polite');
    expect(titleAfter(15000)).toBe('First');

    click('Start automatic slide show');
    expect(slidesRegion).toHaveAttribute('aria-live', 'off');
    expect(titleAfter(5000)).toBe('Second');
  });

  it('puts the rotation control first in the tab order, then the arrows', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderCarousel();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Stop automatic slide show' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Previous slide' })).toHaveFocus();
  });

  it('pauses while the pointer is over it and resumes when it leaves', () => {
    renderCarousel();
    const carousel = screen.getByRole('region', { name: 'Highlights' });
    fireEvent.mouseEnter(carousel);
    expect(titleAfter(15000)).toBe('First');
    fireEvent.mouseLeave(carousel);
    expect(titleAfter(5000)).toBe('Second');
  });

  it('pauses while keyboard focus is inside and resumes when focus leaves', () => {
    render(
      <>
        <HeroCarousel heading={heading} slides={slides} />
        <button type="button">Outside</button>
      </>,
    );
    act(() => screen.getByRole('link', { name: 'Get Started' }).focus());
    expect(titleAfter(15000)).toBe('First');
    act(() => screen.getByRole('button', { name: 'Outside' }).focus());
    expect(titleAfter(5000)).toBe('Second');
  });

  it('stays paused after the pointer leaves when the visitor pressed pause', () => {
    renderCarousel();
    const carousel = screen.getByRole('region', { name: 'Highlights' });
    fireEvent.mouseEnter(carousel);
    click('Stop automatic slide show');
    fireEvent.mouseLeave(carousel);
    expect(titleAfter(15000)).toBe('First');
  });

  it('starts paused when the visitor prefers reduced motion, and play starts it', () => {
    mockReducedMotion(true);
    renderCarousel();
    expect(screen.getByRole('button', { name: 'Start automatic slide show' })).toBeInTheDocument();
    expect(titleAfter(15000)).toBe('First');
    click('Start automatic slide show');
    expect(titleAfter(5000)).toBe('Second');
  });

  it('hides the other slides and their links from assistive technology and the keyboard', () => {
    renderCarousel();
    expect(screen.getAllByRole('group')).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Get Started' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Learn More' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Discover More' })).not.toBeInTheDocument();

    const [, second, third] = screen.getAllByRole('group', { hidden: true });
    for (const slide of [second, third]) {
      expect(slide).toHaveAttribute('aria-hidden', 'true');
      expect(slide).toHaveAttribute('inert');
    }

    click('Next slide');
    expect(screen.getByRole('link', { name: 'Learn More' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
  });
});
