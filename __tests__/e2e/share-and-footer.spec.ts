import { statSync } from 'node:fs';
import { absoluteUrl, footerLinks, site } from '@/lib/site';
import { expect, test } from './fixtures';

test.describe('Share strip', () => {
  test('follow links name their network and open in a new tab', async ({ page }) => {
    await page.goto('/');
    const strip = page.getByRole('complementary', { name: 'Follow and share' });
    for (const profile of site.social) {
      const link = strip.getByRole('link', { name: profile.label });
      await expect(link).toHaveAttribute('href', profile.href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
  });

  test('Copy link puts the page address on the clipboard and shows Copied! for 2 seconds', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.clock.install({ time: new Date('2026-01-01T10:00:00Z') });
    await page.goto('/coms');
    // From here on, time moves only when the test moves it.
    await page.clock.pauseAt(new Date('2026-01-01T10:01:00Z'));
    const status = page.getByRole('complementary', { name: 'Follow and share' }).getByRole('status');

    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(absoluteUrl('/coms'));

    await page.clock.runFor(1999);
    await expect(page.getByText('Copied!')).toBeVisible();
    await page.clock.runFor(1);
    await expect(page.getByText('Copied!')).toBeHidden();
    await expect(status).toHaveText('');
  });

  test('a refused clipboard only logs to the console', async ({ page, consoleErrors }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new Error('denied')) },
      });
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => consoleErrors.length).toBe(1);
    expect(consoleErrors[0]).toContain('Could not copy the page link');
    await expect(page.getByText('Copied!')).toHaveCount(0);
  });
});

test.describe('Footer', () => {
  test('shows quick links, phone, location, partner and copyright', async ({ page }) => {
    await page.goto('/contact');
    const footer = page.getByRole('contentinfo');
    const quickLinks = footer.getByRole('navigation', { name: 'Quick links' }).getByRole('link');
    await expect(quickLinks).toHaveText(footerLinks.map((link) => link.label));
    for (const link of footerLinks) {
      await expect(footer.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.href);
    }
    await expect(footer.getByRole('link', { name: site.phone.display })).toHaveAttribute('href', `tel:${site.phone.tel}`);
    await expect(footer).toContainText('Europe, South East Asia');
    const partner = footer.getByRole('link', { name: site.partner.name });
    await expect(partner).toHaveAttribute('href', site.partner.href);
    await expect(partner.getByRole('img')).toBeVisible();
    // From the specification's first year to the year the site was built.
    await expect(footer).toContainText(`© 2024–${statSync('out/index.html').mtime.getFullYear()} `);
  });

  test('the Services quick link leads to the overview of all eight services', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Services', exact: true }).click();
    await expect(page).toHaveURL('/services');
    await expect(page.getByRole('main').getByRole('heading', { level: 3 })).toHaveCount(8);
  });
});
