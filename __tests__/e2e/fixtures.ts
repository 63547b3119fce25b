import { expect, test as base } from '@playwright/test';

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

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}
