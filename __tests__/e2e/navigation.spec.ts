import { serviceLinks, vesselLinks } from '@/lib/site';
import { expect, test } from './fixtures';

test.describe('Main navigation, desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the Services dropdown opens with the mouse, lists five pages and leads to one', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const button = nav.getByRole('button', { name: 'Services' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`#${await button.getAttribute('aria-controls')}`);
    await expect(menu.getByRole('link')).toHaveText(serviceLinks.map((link) => link.label));

    await menu.getByRole('link', { name: 'AI automation' }).click();
    await expect(page).toHaveURL('/ai');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI automation');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(menu.getByRole('link', { name: 'AI automation' })).toHaveAttribute('aria-current', 'page');
  });

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

  test('a click outside closes an open dropdown', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Vessel / Rig IT' });
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('the Vessel / Rig IT dropdown works from the keyboard', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Vessel / Rig IT' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`#${await button.getAttribute('aria-controls')}`);
    await expect(menu.getByRole('link')).toHaveText(vesselLinks.map((link) => link.label));

    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Communication' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();

    await page.keyboard.press('Space');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // Tabbing past the last item moves focus out of the group, which closes it.
    for (let i = 0; i < vesselLinks.length + 1; i++) await page.keyboard.press('Tab');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true })).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/coms');
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

test.describe('Main navigation, mobile (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

  test('the menu slides in, holds focus, stops the page scrolling and closes on selection', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menuButton = nav.getByRole('button', { name: 'Menu' });
    await expect(nav.getByRole('link', { name: 'About', exact: true })).toBeHidden();

    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
    await expect(nav.getByRole('link', { name: 'About', exact: true })).toBeInViewport();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

    const services = nav.getByRole('button', { name: 'Services' });
    await services.click();
    await expect(nav.getByRole('link', { name: 'Legacy to REST API' })).toBeVisible();
    await nav.getByRole('link', { name: 'Legacy to REST API' }).click();
    await expect(page).toHaveURL('/rest');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'About', exact: true })).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });

  test('Escape and the backdrop close the menu and return focus to its button', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menuButton = nav.getByRole('button', { name: 'Menu' });

    await menuButton.click();
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await page.mouse.click(20, 400);
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();
    await expect(page).toHaveURL('/about');
  });

  test('Tab cycles inside the open menu', async ({ page }) => {
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    await page.keyboard.press('Shift+Tab');
    await expect(menuButton).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menuButton).toBeFocused();
  });
});
