import { site } from '@/lib/site';
import { expect, test } from './fixtures';
import { box, intersects } from './page-checks';

// Layout that needs the page to be used (a slide chosen, a menu opened, a link copied), measured
// on a laptop and a phone, in light: dark mode changes colours only. What a page shows as it
// loads is measured in its every-page.spec.ts visit (page-checks.ts).
const screens = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;

test.describe('Home first screen', () => {
  for (const width of [320, 375, 1280]) {
    test(`at ${width} px no slide's text overlaps its picture, and every picture is whole and inside the hero`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      const carousel = page.getByRole('region', { name: 'Highlights' });
      for (const [index, slide] of (await carousel.getByRole('group', { includeHidden: true }).all()).entries()) {
        await page.getByRole('button', { name: `Go to slide ${index + 1}` }).click();
        await expect(slide).toBeVisible();
        // Measured in the page at once: the slide's picture, its words and links, the h1, the controls.
        const problems = await carousel.evaluate((region, current) => {
          const box = (element: Element) => element.getBoundingClientRect();
          const meet = (a: DOMRect, b: DOMRect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
          const group = region.querySelectorAll('[aria-roledescription="slide"]')[current];
          const picture = group.querySelector('img')!;
          const [art, hero] = [box(picture), box(region)];
          const links = [...group.querySelectorAll('a')];
          const found: string[] = [];
          for (const text of [group.querySelector('h2')!, group.querySelector('p')!, ...links]) if (meet(box(text), art)) found.push(`“${text.textContent}” on the picture`);
          if (meet(box(document.querySelector('h1')!), art)) found.push('the h1 on the picture');
          for (const control of region.querySelectorAll('button')) for (const link of links) if (meet(box(control), box(link))) found.push(`a control on “${link.textContent}”`);
          if (art.x < hero.x || art.y < hero.y || art.right > hero.right + 0.5 || art.bottom > hero.bottom + 0.5) found.push('the picture outside the hero');
          // Drawn whole: the picture keeps its own proportions in its box.
          const fit = getComputedStyle(picture).objectFit;
          if (fit !== 'contain' && Math.abs(art.width / art.height - 1600 / 600) >= 0.02) found.push(`the picture ${fit} at ${(art.width / art.height).toFixed(2)}`);
          return found.map((problem) => `slide ${current + 1}: ${problem}`);
        }, index);
        expect(problems).toEqual([]);
      }
    });
  }
});

test.describe('Header call to action', () => {
  for (const { width, height } of screens) {
    test(`at ${width} px Contact is a button-style link in the bar, the navigation's last item`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.goto('/about');
      const nav = page.getByRole('navigation', { name: 'Main' });
      const contact = nav.getByRole('link', { name: 'Contact', exact: true });
      await expect(contact).toBeVisible();
      await expect(contact).toHaveAttribute('href', '/contact');
      const style = await contact.evaluate((link) => {
        const computed = getComputedStyle(link);
        return { background: computed.backgroundColor, accent: getComputedStyle(document.documentElement).getPropertyValue('--color-amber-400').trim() };
      });
      expect(style.background).toBe('rgb(245, 184, 61)');
      expect(style.accent).toBe('#f5b83d');
      const header = await box(page.getByRole('banner'));
      const cta = await box(contact);
      expect(cta.y >= header.y && cta.y + cta.height <= header.y + header.height, 'inside the header bar').toBe(true);
      if (width < 900) {
        // On phones it stays in the bar, and the menu, out of sight until opened, slides into view
        // ending with it too.
        await expect(nav.getByRole('link', { name: 'About', exact: true })).toBeHidden();
        await nav.getByRole('button', { name: 'Menu' }).click();
        await expect(nav.getByRole('link', { name: 'About', exact: true })).toBeInViewport();
        await expect(nav.getByRole('link').last()).toHaveText('Contact');
        await expect(nav.getByRole('link', { name: 'Contact', exact: true })).toHaveCount(1);
      } else {
        await expect(nav.getByRole('link').last()).toHaveText('Contact');
      }
    });
  }

  test('every dropdown label sits on one line, and the dropdowns keep five and three items', async ({ page }) => {
    await page.goto('/');
    for (const [name, count] of [['Services', 5], ['Vessel / Rig IT', 3]] as const) {
      await page.getByRole('button', { name }).click();
      const links = page.getByRole('navigation', { name: 'Main' }).getByRole('list').getByRole('list').getByRole('link');
      await expect(links).toHaveCount(count);
      for (const link of await links.all()) {
        const lines = await link.evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        });
        expect(lines, (await link.textContent()) ?? "").toBe(1);
      }
      await page.keyboard.press('Escape');
    }
  });
});

test.describe('Page frame', () => {
  for (const width of [320, 375, 1280]) {
    test(`at ${width} px the share strip keeps its label and Copy link on one row, and Copied! covers nothing`, async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/about');
      const strip = page.getByRole('complementary', { name: 'Follow and share' });
      const label = await box(strip.getByText(`Follow ${site.name}`));
      const button = strip.getByRole('button', { name: 'Copy link' });
      const copy = await box(button);
      expect(Math.abs(label.y + label.height / 2 - (copy.y + copy.height / 2)), 'label and button on one row').toBeLessThanOrEqual(2);
      await button.click();
      const status = await box(strip.getByText('Copied!'));
      expect(status.x).toBeGreaterThanOrEqual(0);
      expect(status.x + status.width).toBeLessThanOrEqual(width);
      for (const other of [label, copy, ...(await Promise.all((await strip.getByRole('link').all()).map(box)))]) {
        expect(intersects(status, other), `Copied! clear of ${JSON.stringify(other)}`).toBe(false);
      }
    });
  }
});
