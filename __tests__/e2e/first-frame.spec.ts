import { routes } from '@/lib/site';
import { expect, test } from './fixtures';

// The page's largest paint (what LCP times) is fetched with the HTML, never waited for: a lazy
// image is only requested once the page has been laid out, a round trip later on a slow link.
for (const viewport of [
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
]) {
  for (const path of routes) {
    test(`${path} at ${viewport.width} px: the largest paint is not a lazy image`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(path);
      const largest = await page.evaluate(
        () =>
          new Promise<{ tag: string; loading: string | null; src: string | null; preloaded: boolean }>((resolve) => {
            new PerformanceObserver((list) => {
              const element = (list.getEntries().at(-1) as LargestContentfulPaint).element!;
              const src = element.getAttribute('src');
              resolve({
                tag: element.tagName,
                loading: element.getAttribute('loading'),
                src,
                preloaded: !!src && !!document.querySelector(`link[rel="preload"][as="image"][href="${src}"]`),
              });
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      expect(largest.loading, `${largest.tag} ${largest.src ?? ''}`).not.toBe('lazy');
      if (largest.tag === 'IMG') expect(largest.preloaded, `${largest.src} is preloaded`).toBe(true);
    });
  }
}
