import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Analytics } from '@/components/analytics';
import { ConsentBanner, CookieSettingsButton } from '@/components/consent-banner';
import type { MetricWithAttribution } from 'web-vitals/attribution';
import { CONSENT_COOKIE, CONSENT_DEFAULT_SCRIPT, WEB_VITALS_SCRIPT, consentCookie, consentStore, readConsent } from '@/lib/analytics';
import { reportWebVitals, type WebVitalsEvent } from '@/lib/web-vitals';

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

function webVitals() {
  return (window.dataLayer ?? []).filter((entry) => (entry as { event?: string }).event === 'web_vitals') as WebVitalsEvent[];
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

  it('is answered from the keyboard: Reject, then Accept, then Enter', async () => {
    const user = userEvent.setup();
    render(<ConsentBanner />);
    screen.getByRole('button', { name: 'Reject' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Accept' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(readConsent(document.cookie)).toBe('granted');
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

describe('field measurement: loading', () => {
  const reporters = () => document.querySelectorAll(`script[src="${WEB_VITALS_SCRIPT}"]`);

  it('loads nothing before a choice or after Reject; Accept loads it once, however often consent changes', () => {
    expect(reporters()).toHaveLength(0);
    consentStore.choose('denied');
    expect(reporters()).toHaveLength(0);

    consentStore.choose('granted');
    expect(reporters()).toHaveLength(1);
    consentStore.choose('denied');
    consentStore.choose('granted');
    expect(reporters()).toHaveLength(1);
  });

  it('loads it for a returning visitor who accepted, once the HTML is parsed', () => {
    document.querySelectorAll('script').forEach((script) => script.remove());
    document.cookie = `${CONSENT_COOKIE}=granted; Path=/`;
    const parsing = jest.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    try {
      new Function(CONSENT_DEFAULT_SCRIPT)();
      expect(reporters()).toHaveLength(0);
      document.dispatchEvent(new Event('DOMContentLoaded'));
      expect(reporters()).toHaveLength(1);
    } finally {
      parsing.mockRestore();
    }
  });
});

describe('field measurement: the web_vitals event', () => {
  const lcp = {
    name: 'LCP',
    value: 1834.2,
    rating: 'good',
    delta: 1834.2,
    id: 'v5-1-1',
    navigationType: 'navigate',
    entries: [],
    attribution: { target: 'main>section.hero>img', resourceLoadDelay: 12.5, timeToFirstByte: 310, resourceLoadDuration: 0, elementRenderDelay: 1511.7 },
  } as unknown as MetricWithAttribution;
  const inp = {
    name: 'INP',
    value: 216,
    rating: 'needs-improvement',
    delta: 216,
    id: 'v5-1-2',
    navigationType: 'navigate',
    entries: [],
    attribution: { interactionTarget: 'nav>ul>li>a.link', interactionType: 'pointer', interactionTime: 5000, inputDelay: 3, processingDuration: 180, presentationDelay: 33 },
  } as unknown as MetricWithAttribution;
  const cls = {
    name: 'CLS',
    value: 0.12,
    rating: 'needs-improvement',
    delta: 0.02,
    id: 'v5-1-3',
    navigationType: 'navigate',
    entries: [],
    attribution: { largestShiftTarget: '#main>section', largestShiftValue: 0.1 },
  } as unknown as MetricWithAttribution;
  const fcp = { name: 'FCP', value: 1200, rating: 'good', delta: 1200, id: 'v5-1-4', navigationType: 'reload', entries: [], attribution: { timeToFirstByte: 310, firstByteToFCP: 890, loadState: 'dom-interactive' } } as unknown as MetricWithAttribution;
  const ttfb = { name: 'TTFB', value: 310, rating: 'good', delta: 310, id: 'v5-1-5', navigationType: 'navigate', entries: [], attribution: { waitingDuration: 0, cacheDuration: 0, dnsDuration: 20, connectionDuration: 90, requestDuration: 200 } } as unknown as MetricWithAttribution;

  let send: (metric: MetricWithAttribution) => void;
  /** The reporter as /web-vitals.js starts it, on a document first loaded at `loadedAt`. */
  function startReporter(loadedAt = '/') {
    performance.getEntriesByType = ((type: string) => (type === 'navigation' ? [{ name: `${window.location.origin}${loadedAt}` }] : [])) as typeof performance.getEntriesByType;
    const take = (callback: (metric: MetricWithAttribution) => void) => {
      send = callback;
    };
    reportWebVitals({ onCLS: take, onFCP: take, onINP: take, onLCP: take, onTTFB: take } as unknown as Parameters<typeof reportWebVitals>[0], CONSENT_COOKIE);
  }

  // jsdom has no Performance Timeline; a browser's says where the document was loaded.
  const getEntriesByType = performance.getEntriesByType;
  afterEach(() => {
    performance.getEntriesByType = getEntriesByType;
    window.history.replaceState(null, '', '/');
  });

  it('is one event per report, with the metric, its navigation type, its page and what to act on, every field set', () => {
    consentStore.choose('granted');
    startReporter();
    for (const metric of [lcp, inp, cls, fcp, ttfb]) send(metric);
    const common = { event: 'web_vitals', page_path: '/', sent_from_path: '/', debug_target: undefined, lcp_load_delay: undefined, inp_interaction_type: undefined };
    expect(webVitals()).toStrictEqual([
      { ...common, metric_name: 'LCP', metric_value: 1834.2, metric_rating: 'good', metric_delta: 1834.2, metric_id: 'v5-1-1', navigation_type: 'navigate', debug_target: 'main>section.hero>img', lcp_load_delay: 12.5 },
      { ...common, metric_name: 'INP', metric_value: 216, metric_rating: 'needs-improvement', metric_delta: 216, metric_id: 'v5-1-2', navigation_type: 'navigate', debug_target: 'nav>ul>li>a.link', inp_interaction_type: 'pointer' },
      { ...common, metric_name: 'CLS', metric_value: 0.12, metric_rating: 'needs-improvement', metric_delta: 0.02, metric_id: 'v5-1-3', navigation_type: 'navigate', debug_target: '#main>section' },
      { ...common, metric_name: 'FCP', metric_value: 1200, metric_rating: 'good', metric_delta: 1200, metric_id: 'v5-1-4', navigation_type: 'reload' },
      { ...common, metric_name: 'TTFB', metric_value: 310, metric_rating: 'good', metric_delta: 310, metric_id: 'v5-1-5', navigation_type: 'navigate' },
    ]);
  });

  it('names the page the document was loaded at, and the page each event was sent from after client-side navigations', () => {
    consentStore.choose('granted');
    // Accepted on the second page of the visit: the document, and its numbers, are still the first page's.
    window.history.pushState(null, '', '/services');
    startReporter('/');
    send(lcp);
    window.history.pushState(null, '', '/contact');
    send(inp);
    expect(webVitals().map((event) => [event.metric_name, event.page_path, event.sent_from_path])).toEqual([
      ['LCP', '/', '/services'],
      ['INP', '/', '/contact'],
    ]);
  });

  it('names the page shown when the back/forward cache restored the document, for the metrics of that restore', () => {
    consentStore.choose('granted');
    startReporter('/');
    window.history.pushState(null, '', '/about');
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    send({ ...fcp, navigationType: 'back-forward-cache' } as MetricWithAttribution);
    send(cls);
    expect(webVitals().map((event) => [event.metric_name, event.navigation_type, event.page_path])).toEqual([
      ['FCP', 'back-forward-cache', '/about'],
      ['CLS', 'navigate', '/'],
    ]);
  });

  it('sends nothing before a choice, and nothing more once consent is withdrawn, in this tab or another', () => {
    startReporter();
    send(fcp);
    expect(webVitals()).toEqual([]);

    consentStore.choose('granted');
    send(ttfb);
    expect(webVitals()).toHaveLength(1);
    consentStore.choose('denied');
    send(lcp);
    expect(webVitals()).toHaveLength(1);

    consentStore.choose('granted');
    document.cookie = `${CONSENT_COOKIE}=denied; Path=/`;
    send(cls);
    expect(webVitals()).toHaveLength(1);
  });
});
