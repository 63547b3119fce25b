import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { routes, site } from '@/lib/site';
import { technologies } from '@/lib/tech-logos';
import { expect, test, visits } from './fixtures';
import { contactLinksByBand } from './measure';

/**
 * The calls to action each service page must carry (spec §2), all leading to /contact, naming
 * their page for the lead's attribution (/contact?from=/coms): one in the opening band, any others
 * mid-page, and one that ends the page (a banner's text link where the spec asks for a banner).
 */
const ctas: Record<string, { hero: string; middle?: string[]; closing: string; banner?: true }> = {
  '/proto': { hero: 'Get more information', closing: 'Get more information' },
  '/rest': { hero: 'Contact us', closing: 'Contact us' },
  '/coms': { hero: 'Contact us', closing: 'Contact us' },
  '/network': { hero: 'Contact us', closing: 'Contact us' },
  '/vrit': { hero: 'Contact us', closing: 'Contact us' },
  '/software': { hero: 'Contact us', middle: ['Start your project'], closing: 'Contact us', banner: true },
  '/ai': { hero: 'Get started', middle: ['Contact us', 'Get started'], closing: 'Contact us', banner: true },
  '/consulting': { hero: 'Get started', middle: ['Contact us', 'Get started'], closing: 'Contact us', banner: true },
};

/** Links in the page's own content, leaving out the header, share strip and footer. */
function contentLinks(page: Page, name: string) {
  return page.getByRole('main').getByRole('link', { name, exact: true });
}

test.describe('Service page calls to action', () => {
  for (const [path, { hero, middle = [], closing, banner }] of Object.entries(ctas)) {
    const all = [hero, ...middle, closing];
    test(`${path}: ${all.join(', ')}, all to /contact, never two back to back, the last ${banner ? 'a banner’s link' : 'a button'} that ends the page`, async ({ page }) => {
      const contact = `/contact?from=${path}`;
      await page.goto(path);
      for (const name of new Set(all)) {
        const links = contentLinks(page, name);
        expect(await links.count(), name).toBeGreaterThan(0);
        for (const link of await links.all()) await expect(link).toHaveAttribute('href', contact);
      }
      const bands = await page.evaluate(contactLinksByBand);
      expect(bands.flatMap((band) => band.contact), 'the calls in the order of the page').toEqual(all);
      expect(bands[0].contact, 'the opening band').toEqual([hero]);
      expect(bands.at(-1)!.contact, 'the band that ends the page').toEqual([closing]);
      expect(bands.at(-2)!.contact, `“${bands.at(-2)!.name}”, the band before the last, has no call of its own`).toEqual([]);
      const last = page.getByRole('main').getByRole('region').last().getByRole('link', { name: closing, exact: true });
      await expect(last).toHaveAttribute('href', contact);
      const filled = await last.evaluate((link) => getComputedStyle(link).backgroundColor !== 'rgba(0, 0, 0, 0)');
      expect(filled, banner ? 'the banner’s text link' : 'a button').toBe(!banner);
      await contentLinks(page, hero).first().click();
      await expect(page).toHaveURL(contact);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }
});

test.describe('Page content', () => {
  test('About shows the six values, the two stats and named technology logos', async ({ page }) => {
    await page.goto('/about');
    for (const value of ['Innovation', 'Reliability', 'Collaboration', 'Excellence', 'Adaptability', 'Global perspective']) {
      await expect(page.getByRole('heading', { level: 3, name: value, exact: true })).toBeVisible();
    }
    for (const [value, label] of [
      ['24/7', 'Global Support'],
      ['100%', 'Remote Operations'],
    ]) {
      const stat = page.locator('dl > div').filter({ hasText: label });
      await expect(stat.getByRole('term')).toHaveText(label);
      await expect(stat.getByRole('definition')).toHaveText(value);
    }
    const logos = page.getByRole('main').getByRole('img');
    for (const name of ['TypeScript', 'React', 'Next.js', 'Node.js', 'Python', 'PHP', 'PostgreSQL', 'MySQL', 'Docker', 'Kubernetes', 'Linux', 'Swagger']) {
      const logo = logos.and(page.getByRole('img', { name, exact: true }));
      await logo.scrollIntoViewIfNeeded();
      await expect(logo).toBeVisible();
      // Drawn, not a broken-image box: the mark loads once the list scrolls into view.
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: name }).toBe(true);
    }
  });

  test('About keeps the logo marks out of its HTML and serves each as an SVG file', async ({ request }) => {
    const html = await (await request.get('/about')).text();
    const sources = [...html.matchAll(/<img[^>]+src="(\/logos\/[a-z]+\.svg)"/g)].map((match) => match[1]);
    expect(sources).toHaveLength(technologies.length);
    for (const icon of technologies) expect(html.includes(icon.path), icon.title).toBe(false);
    for (const source of sources) {
      const logo = await request.get(source);
      expect(logo.status(), source).toBe(200);
      expect(logo.headers()['content-type'], source).toMatch(/^image\/svg\+xml/);
      expect(await logo.text(), source).toMatch(/prefers-color-scheme:dark/);
    }
  });

});

test.describe('Search and sharing', () => {
  test('sitemap.xml lists every route once', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
    expect(listed.sort()).toEqual([...routes].sort());
  });

  // Its meta tags are checked on every page's visit (every-page.spec.ts); here, the images.
  test('every route’s share image is a 1200×630 PNG of its own, drawn at build time', async ({ request }) => {
    visits(routes.length);
    const images = new Map<string, string>();
    for (const path of routes) {
      const image = await request.get(`${path === '/' ? '' : path}/opengraph-image`);
      expect(image.status(), path).toBe(200);
      expect(image.headers()['content-type'], path).toBe('image/png');
      expect(pngSize(await image.body()), path).toEqual({ width: 1200, height: 630 });
      images.set(createHash('sha256').update(await image.body()).digest('hex'), path);
    }
    expect(images.size).toBe(routes.length);
  });

  // Every page's Organization JSON-LD is checked in its visit (every-page.spec.ts); here, its logo.
  test('the Organization JSON-LD names a logo that is served', async ({ request }) => {
    const html = await (await request.get('/coms')).text();
    const data = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]);
    expect(data).toMatchObject({ '@type': 'Organization', name: site.name });
    const logo = await request.get(new URL(data.logo).pathname);
    expect(logo.status()).toBe(200);
    expect(logo.headers()['content-type']).toBe('image/png');
    expect(pngSize(await logo.body())).toEqual({ width: site.logo.width, height: site.logo.height });
  });
});

/** The width and height a PNG declares in its IHDR chunk, after checking its signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
