import type { Page, Route } from '@playwright/test';
import { routes } from '@/lib/site';
import { expect, test } from './fixtures';

/** The font the browser really draws an element's text in (Chromium's own answer). */
async function drawnFont(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((font) => font.familyName);
  } finally {
    await cdp.detach();
  }
}

type Paints = { shifts: string[]; largest: string[]; element: { tag: string; loading: string | null; src: string | null; early: boolean } | null };

/**
 * What the page paints, from its first frame on: every layout shift CLS adds up (not those right
 * after a click, which CLS leaves out), as its size and what moved; each new largest paint (what
 * LCP times) as `TAG size`; and the element of the last: whether it is a lazy image, and whether
 * its picture comes with the HTML (a data: URL, or a preload in its head).
 */
async function watchPaints(page: Page): Promise<() => Promise<Paints>> {
  await page.addInitScript(() => {
    const seen: Paints = { shifts: [], largest: [], element: null };
    (window as unknown as { paints: typeof seen }).paints = seen;
    type Shift = { value: number; hadRecentInput: boolean; sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Shift[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map(({ node, previousRect: from, currentRect: to }) => `${node?.nodeName.toLowerCase()} “${node?.textContent?.trim().slice(0, 30)}” ${from.x},${from.y} ${from.width}×${from.height} → ${to.x},${to.y} ${to.width}×${to.height}`);
        seen.shifts.push(`${entry.value} on ${location.pathname}: ${moved.join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LargestContentfulPaint[]) {
        seen.largest.push(`${entry.element?.tagName} ${entry.size}`);
        const src = entry.element?.getAttribute('src') ?? null;
        seen.element = entry.element && {
          tag: entry.element.tagName,
          loading: entry.element.getAttribute('loading'),
          src,
          early: !!src && (src.startsWith('data:') || !!document.querySelector(`link[rel="preload"][as="image"][href="${src}"]`)),
        };
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { paints: Paints }).paints);
}

/** Holds the requests matching `pattern` until `release()`, as a slow link would. */
async function hold(page: Page, pattern: RegExp): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route(pattern, (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

/**
 * Waits until the page's own clock is half a second past its first paint: a font that arrives
 * then comes five times its 100 ms window late, as on a slow link.
 */
async function longAfterFirstPaint(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return !!paint && performance.now() > paint.startTime + 500;
  });
}

// What a visitor on a slow link sees first: the page as its HTML alone draws it, before the
// stylesheets, the icons' sprite and the font arrive, is already the page (an icon's tile is there,
// its glyph comes with the sprite), and nothing in it moves when they do. Its
// largest paint (what LCP times) comes with the HTML, never waited for: a lazy image is only
// requested once the page has been laid out, a round trip later on a slow link. On the laptop the
// font comes late; on the phone it never comes, and the page stays in its fallback (font-display:
// optional keeps a late font off the page as well, and on a phone that is every page read before
// the font is cached): down to 320 px, it must fit.
for (const viewport of [
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
]) {
  const phone = viewport.width < 500;
  const font = phone ? ' and the icons arrive; without the font, drawn at 412 and 320 px in a local font of Arial’s widths scaled to Inter’s, never scrolling sideways, not even in a wide system font' : ', the icons and the font arrive';
  for (const path of routes) {
    test(`${path} at ${viewport.width} px: the first screen is drawn from the HTML alone, its largest paint included and no lazy image, and nothing moves when the stylesheets${font}; no service sheet comes with it`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const paints = await watchPaints(page);
      // The PDF a service page links comes only when asked for: never preloaded or prefetched.
      const sheets: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.endsWith('.pdf')) sheets.push(request.url());
      });
      // The icons' sprite too: at 1280 px the first icons of /vrit and /consulting are in view.
      const releaseFiles = await hold(page, /\.css$|\/icons\.svg$/);
      const releaseFont = phone ? null : await hold(page, /\.woff2$/);
      if (phone) await page.route(/\.woff2$/, (route) => route.abort());
      await page.goto(path, { waitUntil: 'commit' });
      // Painted, with the stylesheets still on their way.
      await page.waitForFunction(() => (window as unknown as { paints: { largest: string[] } }).paints.largest.length > 0 && !!document.querySelector('footer'));
      // The whole HTML drawn: on a busy machine the first paint may come before the parser is
      // through, and what it draws next is still the HTML's, not the stylesheets'.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const first = await page.evaluate(() => {
        const inView = [...document.querySelectorAll('body *')].filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && box.top < innerHeight && box.bottom > 0;
        });
        (window as unknown as { firstScreen: Element[] }).firstScreen = inView;
        return {
          sheets: [...document.styleSheets].filter((sheet) => sheet.href).length,
          h1: getComputedStyle(document.querySelector('h1')!).fontWeight,
          // The pictures the HTML carries (data: URLs); a lazy file beside them (the other cards of
          // /services at 1280 px) comes when it comes.
          images: [...document.querySelectorAll('img')].filter((image) => inView.includes(image) && image.src.startsWith('data:')).map((image) => image.complete && image.naturalWidth > 0),
        };
      });
      expect(first.sheets, 'no stylesheet file has been applied yet').toBe(0);
      const firstLargest = (await paints()).largest;
      // Styled from the inline CSS: the heading is bold, not the browser's default.
      expect(Number(first.h1), 'the h1 styled').toBeGreaterThanOrEqual(700);
      expect(first.images.every(Boolean), 'every picture the HTML carries in the first screen drawn').toBe(true);
      const boxes = () =>
        page.evaluate(() =>
          (window as unknown as { firstScreen: Element[] }).firstScreen.map((element) => {
            const box = element.getBoundingClientRect();
            return `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''} ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`;
          }),
        );
      const before = await boxes();
      if (releaseFont) {
        // The font first, after the first frame: it stays unused on this page (font-display:
        // optional), even once the stylesheets come, so the text never moves.
        await longAfterFirstPaint(page);
        await releaseFont();
        await page.waitForFunction(() => [...document.fonts].some((face) => face.family === 'inter' && face.status === 'loaded'));
      }
      await releaseFiles();
      await page.waitForLoadState('load');
      await page.waitForFunction(() => [...document.styleSheets].filter((sheet) => sheet.href).length > 0);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(await boxes()).toEqual(before);
      const after = await paints();
      expect(after.shifts).toEqual([]);
      expect(after.largest, 'no later paint is larger than the first frame’s').toEqual(firstLargest);
      const largest = after.element!;
      expect(largest.loading, `the largest paint, ${largest.tag} ${largest.src?.slice(0, 60) ?? ''}, is not a lazy image`).not.toBe('lazy');
      if (largest.tag === 'IMG') expect(largest.early, `${largest.src?.slice(0, 60)} is in the HTML or preloaded`).toBe(true);
      if (phone) await inTheFallback(page);
      expect(sheets, 'no service sheet fetched with the page').toEqual([]);
    });
  }
}

test('Inter: a first visit whose font comes late keeps the size-matched fallback on that page, and nothing moves when it arrives', async ({ page }) => {
  const paints = await watchPaints(page);
  const releaseFont = await hold(page, /\.woff2$/);
  // Not waiting for the load event, which waits for the preloaded font.
  await page.goto('/about', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('h1')).toBeVisible();
  expect(await drawnFont(page, 'h1')).not.toContain('Inter');
  await longAfterFirstPaint(page);
  await releaseFont();
  await page.waitForFunction(() => [...document.fonts].some((face) => face.family === 'inter' && face.status === 'loaded'));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await drawnFont(page, 'h1')).not.toContain('Inter');
  expect((await paints()).shifts).toEqual([]);
});

test('Inter: a repeat visit takes the font from the cache and draws in it from the first frame, and so does a client-side navigation, with no shift', async ({ browser, baseURL }) => {
  // A context of its own, without the fixture's routing, which turns the browser's cache off.
  const context = await browser.newContext({ baseURL });
  try {
    // The visitor's first page, then another loaded in full in the same tab: the font comes from
    // the cache. (A new tab reads it from the disk cache, which on a machine this busy can take
    // longer than the 100 ms optional allows; then that page keeps the fallback, as a first visit.)
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(() => document.fonts.ready);
    const paints = await watchPaints(page);
    await page.goto('/services');
    expect(await page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) => entry.name.endsWith('.woff2')).filter((entry) => entry.transferSize > 0)), 'nothing of the font over the network').toEqual([]);
    expect(await drawnFont(page, 'h1')).toEqual(['Inter']);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL('/about');
    await expect(page.locator('h1')).toHaveText(/./);
    expect(await drawnFont(page, 'h1')).toEqual(['Inter']);
    expect(await drawnFont(page, 'main p')).toEqual(['Inter']);
    expect((await paints()).shifts).toEqual([]);
  } finally {
    await context.close();
  }
});

/** Whether the page scrolls sideways, and if so the innermost element whose edge it scrolls to. */
function sideways(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const { clientWidth, scrollWidth } = document.documentElement;
    if (scrollWidth <= clientWidth) return null;
    const edge = [...document.querySelectorAll('body *')].findLast((element) => Math.round(element.getBoundingClientRect().right) === scrollWidth);
    return `${scrollWidth} > ${clientWidth} px: ${edge?.tagName.toLowerCase()} “${edge?.textContent?.trim().slice(0, 40)}”`;
  });
}

/** A page without the font: drawn in the size-matched fallback, and at 412 and 320 px it never scrolls sideways, not even in a wide system font. */
async function inTheFallback(page: Page): Promise<void> {
  for (const width of [412, 320]) {
    await page.setViewportSize({ width, height: 700 });
    for (const selector of ['h1', 'main p']) {
      // Debian's Chromium brings Liberation Sans; Windows and macOS have Arial, Android Roboto.
      expect(await drawnFont(page, selector), `${selector} at ${width} px`).toEqual([expect.stringMatching(/^(Arial|Arimo|Liberation Sans|Roboto)$/)]);
    }
    expect(await sideways(page), `at ${width} px`).toBeNull();
  }
  // What a Linux without any of them draws for the site's font stack.
  await page.evaluate(() => document.documentElement.style.setProperty('--font-sans', "'DejaVu Sans', sans-serif"));
  expect(await drawnFont(page, 'main p')).toEqual(['DejaVu Sans']);
  expect(await sideways(page), 'in DejaVu Sans at 320 px').toBeNull();
}
