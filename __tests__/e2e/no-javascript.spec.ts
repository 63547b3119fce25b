import { routes, unlistedRoutes } from '@/lib/site';
import { expect, test, visits } from './fixtures';

test.use({ javaScriptEnabled: false });

test('every page is reachable from the home page by plain links without JavaScript, and every link answers 200', async ({ page }) => {
  // The crawl reaches every route, and perhaps the contact form's result pages.
  visits(routes.length + unlistedRoutes.length);
  // Each page, and the first link that led to it: named in a failure, so it can be found.
  const foundBy = new Map<string, string>([['/', 'the start']]);
  const queue = ['/'];
  const broken: string[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    const response = await page.goto(path);
    const redirected = response?.request().redirectedFrom();
    if (response?.status() !== 200 || redirected) {
      broken.push(`${path} (${foundBy.get(path)}) answers ${redirected ? `${redirected.url()} → ${response?.url()}` : response?.status()}`);
      continue;
    }
    const links = await page.locator('a[href^="/"]:visible').evaluateAll((anchors) => anchors.map((anchor) => ({ href: anchor.getAttribute('href')!, text: anchor.textContent!.trim() })));
    for (const { href, text } of links) {
      const target = href.split('#')[0];
      if (target && !foundBy.has(target)) {
        foundBy.set(target, `the link “${text || href}” on ${path}`);
        queue.push(target);
      }
    }
  }
  expect(broken, 'links that do not lead straight to a page').toEqual([]);
  for (const path of routes) expect([...foundBy.keys()], `${path} is linked`).toContain(path);
});
