import type { Page } from '@playwright/test';
import PostalMime from 'postal-mime';
import { messages } from '@/lib/contact';
import contract from '@/mail/contract.json';
import { delivered, expect, operator, test } from './fixtures';

/** What the page pushed to the data layer as GA4's lead event. */
async function leadEvents(page: Page) {
  return page.evaluate(() => (window.dataLayer ?? []).filter((entry) => (entry as { event?: string }).event === 'generate_lead'));
}

/** Fills in the form with a marker in the message and sends it. */
async function sendForm(page: Page, marker: string) {
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('Petrova');
  await page.getByLabel('Email').fill('ana@example.com');
  await page.getByLabel('Company').fill('Blue Line Shipping');
  await page.getByLabel('Message', { exact: false }).fill(`We need crew Wi-Fi on three vessels. ${marker}`);
  // A person takes a few seconds to fill in the form; faster than that counts as a bot.
  await page.clock.fastForward(5000);
  await page.getByRole('button', { name: 'Send message' }).click();
}

/** Sends the form as sendForm does, and waits until the page says the server accepted it. */
async function sendAccepted(page: Page, marker: string) {
  await sendForm(page, marker);
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: messages.success })).toBeVisible();
}

/** Opens `url` and follows its first "Contact us" to the form, whose address names the page it came from. */
async function followContactUs(page: Page, url: string) {
  await page.goto(url);
  await page.getByRole('main').getByRole('link', { name: 'Contact us' }).first().click();
  await expect(page).toHaveURL(`/contact?from=${url.split('?')[0]}`);
}

function exported(marker: string) {
  return operator('admin.php', 'export', '--format', 'jsonl').stdout.trim().split('\n').map((line) => JSON.parse(line)).find((row) => row.message.includes(marker));
}

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

test.describe('GA4 lead event', () => {
  test('one generate_lead after a send the server confirmed, with the page that led to the form', async ({ page }) => {
    const marker = `e2e-${Date.now()}-lead`;
    await followContactUs(page, '/network');
    await sendAccepted(page, marker);
    // Give a late duplicate every chance to appear.
    await page.clock.runFor(1000);
    expect(await leadEvents(page)).toEqual([{ event: 'generate_lead', form_id: 'contact', lead_source: '/network' }]);
    await expect.poll(() => delivered(marker).length).toBe(1);
  });

  test('none after an invalid submit, and none when the server answers success false', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.invalid);
    await page.route('**/mail/send.php', (route) => route.fulfill({ status: 429, json: { success: false, message: contract.texts.tooMany } }));
    await sendForm(page, 'refused');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(contract.texts.tooMany);
    await page.route('**/mail/send.php', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.failed);
    expect(await leadEvents(page)).toEqual([]);
  });
});

test.describe('Attribution', () => {
  test('a campaign visit that follows a service page’s call to action is mailed and exported with the page and the campaign', async ({ page }) => {
    const marker = `e2e-${Date.now()}-campaign`;
    await followContactUs(page, '/coms?utm_source=linkedin&utm_campaign=fleet-2027');
    await sendAccepted(page, marker);

    await expect.poll(() => delivered(marker).length).toBe(1);
    const mail = (await PostalMime.parse(delivered(marker)[0])).text;
    expect(mail).toContain('Came from:  /coms');
    expect(mail).toContain('Campaign:   utm_source=linkedin, utm_campaign=fleet-2027');
    expect(exported(marker)).toMatchObject({ source: '/coms', utm_source: 'linkedin', utm_campaign: 'fleet-2027', utm_medium: null });
  });

  test('a visit through several pages by client-side navigation names the page before the form', async ({ page }) => {
    const marker = `e2e-${Date.now()}-path`;
    await page.goto('/coms?utm_source=newsletter');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL('/about');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL('/contact');
    await sendAccepted(page, marker);
    await expect.poll(() => exported(marker)?.source).toBe('/about');
    expect(exported(marker)).toMatchObject({ utm_source: 'newsletter', utm_campaign: null });
  });

  test('the source in the link survives a reload of the form; nothing is kept on the device', async ({ page, context }) => {
    const marker = `e2e-${Date.now()}-reload`;
    await page.goto('/contact?from=/software');
    await page.reload();
    await sendAccepted(page, marker);
    await expect.poll(() => exported(marker)?.source).toBe('/software');
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
  });
});
