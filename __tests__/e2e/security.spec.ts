import { get } from 'node:http';
import type { APIResponse } from '@playwright/test';
import { routes } from '@/lib/site';
import { expect, test, visits, watchViolations } from './fixtures';

const requiredHeaders = {
  'strict-transport-security': 'max-age=31536000',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'cross-origin-resource-policy': 'same-origin',
};

function expectSecurityHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  for (const [name, value] of Object.entries(requiredHeaders)) expect(headers[name], `${name} on ${what}`).toBe(value);
  const csp = headers['content-security-policy'];
  expect(csp, `CSP on ${what}`).toBeDefined();
  const directives = Object.fromEntries(csp.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));
  expect(directives['default-src']).toEqual(["'self'"]);
  expect(directives['object-src']).toEqual(["'none'"]);
  expect(directives['base-uri']).toEqual(["'self'"]);
  expect(directives['form-action']).toEqual(["'self'"]);
  expect(directives['frame-ancestors']).toEqual(["'none'"]);
  expect(directives['script-src']).not.toContain("'unsafe-inline'");
  expect(directives['script-src']).not.toContain("'unsafe-eval'");
  expect(directives['style-src']).toEqual(["'self'"]);
  expect(directives['worker-src']).toEqual(["'self'"]);
  expect(directives['connect-src'][0]).toBe("'self'");
  expect(directives['connect-src'].slice(1).every((source: string) => /google(tagmanager|-analytics)?\.com|analytics\.google\.com/.test(source))).toBe(true);
  // Exactly one policy, set by the host: send.php adds none of its own.
  expect(response.headersArray().filter((header) => header.name.toLowerCase() === 'content-security-policy')).toHaveLength(1);
}

test.describe('Security headers from the web server', () => {
  test('every page, the not-found page and the mail endpoint carry every header', async ({ request }) => {
    visits(routes.length + 2);
    for (const path of [...routes, '/contact/sent', '/nope']) {
      expectSecurityHeaders(await request.get(path), path);
    }
    const wrongMethod = await request.get('/mail/send.php');
    expect(wrongMethod.status()).toBe(405);
    expectSecurityHeaders(wrongMethod, 'GET /mail/send.php');
  });

  test('private files and directory listings are not served', async ({ request }) => {
    const mail = ['/mail/config.php', '/mail/config.example.php', '/mail/admin.php', '/mail/deliver.php', '/mail/lib/store.php', '/mail/storage/messages.sqlite', '/mail/storage/'];
    for (const path of ['/.htaccess', '/.csp.nginx.conf', ...mail, '/_next/', '/_next/static/chunks/']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect([301, 403, 404], path).toContain(response.status());
      expect(await response.text(), path).not.toMatch(/Index of|<\?php|Require all denied|Content-Security-Policy/);
    }
  });
});

/**
 * One GET to this server on loopback, as a client sends it for `host` (its Host header), plus
 * `headers`: the status, and where it redirects to.
 */
function getFor(baseURL: string, host: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; location?: string }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((done, fail) => {
    get({ hostname, port, path, headers: { host, ...headers } }, (response) => {
      response.resume();
      done({ status: response.statusCode!, location: response.headers.location });
    }).on('error', fail);
  });
}

test.describe('HTTPS by default', () => {
  test('plain HTTP for the site’s own name is sent to HTTPS (301): the same host without the port, the same path and query', async ({ baseURL }) => {
    const { port } = new URL(baseURL!);
    for (const [host, path] of [['www.npts.test', '/about?utm_source=newsletter&q=a%20b'], [`www.npts.test:${port}`, '/'], ['www.npts.test', '/nope'], ['203.0.113.7', '/contact']]) {
      expect(await getFor(baseURL!, host, path), `Host: ${host}, ${path}`).toEqual({ status: 301, location: `https://${host.replace(/:\d+$/, '')}${path}` });
    }
  });

  test('localhost and loopback addresses are served over plain HTTP, as npm start and these tests are', async ({ baseURL }) => {
    const { port } = new URL(baseURL!);
    for (const host of ['localhost', `localhost:${port}`, '127.0.0.1', `127.0.0.1:${port}`, '127.8.9.10', '[::1]', `[::1]:${port}`]) {
      expect(await getFor(baseURL!, host, '/about?q=1'), `Host: ${host}`).toEqual({ status: 200, location: undefined });
    }
  });

  test('behind a proxy that took HTTPS (X-Forwarded-Proto: https) the page is served, not sent round again; X-Forwarded-Proto: http is redirected', async ({ baseURL }) => {
    expect(await getFor(baseURL!, 'www.npts.test', '/about', { 'x-forwarded-proto': 'https' })).toEqual({ status: 200, location: undefined });
    expect(await getFor(baseURL!, 'www.npts.test', '/about', { 'x-forwarded-proto': 'http' })).toEqual({ status: 301, location: 'https://www.npts.test/about' });
  });
});

test.describe('The contact store’s health check through the web server', () => {
  test('answers only with the configured token, and then says ok', async ({ request }) => {
    for (const query of ['', '?token=wrong']) {
      const hidden = await request.get(`/mail/health.php${query}`);
      expect(hidden.status()).toBe(404);
      expect(await hidden.text()).toContain('Page not found');
      expectSecurityHeaders(hidden, `/mail/health.php${query}`);
    }
    const health = await request.get(`/mail/health.php?token=${process.env.E2E_HEALTH_TOKEN}`);
    expect(health.status()).toBe(200);
    expect(await health.text()).toBe('ok\n');
    expect(health.headers()['cache-control']).toBe('no-store');
    expectSecurityHeaders(health, '/mail/health.php');
  });
});

test.describe('Content-Security-Policy in the browser', () => {
  // Each page on its own load: routes.spec.ts.
  test('following a link of the main navigation logs no violation', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL('/about');
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });

  test('the carousel rotating and its controls cause no violation', async ({ page, context, baseURL }) => {
    // A returning visitor, so the consent banner does not cover the controls.
    await context.addCookies([{ name: 'npts_analytics_consent', value: 'denied', url: baseURL! }]);
    const violations = await watchViolations(page);
    await page.clock.install();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Highlights' });
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(carousel.getByRole('heading', { level: 2 })).toHaveText('Custom Software Solutions');
    await carousel.getByRole('button', { name: 'Go to slide 3' }).click();
    await expect(carousel.getByRole('heading', { level: 2 })).toHaveText('AI-Powered Innovation');
    // Every slide's picture has been shown, and the rotation wraps round on its own.
    await page.mouse.move(0, 0);
    await page.clock.runFor(5000);
    await expect(carousel.getByRole('heading', { level: 2 })).toHaveText('NPTS');
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });

  test('accepting analytics runs the tag manager without a violation', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.route('https://www.googletagmanager.com/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'window.tagManagerStubLoaded = true;' }),
    );
    await page.goto('/');
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { tagManagerStubLoaded?: boolean }).tagManagerStubLoaded)).toBe(true);
    // The tag manager's own inline bootstrap ran too: it pushes gtm.js into the dataLayer.
    await expect.poll(() => page.evaluate(() => (window.dataLayer ?? []).some((entry) => (entry as { event?: string }).event === 'gtm.js'))).toBe(true);
    expect(await violations()).toEqual([]);
  });

  test('sending the contact form causes no violation', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('main').getByRole('alert')).not.toBeEmpty();
    await page.getByLabel('First name').fill('Ana');
    await page.getByLabel('Last name').fill('Petrova');
    await page.getByLabel('Email').fill('ana@example.com');
    await page.getByLabel('Message').fill('CSP check');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });
});
