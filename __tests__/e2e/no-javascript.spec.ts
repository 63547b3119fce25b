import { routes } from '@/lib/site';
import { expect, test } from './fixtures';

test.use({ javaScriptEnabled: false });

test('every page is reachable from the home page by plain links without JavaScript', async ({ page }) => {
  const seen = new Set<string>(['/']);
  const queue = ['/'];
  while (queue.length > 0) {
    const path = queue.shift()!;
    await page.goto(path);
    const hrefs = await page.locator('a[href^="/"]:visible').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    for (const href of hrefs) {
      const target = href.split('#')[0];
      if (target && !seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  for (const path of routes) expect(seen, `${path} is linked`).toContain(path);
});
