import type { Page } from '@playwright/test';
import { expect, test, watchViolations } from './fixtures';
import { CONSENT_COOKIE, WEB_VITALS_SCRIPT } from '@/lib/analytics';
import type { WebVitalsEvent } from '@/lib/web-vitals';
import { inInter } from './measure';

type PageView = { event: 'page_view'; page_title: string; page_path: string; page_location: string };

const TAG_MANAGER = 'https://www.googletagmanager.com/**';

async function pageViews(page: Page): Promise<PageView[]> {
  return page.evaluate(() => (window.dataLayer ?? []).filter((entry) => (entry as { event?: string }).event === 'page_view') as PageView[]);
}

async function consentUpdates(page: Page) {
  return page.evaluate(() =>
    (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === 'consent' && args[1] === 'update'),
  );
}

async function webVitals(page: Page): Promise<WebVitalsEvent[]> {
  return page.evaluate(() => (window.dataLayer ?? []).filter((entry) => (entry as { event?: string }).event === 'web_vitals') as WebVitalsEvent[]);
}

async function metricNames(page: Page): Promise<string[]> {
  return (await webVitals(page)).map((event) => event.metric_name).sort();
}

/** The requests for the field measurement's script. */
function watchReporter(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === WEB_VITALS_SCRIPT) requests.push(request.url());
  });
  return requests;
}

/**
 * The page hidden, as switching tabs, locking the phone or leaving does, or shown again: when the
 * library reports. Headless Chromium keeps every page visible, so the page is told as a browser
 * tells it.
 */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((visibility) => {
    Object.defineProperty(document, 'visibilityState', { value: visibility, configurable: true });
    Object.defineProperty(document, 'hidden', { value: visibility === 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, state);
}

/** Serves a stand-in for the tag manager script and counts its requests. */
async function stubTagManager(page: Page) {
  const requests: string[] = [];
  await page.route(TAG_MANAGER, (route) => {
    requests.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: 'window.tagManagerStubLoaded = true;' });
  });
  return requests;
}

test.describe('Page views', () => {
  test('exactly one page view per page, with its title, path and location, across links and back; the field measurement names the page it measures and where it was sent from', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: CONSENT_COOKIE, value: 'granted', url: baseURL! }]);
    await stubTagManager(page);
    const reporter = watchReporter(page);
    await page.goto('/');
    await expect.poll(async () => (await pageViews(page)).length).toBe(1);
    const titles = [await page.title()];
    // The first byte and the first paint are reported on the page they measure.
    await expect.poll(() => metricNames(page)).toEqual(['FCP', 'TTFB']);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL('/about');
    await expect.poll(async () => (await pageViews(page)).length).toBe(2);
    titles.push(await page.title());

    await page.goBack();
    await expect(page).toHaveURL('/');
    await expect.poll(async () => (await pageViews(page)).length).toBe(3);
    titles.push(await page.title());

    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL('/contact');
    await expect.poll(async () => (await pageViews(page)).length).toBe(4);
    titles.push(await page.title());

    // Give a late duplicate every chance to appear.
    await page.waitForTimeout(500);
    const views = await pageViews(page);
    expect(views.map((view) => view.page_path)).toEqual(['/', '/about', '/', '/contact']);
    expect(views.map((view) => view.page_location)).toEqual(['/', '/about', '/', '/contact'].map((path) => `${baseURL}${path}`));
    expect(views.map((view) => view.page_title)).toEqual(titles);
    expect(new Set(titles).size).toBe(3);

    // The document is still the one loaded at /: every metric measures it, and the interaction and
    // layout shift, reported when the page is hidden, say they were sent from /contact.
    await setVisibility(page, 'hidden');
    await expect.poll(() => metricNames(page)).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
    const events = await webVitals(page);
    expect(events.map((event) => event.page_path)).toEqual(events.map(() => '/'));
    const sentFrom = Object.fromEntries(events.map((event) => [event.metric_name, event.sent_from_path]));
    expect(sentFrom).toMatchObject({ FCP: '/', TTFB: '/', INP: '/contact', CLS: '/contact' });
    expect(reporter).toHaveLength(1);
  });
});

test.describe('Consent', () => {
  test('nothing is requested from the tag manager or for the field measurement before consent; Accept loads both and updates consent', async ({ page }) => {
    const requests = await stubTagManager(page);
    const reporter = watchReporter(page);
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Analytics cookies' });
    await expect(banner).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requests).toEqual([]);
    expect(reporter).toEqual([]);
    expect(await webVitals(page)).toEqual([]);
    expect(await page.evaluate(() => Array.from(window.dataLayer![0] as ArrayLike<unknown>))).toEqual([
      'consent',
      'default',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' },
    ]);

    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner).toBeHidden();
    await expect.poll(() => requests.length).toBe(1);
    expect(requests[0]).toContain('gtm.js?id=GTM-E2ETEST');
    expect(await consentUpdates(page)).toEqual([['consent', 'update', { analytics_storage: 'granted' }]]);
    await expect.poll(() => reporter.length).toBe(1);

    // A returning visitor is asked nothing, and the tag manager and the measurement load with consent granted.
    await page.reload();
    await expect.poll(() => requests.length).toBe(2);
    await expect(banner).toBeHidden();
    expect(await consentUpdates(page)).toEqual([['consent', 'update', { analytics_storage: 'granted' }]]);
    await expect.poll(() => reporter.length).toBe(2);
  });

  test('showing the banner moves nothing on the page', async ({ page, context, baseURL }) => {
    // Where the page's parts are, both times in Inter: whether a load gets the font in time or
    // keeps the fallback for the page (font-display: optional) depends on the machine, not on
    // the banner.
    const layout = async () => {
      expect(await page.evaluate(inInter)).toBe(true);
      return page.evaluate(() =>
        [...document.querySelectorAll('header, main, main > *, footer')].map((element) => {
          const box = element.getBoundingClientRect();
          return `${element.tagName} ${Math.round(box.top)} ${Math.round(box.left)} ${Math.round(box.width)}×${Math.round(box.height)}`;
        }),
      );
    };
    // A returning visitor, who sees no banner; then a first visit, with it.
    await context.addCookies([{ name: CONSENT_COOKIE, value: 'denied', url: baseURL! }]);
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Analytics cookies' })).toHaveCount(0);
    const withoutBanner = await layout();
    await context.clearCookies();
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Analytics cookies' })).toBeVisible();
    expect(await layout()).toEqual(withoutBanner);
  });
});

test.describe('Field Web Vitals', () => {
  test('with analytics accepted, each metric reaches the dataLayer with its fields, and names the largest paint, the interaction and what moved', async ({ page, context, baseURL, consoleErrors }) => {
    await context.addCookies([{ name: CONSENT_COOKIE, value: 'granted', url: baseURL! }]);
    await stubTagManager(page);
    const reporter = watchReporter(page);
    // The measurement runs under each page's hashed policy, with no inline script of its own.
    const violations = await watchViolations(page);
    // A service page: its first screen's largest paint is its illustration.
    await page.goto('/coms');
    // Reported as soon as they are known: the first byte and the first paint.
    await expect.poll(() => metricNames(page)).toEqual(['FCP', 'TTFB']);

    // The first screen's largest paint, as Chromium itself reports it.
    const largestPaint = await page.evaluateHandle(
      () =>
        new Promise<Element>((resolve) =>
          new PerformanceObserver((list) => resolve((list.getEntries().at(-1) as LargestContentfulPaint).element!)).observe({ type: 'largest-contentful-paint', buffered: true }),
        ),
    );
    // Content moved by nothing the visitor did, as a late banner or picture would move it.
    await page.evaluate(async () => {
      const spacer = document.createElement('div');
      spacer.style.height = '40px';
      document.getElementById('main')!.prepend(spacer);
      await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    });

    // One interaction: the largest paint is final from here on.
    const services = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' });
    await services.click();
    await expect.poll(() => metricNames(page)).toContain('LCP');
    // The browser times an interaction at the frame after it, and LCP is reported on the input
    // itself: a tab switch before that frame (a busy machine) would find no interaction to report.
    // A visitor cannot switch tabs that fast.
    await page.evaluate(() => new Promise((timed) => new PerformanceObserver(timed).observe({ type: 'first-input', buffered: true })));
    // Switching tabs: the layout shift and the interaction so far are reported.
    await setVisibility(page, 'hidden');
    await expect.poll(() => metricNames(page)).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);

    const events = await webVitals(page);
    for (const event of events) {
      expect(event).toMatchObject({ event: 'web_vitals', navigation_type: 'navigate', page_path: '/coms', sent_from_path: '/coms', metric_id: expect.stringMatching(/^v5-/) });
      expect(['good', 'needs-improvement', 'poor']).toContain(event.metric_rating);
      expect(event.metric_value).toBeGreaterThanOrEqual(0);
      expect(event.metric_delta).toBe(event.metric_value);
    }
    const [lcp, inp, cls] = ['LCP', 'INP', 'CLS'].map((name) => events.find((event) => event.metric_name === name)!);
    expect(await largestPaint.evaluate((element, selector) => element.matches(selector) && element.getBoundingClientRect().top < innerHeight, lcp.debug_target!)).toBe(true);
    expect(lcp.lcp_load_delay).toBeGreaterThanOrEqual(0);
    expect(await services.evaluate((button, selector) => button.matches(selector), inp.debug_target!)).toBe(true);
    expect(inp.inp_interaction_type).toBe('pointer');
    expect(cls.metric_value).toBeGreaterThan(0);
    expect(await page.evaluate((selector) => document.querySelector(selector)?.closest('main') != null, cls.debug_target!)).toBe(true);
    expect(reporter).toHaveLength(1);
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
