import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { messages } from '@/lib/contact';
import { expect, test } from './fixtures';

/** scripts/apache.mjs and scripts/nginx.mjs keep the messages their server accepts beside its logs. */
function outbox(): string {
  const server = test.info().project.metadata.server as 'apache' | 'nginx';
  return join('.e2e', `${server}-${server === 'nginx' ? process.env.E2E_NGINX_PORT : process.env.E2E_PORT}`, 'mail', 'outbox');
}

function delivered(marker: string): string[] {
  const dir = outbox();
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.map((name) => readFileSync(join(dir, name), 'utf8')).filter((mail) => mail.includes(marker));
}

async function fill(page: Page, values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: false }).fill(value ?? '');
}

function mailRequests(page: Page) {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/mail/send.php')) sent.push(request.postData() ?? '');
  });
  return sent;
}

test.describe('Contact form with JavaScript', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
    await page.goto('/contact');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
  });

  test('an empty form sends nothing and shows the error toast', async ({ page }) => {
    const sent = mailRequests(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.invalid);
    await expect(page.getByLabel('First name')).toBeFocused();
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  test('a bad email sends nothing, keeps the fields and marks the email', async ({ page }) => {
    const sent = mailRequests(page);
    await fill(page, { 'First name': 'Ana', 'Last name': 'Petrova', Email: 'ana at example.com', Message: 'Hello' });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.invalid);
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByLabel('First name')).toHaveValue('Ana');
    expect(sent).toEqual([]);
  });

  test('a valid message is delivered, the form clears and the success toast shows then hides', async ({ page }) => {
    const marker = `e2e-${Date.now()}-js`;
    const sent = mailRequests(page);
    await fill(page, {
      'First name': 'Ana',
      'Last name': 'Petrova',
      Email: 'ana@example.com',
      Company: 'Blue Line Shipping',
      Phone: '+359 88 000 0000',
      Message: `We need VSAT and 4/5G for three vessels. ${marker}`,
    });
    // A person takes a few seconds to fill the form; faster than that counts as a bot.
    await page.clock.fastForward(5000);
    await page.getByRole('button', { name: 'Send message' }).click();

    await expect(page.getByRole('main').getByRole('status').filter({ hasText: messages.success })).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0])).toMatchObject({ firstName: 'Ana', subject: 'New Contact Form Submission' });
    for (const label of ['First name', 'Last name', 'Email', 'Company', 'Phone', 'Message']) {
      await expect(page.getByLabel(label, { exact: false })).toHaveValue('');
    }
    await expect.poll(() => delivered(marker).length).toBe(1);
    expect(delivered(marker)[0]).toContain('Blue Line Shipping');

    await page.clock.runFor(5000);
    await expect(page.getByText(messages.success)).toHaveCount(0);
  });

  test('the server’s own message shows when it refuses what the browser accepted', async ({ page }) => {
    // The browser's simple pattern accepts this address; the server's stricter check does not.
    await fill(page, { 'First name': 'Ana', 'Last name': 'Petrova', Email: 'ana..petrova@example.com', Message: 'Hello' });
    await page.clock.fastForward(5000);
    await page.getByRole('button', { name: 'Send message' }).click();
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).not.toBeEmpty();
    await expect(alert).not.toHaveText(messages.failed);
    await expect(page.getByLabel('Email')).toHaveValue('ana..petrova@example.com');
  });

  test('success false without a message shows "Failed to send email"', async ({ page }) => {
    await page.route('**/mail/send.php', (route) => route.fulfill({ status: 500, json: { success: false } }));
    await fill(page, { 'First name': 'Ana', 'Last name': 'Petrova', Email: 'ana@example.com', Message: 'Hello' });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Failed to send email');
    await expect(page.getByLabel('Message')).toHaveValue('Hello');
  });

  test('a network failure shows the general failure text and keeps the fields', async ({ page }) => {
    await page.route('**/mail/send.php', (route) => route.abort('internetdisconnected'));
    await fill(page, { 'First name': 'Ana', 'Last name': 'Petrova', Email: 'ana@example.com', Message: 'Hello' });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.failed);
    await expect(page.getByLabel('First name')).toHaveValue('Ana');
    await page.getByRole('button', { name: 'Close notification' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toBeEmpty();
  });
});

test.describe('Contact form without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the browser posts the form, the message is delivered and the visitor lands on a confirmation', async ({ page }) => {
    const marker = `e2e-${Date.now()}-nojs`;
    await page.goto('/contact');
    await fill(page, { 'First name': 'Ivan', 'Last name': 'Georgiev', Email: 'ivan@example.com', Subject: 'Fleet IT', Message: `Please call me. ${marker}` });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL('/contact/sent');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message sent');
    await expect(page.getByText(messages.success)).toBeVisible();
    await expect.poll(() => delivered(marker).length).toBe(1);
  });

  test('an incomplete form lands on a page that says what was wrong, with a way back', async ({ page }) => {
    await page.goto('/contact');
    await fill(page, { 'First name': 'Ivan' });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL('/contact/invalid');
    await expect(page.getByText(messages.invalid)).toBeVisible();
    await page.getByRole('link', { name: 'Back to the contact form' }).click();
    await expect(page).toHaveURL('/contact');
  });
});
