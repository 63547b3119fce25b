import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CONSENT_COOKIE } from '@/lib/analytics';
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
  test('exactly one page view per page, with its title, path and location, across links and back', async ({ page, baseURL }) => {
    await page.goto('/');
    await expect.poll(async () => (await pageViews(page)).length).toBe(1);
    const titles = [await page.title()];

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
  });
});

test.describe('Consent', () => {
  test('nothing is requested from the tag manager before consent; Accept loads it and updates consent', async ({ page }) => {
    const requests = await stubTagManager(page);
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Analytics cookies' });
    await expect(banner).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requests).toEqual([]);
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

    // A returning visitor is asked nothing, and the tag manager loads with consent granted.
    await page.reload();
    await expect.poll(() => requests.length).toBe(2);
    await expect(banner).toBeHidden();
    expect(await consentUpdates(page)).toEqual([['consent', 'update', { analytics_storage: 'granted' }]]);
  });

  test('Reject persists across reloads and loads nothing', async ({ page, context }) => {
    const requests = await stubTagManager(page);
    await page.goto('/about');
    await page.getByRole('region', { name: 'Analytics cookies' }).getByRole('button', { name: 'Reject' }).click();
    const cookie = (await context.cookies()).find((c) => c.name === 'npts_analytics_consent');
    expect(cookie?.value).toBe('denied');
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(179);
    expect(days).toBeLessThan(366);

    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('region', { name: 'Analytics cookies' })).toHaveCount(0);
    expect(requests).toEqual([]);
  });

  test('Cookie settings in the footer reopens the banner and lets the visitor withdraw', async ({ page }) => {
    await stubTagManager(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    const banner = page.getByRole('region', { name: 'Analytics cookies' });
    await expect(banner).toBeVisible();
    await expect(banner).toBeFocused();
    await banner.getByRole('button', { name: 'Reject' }).click();
    expect((await consentUpdates(page)).at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }]);
  });

  test('the banner is keyboard operable, links to the privacy notice and axe finds no violations', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Analytics cookies' });
    await expect(banner).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);

    await banner.getByRole('button', { name: 'Reject' }).focus();
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('button', { name: 'Accept' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banner).toBeHidden();

    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' }).click();
    await expect(page).toHaveURL('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy notice');
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
