import { expect, test } from './fixtures';

// What only a browser shows of the main navigation: how the bar marks where the visitor is, and
// that it never hides what has focus. How its dropdowns and the phone's menu open, close and keep
// focus is __tests__/nav-menu.test.tsx's; the phone's menu on screen, layout.spec.ts's.
test.describe('Main navigation, desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the bar shows where the visitor is: Services on the overview and each service, Contact on the contact page', async ({ page }) => {
    const services = page.getByRole('banner').getByRole('button', { name: 'Services' });
    const contact = page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true });
    const look = async () => ({
      services: await services.evaluate((button) => getComputedStyle(button).color),
      contact: await contact.evaluate((link) => getComputedStyle(link).textDecorationLine),
    });
    await page.goto('/about');
    const elsewhere = await look();
    await page.goto('/ai');
    const onAService = await look();
    expect(onAService.services).not.toBe(elsewhere.services);
    await page.goto('/services');
    expect((await look()).services).toBe(onAService.services);
    expect(elsewhere.contact).toBe('none');
    await page.goto('/contact');
    await expect(contact).toHaveAttribute('aria-current', 'page');
    expect((await look()).contact).toBe('underline');
  });

  test('the fixed bar never hides the focused element', async ({ page }) => {
    await page.goto('/services');
    // Tab backwards from the footer until a link in the page body has focus, as a keyboard user would.
    await page.getByRole('link', { name: 'About us' }).focus();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Shift+Tab');
      const insideMain = await page.evaluate(() => !!document.activeElement?.closest('main'));
      if (insideMain) break;
    }
    const header = await page.locator('header').boundingBox();
    const focused = await page.evaluate(() => document.activeElement!.getBoundingClientRect().top);
    expect(focused).toBeGreaterThanOrEqual(header!.y + header!.height);
  });
});
