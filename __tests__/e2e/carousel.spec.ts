import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// What only a browser shows of the home page's carousel: its box, its paints, its first frame
// without JavaScript, its fit on a phone. How it turns, pauses and where its slides lead is
// __tests__/hero-carousel.test.tsx's and pages.test.tsx's.

const START = new Date('2026-01-01T10:00:00Z').getTime();
const TITLES = ['NPTS', 'Custom Software Solutions', 'AI-Powered Innovation'];

const carousel = (page: Page) => page.getByRole('region', { name: 'Highlights' });
/** Only the current slide is in the accessibility tree, so its title is the one h2 found here. */
const currentTitle = (page: Page) => carousel(page).getByRole('heading', { level: 2 });

/** Opens the home page on a stopped clock: from here on time moves only when the test moves it. */
async function openHome(page: Page) {
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START + 1000);
  await page.goto('/');
  // The controls appear once the carousel has hydrated.
  await expect(page.getByRole('button', { name: /automatic slide show/ })).toBeVisible();
}

test.describe('Home hero carousel', () => {
  // A visitor who has already answered the consent question: its banner would cover the controls.
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'npts_analytics_consent', value: 'denied', url: baseURL! }]);
  });

  test('the slide box is 600 px high on every slide and the same before and after hydration', async ({ page, browser }) => {
    // Both loads in the fallback font: with font-display: optional, whether Inter is in time for a
    // load's first frame is the network's to decide, and its text is narrower.
    const noFont = /\.woff2$/;
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    await noScript.route(noFont, (route) => route.abort());
    const staticPage = await noScript.newPage();
    await staticPage.goto('/');
    const staticBox = await carousel(staticPage).boundingBox();
    const staticNext = await staticPage.getByRole('heading', { name: 'AI-powered solutions' }).boundingBox();
    await noScript.close();

    await page.route(noFont, (route) => route.abort());
    await openHome(page);
    expect(await carousel(page).boundingBox()).toEqual(staticBox);
    expect(await page.getByRole('heading', { name: 'AI-powered solutions' }).boundingBox()).toEqual(staticNext);
    expect(staticBox?.height).toBe(600);

    for (const index of [1, 2, 0]) {
      await carousel(page).getByRole('button', { name: `Go to slide ${index + 1}` }).click();
      await expect(currentTitle(page)).toHaveText(TITLES[index]);
      expect(await carousel(page).boundingBox()).toEqual(staticBox);
    }
  });

  // Field data (Chrome's own LCP and CLS) would otherwise take the page's largest paint from the
  // first slide change, five seconds in (a later picture one pixel larger is a new, later
  // candidate), and count a layout shift at every change (the current dot is wider).
  for (const viewport of [
    { width: 412, height: 823 },
    { width: 767, height: 900 },
    { width: 1280, height: 900 },
  ]) {
    test(`at ${viewport.width} px the first picture stays the largest paint, and nothing shifts, when the slides change`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript(() => {
        const seen: string[] = [];
        const shifts: number[] = [];
        Object.assign(window, { largestPaints: seen, layoutShifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) seen.push((entry as LargestContentfulPaint).element?.getAttribute('alt') ?? '');
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await openHome(page);
      const pictures = carousel(page).locator('img');
      const first = await pictures.first().boundingBox();
      for (const index of [1, 2]) expect(await pictures.nth(index).boundingBox()).toEqual(first);

      for (const title of [TITLES[1], TITLES[2]]) {
        await page.clock.runFor(5000);
        await expect(currentTitle(page)).toHaveText(title);
        // Once the fade has ended, two captured frames: the picture has been painted and reported.
        await expect(carousel(page).getByRole('group', { name: `${TITLES.indexOf(title) + 1} of 3` })).toHaveCSS('opacity', '1');
        await page.screenshot();
        await page.screenshot();
      }
      const { largestPaints, layoutShifts } = await page.evaluate(() => {
        const { largestPaints: paints, layoutShifts: shifts } = window as unknown as { largestPaints: string[]; layoutShifts: number[] };
        return { largestPaints: paints, layoutShifts: shifts };
      });
      expect(largestPaints.at(-1)).toBe(await pictures.first().getAttribute('alt'));
      expect(layoutShifts).toEqual([]);
    });
  }

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('shows the first slide with a working button and no dead controls', async ({ page }) => {
      await page.goto('/');
      const region = carousel(page);
      await expect(region.getByRole('heading', { level: 2, name: TITLES[0] })).toBeVisible();
      await expect(region.getByText(TITLES[1], { exact: true })).toBeHidden();
      await expect(region.getByText(TITLES[2], { exact: true })).toBeHidden();
      await expect(region.getByRole('button')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      // The first illustration is the largest paint: in the HTML itself, never lazy.
      await expect(region.locator('img').first()).toHaveAttribute('src', /^data:image\/svg\+xml,/);
      await expect(region.locator('img').first()).not.toHaveAttribute('loading', 'lazy');

      await region.getByRole('link', { name: 'Get Started' }).click();
      await expect(page).toHaveURL('/contact?from=/');
    });
  });

  test('fits a 375 px wide screen without horizontal overflow', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openHome(page);
    for (const index of [0, 1, 2]) {
      await carousel(page).getByRole('button', { name: `Go to slide ${index + 1}` }).click();
      const slide = carousel(page).getByRole('group', { name: `${index + 1} of 3` });
      const slideBox = (await slide.boundingBox())!;
      const headingBox = (await slide.getByRole('heading').boundingBox())!;
      const controlsTop = (await carousel(page).getByRole('button', { name: 'Next slide' }).boundingBox())!.y;
      expect(headingBox.y).toBeGreaterThanOrEqual(slideBox.y);
      for (const link of await slide.getByRole('link').all()) {
        const linkBox = (await link.boundingBox())!;
        expect(linkBox.y + linkBox.height, `slide ${index + 1}: ${await link.textContent()}`).toBeLessThanOrEqual(controlsTop);
      }
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
  });
});
