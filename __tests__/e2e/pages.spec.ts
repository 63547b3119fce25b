import { createHash } from 'node:crypto';
import { routes, site } from '@/lib/site';
import { technologies } from '@/lib/tech-logos';
import { expect, test, visits } from './fixtures';

// The calls to action of each service page (spec §2): every-page.spec.ts, in the page's visit.
test('a service page’s opening call leads to the contact form, naming the page', async ({ page }) => {
  await page.goto('/software');
  await page.getByRole('main').getByRole('link', { name: 'Contact us', exact: true }).first().click();
  await expect(page).toHaveURL('/contact?from=/software');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
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
