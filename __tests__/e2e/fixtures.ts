import { expect, test as base, type Page } from '@playwright/test';

/**
 * The browser under test may talk to the local server only: every request to another host is
 * aborted and recorded, and console errors are collected so a test can assert there were none.
 */
export const test = base.extend<{ consoleErrors: string[]; blockedRequests: string[] }>({
  blockedRequests: async ({}, provide) => {
    await provide([]);
  },
  consoleErrors: async ({ page }, provide) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await provide(errors);
  },
  context: async ({ context, blockedRequests }, provide) => {
    await context.route(
      (url) => !isLoopback(url.hostname),
      (route) => {
        blockedRequests.push(route.request().url());
        return route.abort('blockedbyclient');
      },
    );
    await provide(context);
  },
});

export { expect };

/** Time each page visit may take on a busy 2-core machine. */
const PER_VISIT_MS = 5_000;

/**
 * For a test that visits many pages (every route, say): its budget grows with their number, so a
 * sweep of a growing site never runs out of a fixed 30 s while nothing is wrong.
 */
export function visits(count: number): void {
  test.setTimeout(test.info().timeout + count * PER_VISIT_MS);
}

/** Collects every CSP violation the page reports, from the first script on. */
export async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}
