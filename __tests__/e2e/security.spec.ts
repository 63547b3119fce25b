import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { APIResponse } from '@playwright/test';
import { sheetHref } from '@/lib/service-sheets';
import { routes } from '@/lib/site';
import { startServer } from './extra-server';
import { expect, test, visits, watchViolations } from './fixtures';

const requiredHeaders = {
  'strict-transport-security': 'max-age=31536000',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'cross-origin-resource-policy': 'same-origin',
};

function directivesOf(policy: string): Record<string, string[]> {
  return Object.fromEntries(policy.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...sources]) => [name, sources]));
}

const sha256 = (source: string) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

/** The header of an answer that is not a page: it runs nothing, and an SVG may still style itself. */
const ASSET_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";
/** The header of a script: the contact form's Web Worker loads its chunks from the site, nothing else. */
const SCRIPT_POLICY = "default-src 'none'; script-src 'self'; frame-ancestors 'none'";

/** What both the header and each page's own policy hold to. Neither ever allows inline code as such. */
function expectCommonDirectives(directives: Record<string, string[]>, what: string) {
  expect(directives['object-src'], what).toEqual(["'none'"]);
  expect(directives['base-uri'], what).toEqual(["'self'"]);
  expect(directives['form-action'], what).toEqual(["'self'"]);
  expect(directives['worker-src'], what).toEqual(["'self'"]);
  expect(directives['font-src'], what).toEqual(["'self'"]);
  expect(directives['connect-src'][0], what).toBe("'self'");
  expect(directives['connect-src'].slice(1).every((source: string) => /google(tagmanager|-analytics)?\.com|analytics\.google\.com/.test(source)), what).toBe(true);
  expect(Object.values(directives).flat(), what).not.toContain("'unsafe-inline'");
  expect(Object.values(directives).flat(), what).not.toContain("'unsafe-eval'");
}

async function expectSecurityHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  for (const [name, value] of Object.entries(requiredHeaders)) expect(headers[name], `${name} on ${what}`).toBe(value);
  const csp = headers['content-security-policy'];
  expect(csp, `CSP on ${what}`).toBeDefined();
  // Exactly one policy, set by the host: send.php adds none of its own.
  expect(response.headersArray().filter((header) => header.name.toLowerCase() === 'content-security-policy')).toHaveLength(1);
  if (!headers['content-type']?.startsWith('text/html')) {
    expect(csp, `CSP on ${what}, not a page`).toBe(ASSET_POLICY);
    return;
  }
  const directives = directivesOf(csp);
  expectCommonDirectives(directives, `the header on ${what}`);
  expect(directives['frame-ancestors']).toEqual(["'none'"]);
  // The same for every build: it names no source of scripts or styles (nor default-src, which
  // would stand in for them), so each page's own policy decides which inline ones apply.
  expect(Object.keys(directives)).not.toEqual(expect.arrayContaining(['default-src']));
  expect(Object.keys(directives)).not.toEqual(expect.arrayContaining(['script-src']));
  expect(Object.keys(directives)).not.toEqual(expect.arrayContaining(['style-src']));
  // A page: its own policy comes first in <head>, before any script or style, and allows exactly
  // its own inline scripts and styles by hash.
  const html = await response.text();
  const head = /^<!DOCTYPE html><html[^>]*><head><meta charSet="utf-8"\/><meta http-equiv="Content-Security-Policy" content="([^"]*)"\/>/.exec(html);
  expect(head, `the policy first in the <head> of ${what}`).not.toBeNull();
  const own = directivesOf(head![1]);
  expectCommonDirectives(own, `the policy of ${what}`);
  expect(own['default-src'], what).toEqual(["'self'"]);
  // Not allowed in a <meta>: browsers ignore it there and say so in the console.
  expect(own['frame-ancestors'], what).toBeUndefined();
  const scripts = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(([, source]) => sha256(source));
  expect(own['script-src'].filter((source) => source.startsWith("'sha256-")), what).toEqual(expect.arrayContaining(scripts));
  expect(own['script-src'].every((source) => /^('self'|'sha256-[A-Za-z0-9+/=]+'|https:\/\/www\.googletagmanager\.com)$/.test(source)), what).toBe(true);
  // The first screen's CSS, inline: exactly its hash beside the site's own stylesheets.
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(([, source]) => sha256(source));
  expect(styles.length, `inline CSS in ${what}`).toBeGreaterThan(0);
  expect(own['style-src'][0], what).toBe("'self'");
  expect(own['style-src'].slice(1).toSorted(), what).toEqual([...new Set(styles)].toSorted());
}

test.describe('Security headers from the web server', () => {
  test('every page, the not-found page and the mail endpoint carry every header', async ({ request }) => {
    visits(routes.length + 2);
    for (const path of [...routes, '/contact/sent', '/nope']) {
      await expectSecurityHeaders(await request.get(path), path);
    }
    const wrongMethod = await request.get('/mail/send.php');
    expect(wrongMethod.status()).toBe(405);
    await expectSecurityHeaders(wrongMethod, 'GET /mail/send.php');
  });

  test('private files and directory listings are not served', async ({ request }) => {
    const mail = ['/mail/config.ini', '/mail/config.php', '/mail/config.example.ini', '/mail/admin.php', '/mail/deliver.php', '/mail/lib/store.php', '/mail/storage/messages.sqlite', '/mail/storage/'];
    for (const path of ['/.htaccess', ...mail, '/_next/', '/_next/static/chunks/']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect([301, 403, 404], path).toContain(response.status());
      // Pages carry a policy of their own: what must not show is .htaccess's or nginx's.
      expect(await response.text(), path).not.toMatch(/Index of|<\?php|Require all denied|Header always set|add_header/);
    }
  });
});

test.describe('What is not a page', () => {
  test('carries a policy of its own by type that runs nothing: SVG, text, JSON, XML, images, fonts, styles, a service sheet (PDF), their compressed twins; a script only what the form\'s Web Worker needs', async ({ request }) => {
    const script = /<script[^>]*\ssrc="(\/_next\/static\/[^"]+\.js)"/.exec(readFileSync('out/index.html', 'utf8'))![1];
    const file = (dir: string, extension: string) => `/${dir}/${readdirSync(join('out', dir)).find((name) => name.endsWith(extension))}`;
    const answers: [string, string, string | null][] = [
      ['/robots.txt', 'text/plain', null],
      ['/sitemap.xml', '(application|text)/xml', null],
      ['/logo.svg', 'image/svg\\+xml', null],
      // The build's twins of a file of 1 KiB or more: Brotli and gzip, typed as the file.
      ['/illustrations/ai.svg', 'image/svg\\+xml', 'br'],
      ['/illustrations/ai.svg', 'image/svg\\+xml', 'gzip'],
      ['/opengraph-image', 'image/png', null],
      ['/logo.png', 'image/png', null],
      [sheetHref('/vrit'), 'application/pdf', null],
      [file('_next/static/media', '.woff2'), 'font/woff2', null],
      [file('_next/static/chunks', '.css'), 'text/css', null],
      ['/mail/send.php', 'application/json', null],
    ];
    for (const [path, type, encoding] of answers) {
      const response = await request.get(path, { headers: { 'accept-encoding': encoding ?? 'identity' } });
      const what = `${path}${encoding ? ` (${encoding})` : ''}`;
      expect(response.status(), what).toBe(path === '/mail/send.php' ? 405 : 200);
      expect(response.headers()['content-type'], what).toMatch(new RegExp(`^${type}`));
      expect(response.headers()['content-encoding'], what).toBe(encoding ?? undefined);
      expect(response.headers()['content-security-policy'], what).toBe(ASSET_POLICY);
    }
    expect((await request.get(script)).headers()['content-security-policy']).toBe(SCRIPT_POLICY);
    // A 304 of a page never carries another answer's policy: a browser stores what a 304 sends
    // with the page it keeps (nginx sends none: the stored one stays).
    const page = await request.get('/about', { headers: { 'accept-encoding': 'identity' } });
    const again = await request.get('/about', { headers: { 'accept-encoding': 'identity', 'if-none-match': page.headers().etag } });
    expect(again.status()).toBe(304);
    expect([undefined, page.headers()['content-security-policy']]).toContain(again.headers()['content-security-policy']);
  });

  test('a script inside an SVG served from the site does not run', async ({ page }, testInfo) => {
    const name = `e2e-script-${testInfo.project.name}.svg`;
    writeFileSync(join('out', name), '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="window.ranOnload = true"><script>window.ran = true;</script><rect width="40" height="40" fill="#0e7f87"/></svg>\n');
    try {
      const violations = await watchViolations(page);
      const response = await page.goto(`/${name}`);
      expect(response!.headers()['content-security-policy']).toBe(ASSET_POLICY);
      expect(await page.evaluate(() => [(window as unknown as { ran?: boolean }).ran, (window as unknown as { ranOnload?: boolean }).ranOnload])).toEqual([undefined, undefined]);
      expect((await violations()).map((violation) => violation.split(' ')[0]).toSorted()).toEqual(['script-src-attr', 'script-src-elem']);
    } finally {
      rmSync(join('out', name), { force: true });
    }
  });

  test('an ACME challenge file is served for certbot --webroot, as plain text; nothing else under a dot is', async ({ request }, testInfo) => {
    const token = `e2e-${testInfo.project.name}-token_1-x`;
    const file = join('out', '.well-known', 'acme-challenge', token);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${token}.thumbprint`);
    writeFileSync(join('out', '.well-known', 'other.txt'), 'not for anyone');
    try {
      const challenge = await request.get(`/.well-known/acme-challenge/${token}`);
      expect(challenge.status()).toBe(200);
      expect(await challenge.text()).toBe(`${token}.thumbprint`);
      for (const path of ['/.well-known/acme-challenge/', '/.well-known/other.txt', '/.htaccess']) {
        const response = await request.get(path, { maxRedirects: 0 });
        expect([301, 403, 404], path).toContain(response.status());
        expect(await response.text(), path).not.toMatch(/Require all denied|not for anyone/);
      }
    } finally {
      rmSync(join('out', '.well-known'), { recursive: true, force: true });
    }
  });
});

test.describe('Root\'s configuration', () => {
  test('docs/nginx.conf includes no file under the site\'s folder: nginx started as root, over a release another account wrote, creates no file that release names', async ({}, testInfo) => {
    test.skip(testInfo.project.metadata.server !== 'nginx', 'nginx\'s configuration');
    test.skip(process.getuid?.() !== 0, 'nginx\'s master process runs as root only when started as root (CI is)');
    // A release as the deploy account could write it, naming files nginx's master would make as
    // root if it read them: the include of earlier versions, and the same under other names.
    const docroot = mkdtempSync(join(tmpdir(), 'npts-release-'));
    const made = mkdtempSync(join(tmpdir(), 'npts-made-'));
    chmodSync(docroot, 0o755);
    for (const file of ['index.html', '404.html', 'robots.txt']) cpSync(join('out', file), join(docroot, file));
    const planted = (name: string) => `access_log ${join(made, `${name}.log`)};\nerror_log ${join(made, `${name}-error.log`)};\n`;
    for (const name of ['.csp.nginx.conf', 'nginx.conf', '.nginx.conf', 'mail/nginx.conf']) {
      mkdirSync(dirname(join(docroot, name)), { recursive: true });
      writeFileSync(join(docroot, name), planted(name.replace(/\W/g, '-')));
    }
    const nobody = Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' }));
    execFileSync('chown', ['-R', `${nobody}:${nobody}`, docroot]);
    const nginx = await startServer('nginx', { DOCROOT: docroot });
    try {
      expect((await fetch(nginx.url)).status).toBe(200);
      expect(readdirSync(made)).toEqual([]);
    } finally {
      await nginx.stop();
      for (const dir of [docroot, made]) rmSync(dir, { recursive: true, force: true });
    }
    // It names no file but nginx's own fastcgi_params.
    const includes = [...readFileSync('docs/nginx.conf', 'utf8').matchAll(/^\s*include\s+([^;]+);/gm)].map(([, file]) => file);
    expect(includes.filter((file) => file !== 'fastcgi_params')).toEqual([]);
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
      await expectSecurityHeaders(hidden, `/mail/health.php${query}`);
    }
    const health = await request.get(`/mail/health.php?token=${process.env.E2E_HEALTH_TOKEN}`);
    expect(health.status()).toBe(200);
    expect(await health.text()).toBe('ok\n');
    expect(health.headers()['cache-control']).toBe('no-store');
    await expectSecurityHeaders(health, '/mail/health.php');
  });
});

test.describe('Content-Security-Policy in the browser', () => {
  // Each page on its own load: routes.spec.ts.
  test('an inline script or style the build did not write is refused: the page’s own policy decides, under a header that names no script or style source', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.route('**/about', async (route) => {
      const response = await route.fetch();
      const injected = '<style>h1 { visibility: hidden; }</style><script>window.injected = true;</script>';
      const html = (await response.text()).replace('</body>', `${injected}</body>`);
      // The headers as the server sent them (the header policy included), for the body as decoded.
      const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => !['content-encoding', 'content-length'].includes(name)));
      await route.fulfill({ status: response.status(), headers, body: html });
    });
    await page.goto('/about');
    await expect(page.locator('h1')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    expect((await violations()).toSorted()).toEqual([expect.stringMatching(/^script-src(-elem)? inline /), expect.stringMatching(/^style-src(-elem)? inline /)]);
  });

  test('following a link of the main navigation logs no violation', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL('/about');
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });

  test('the carousel rotating and its controls cause no violation and no script error', async ({ page, context, baseURL, consoleErrors }) => {
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
    expect(consoleErrors).toEqual([]);
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
