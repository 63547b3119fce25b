import { routes, site } from '@/lib/site';
import { expect, test, watchViolations } from './fixtures';

test.describe('Routes on the web server', () => {
  // On Apache, every-page.spec.ts's visit of each page takes these checks.
  for (const path of routes) {
    test(`${path} answers 200 on a direct load with one h1, no console errors and no CSP violation`, { tag: '@nginx-only' }, async ({ page, consoleErrors }) => {
      const violations = await watchViolations(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-type']).toContain('text/html');
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page).toHaveURL(path);
      if (path === '/') await expect(page).toHaveTitle(site.title);
      else await expect(page).not.toHaveTitle(site.title);
      // Hydrated: the consent banner a first-time visitor sees is the page's own script's doing.
      await expect(page.getByRole('region', { name: 'Analytics cookies' })).toBeVisible();
      expect(consoleErrors).toEqual([]);
      expect(await violations()).toEqual([]);
    });
  }

  test('an unknown path answers 404 with the custom not-found page', async ({ page }) => {
    const response = await page.goto('/nope');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  test('a trailing slash redirects permanently to the address without it', async ({ request }) => {
    const response = await request.get('/about/', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(new URL(response.headers()['location'], 'http://x').pathname).toBe('/about');
  });

  test('a .html address redirects permanently to the clean one', async ({ request }) => {
    const about = await request.get('/about.html', { maxRedirects: 0 });
    expect(about.status()).toBe(301);
    expect(new URL(about.headers()['location'], 'http://x').pathname).toBe('/about');
    const index = await request.get('/index.html', { maxRedirects: 0 });
    expect(new URL(index.headers()['location'], 'http://x').pathname).toBe('/');
  });

  test('pages are compressed and revalidated; hashed assets are cached as immutable', async ({ page, request }) => {
    const html = await request.get('/about', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(html.headers()['content-encoding']).toBe('gzip');
    expect(html.headers()['cache-control']).toBe('no-cache');

    await page.goto('/about');
    const script = await page.locator('script[src^="/_next/static/"]').first().getAttribute('src');
    const asset = await request.get(script!, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers()['content-encoding']).toBe('gzip');
  });

  test('directories are never listed and private files are never served', async ({ request }) => {
    for (const path of ['/_next/static/', '/_next/static', '/mail/', '/.htaccess', '/mail/config.example.ini']) {
      const response = await request.get(path);
      expect(response.status(), path).toBeGreaterThanOrEqual(400);
      expect(await response.text(), path).not.toContain('Index of');
    }
  });

  // The build's own files: any server that serves them serves these words.
  test('robots.txt and sitemap.xml name the live site', { tag: '@any-server' }, async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(await robots.text()).toContain(`Sitemap: ${site.url}/sitemap.xml`);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of routes) expect(sitemap).toContain(`<loc>${path === '/' ? `${site.url}/` : site.url + path}</loc>`);
  });
});
