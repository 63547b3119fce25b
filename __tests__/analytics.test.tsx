import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Analytics } from '@/components/analytics';
import { ConsentBanner, CookieSettingsButton } from '@/components/consent-banner';
import { CONSENT_COOKIE, CONSENT_DEFAULT_SCRIPT, consentCookie, consentStore, readConsent } from '@/lib/analytics';

let pathname = '/';
jest.mock('next/navigation', () => ({ usePathname: () => pathname }));

function clearCookies() {
  for (const entry of document.cookie.split('; ')) {
    if (entry) document.cookie = `${entry.split('=')[0]}=; Max-Age=0; Path=/`;
  }
}

function pageViews() {
  return (window.dataLayer ?? []).filter((entry) => (entry as { event?: string }).event === 'page_view');
}

function consentCommands() {
  return (window.dataLayer ?? [])
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter((args) => args[0] === 'consent');
}

// jsdom has no User Timing API; the tag manager component marks its use with it.
beforeAll(() => {
  performance.mark ??= jest.fn();
});

beforeEach(() => {
  clearCookies();
  window.dataLayer = [];
  consentStore.reset();
  pathname = '/';
  document.querySelectorAll('script').forEach((script) => script.remove());
  // The inline <head> script the layout ships, run as the browser would.
  new Function(CONSENT_DEFAULT_SCRIPT)();
});

describe('consent cookie', () => {
  it('reads a stored choice and nothing else', () => {
    expect(readConsent(`a=1; ${CONSENT_COOKIE}=granted; b=2`)).toBe('granted');
    expect(readConsent(`${CONSENT_COOKIE}=denied`)).toBe('denied');
    expect(readConsent(`x${CONSENT_COOKIE}=granted`)).toBeNull();
    expect(readConsent('')).toBeNull();
  });

  it('is first-party, lax and kept for 180 days', () => {
    expect(consentCookie('granted', true)).toBe(`${CONSENT_COOKIE}=granted; Max-Age=15552000; Path=/; SameSite=Lax; Secure`);
  });

  it('starts with all four Consent Mode signals denied', () => {
    expect(consentCommands()).toEqual([
      ['consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }],
    ]);
  });

  it('re-grants a returning visitor’s stored consent before any tag loads', () => {
    document.cookie = `${CONSENT_COOKIE}=granted; Path=/`;
    window.dataLayer = [];
    new Function(CONSENT_DEFAULT_SCRIPT)();
    expect(consentCommands()[1]).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
  });
});

describe('ConsentBanner', () => {
  it('asks on the first visit; Accept stores the choice, updates consent and closes', async () => {
    const user = userEvent.setup();
    render(<ConsentBanner />);
    expect(screen.getByRole('region', { name: 'Analytics cookies' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/privacy');

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(readConsent(document.cookie)).toBe('granted');
    expect(consentCommands().at(-1)).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
    expect(screen.queryByRole('region', { name: 'Analytics cookies' })).not.toBeInTheDocument();
  });

  it('does not ask again once a choice is stored', () => {
    document.cookie = `${CONSENT_COOKIE}=denied; Path=/`;
    render(<ConsentBanner />);
    expect(screen.queryByRole('region', { name: 'Analytics cookies' })).not.toBeInTheDocument();
  });

  it('reopens from Cookie settings with focus on it, and Reject withdraws consent and analytics cookies', async () => {
    document.cookie = `${CONSENT_COOKIE}=granted; Path=/`;
    document.cookie = '_ga=GA1.1.123; Path=/';
    const user = userEvent.setup();
    render(
      <>
        <ConsentBanner />
        <CookieSettingsButton />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Cookie settings' }));
    const banner = screen.getByRole('region', { name: 'Analytics cookies' });
    expect(banner).toHaveFocus();
    expect(banner).toHaveTextContent('Your current choice: accepted.');

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(readConsent(document.cookie)).toBe('denied');
    expect(document.cookie).not.toContain('_ga=');
    expect(consentCommands().at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }]);
  });
});

describe('Analytics', () => {
  it('pushes one page view with title, path and location on load and on each route change', () => {
    document.title = 'Home title';
    const { rerender } = render(<Analytics gtmId="" />);
    expect(pageViews()).toEqual([{ event: 'page_view', page_title: 'Home title', page_path: '/', page_location: window.location.href }]);

    rerender(<Analytics gtmId="" />);
    expect(pageViews()).toHaveLength(1);

    pathname = '/about';
    document.title = 'About title';
    rerender(<Analytics gtmId="" />);
    expect(pageViews()).toHaveLength(2);
    expect(pageViews()[1]).toMatchObject({ page_title: 'About title', page_path: '/about' });
  });

  it('after a navigation that shows the page before its title, sends the page view with the title', async () => {
    document.title = 'Home title';
    const { rerender } = render(<Analytics gtmId="" />);

    // As React leaves <head> between the commit of the new page and that of its metadata.
    document.querySelector('title')!.remove();
    pathname = '/about';
    rerender(<Analytics gtmId="" />);
    expect(pageViews()).toHaveLength(1);

    const title = document.createElement('title');
    title.textContent = 'About title';
    await act(async () => document.head.append(title));
    expect(pageViews()).toHaveLength(2);
    expect(pageViews()[1]).toMatchObject({ page_title: 'About title', page_path: '/about', page_location: window.location.href });
  });

  it('loads the tag manager only after consent, and never without a container id', async () => {
    render(<Analytics gtmId="GTM-TEST123" />);
    const tagManager = () => document.querySelector('script[src*="googletagmanager.com/gtm.js?id=GTM-TEST123"]');
    expect(tagManager()).toBeNull();

    await act(async () => consentStore.choose('granted'));
    expect(tagManager()).not.toBeNull();
  });

  it('loads no tag manager without a container id, even with consent', async () => {
    document.cookie = `${CONSENT_COOKIE}=granted; Path=/`;
    render(<Analytics gtmId="" />);
    await act(async () => {});
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
    expect(pageViews()).toHaveLength(1);
  });
});
