import { createHash, createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DEFAULT_SUBJECT, messages } from '@/lib/contact';
import { delivered, expect, operator, storeSetting, test, watchViolations } from './fixtures';

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

  // The form validates itself (novalidate): the browser's own check of an email field must not get
  // in first. The other answers the form shows are __tests__/contact-form.test.tsx's.
  test('a bad email sends nothing, keeps the fields and marks the email', { tag: '@any-server' }, async ({ page }) => {
    const sent = mailRequests(page);
    await fill(page, { 'First name': 'Ana', 'Last name': 'Petrova', Email: 'ana at example.com', Message: 'Hello' });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(messages.invalid);
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByLabel('First name')).toHaveValue('Ana');
    expect(sent).toEqual([]);
  });

  test('a valid message is delivered once, the form clears and the success toast shows then hides; a replay mails nothing', async ({ page }) => {
    const marker = `e2e-${Date.now()}-js`;
    const violations = await watchViolations(page);
    await page.goto('/contact');
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
    expect(JSON.parse(sent[0])).toMatchObject({ firstName: 'Ana', subject: DEFAULT_SUBJECT });
    for (const label of ['First name', 'Last name', 'Email', 'Company', 'Phone', 'Message']) {
      await expect(page.getByLabel(label, { exact: false })).toHaveValue('');
    }
    await expect.poll(() => delivered(marker).length).toBe(1);
    expect(delivered(marker)[0]).toContain('Blue Line Shipping');

    await page.clock.runFor(5000);
    await expect(page.getByText(messages.success)).toHaveCount(0);
    expect(await violations()).toEqual([]);

    // The browser's exact request, sent again, and its proof with another message: refused.
    const replay = (body: string) => page.request.post('/mail/send.php', { data: body, headers: { 'Content-Type': 'application/json', Origin: new URL(page.url()).origin } });
    const answers = [await replay(sent[0]), await replay(sent[0]), await replay(sent[0].replace(marker, `${marker}-other`))];
    expect(answers.map((answer) => answer.status())).toEqual([403, 403, 403]);
    expect(delivered(marker)).toHaveLength(1);
  });

  test('a proof that expired while the tab was open is replaced unseen, and the message is mailed once', async ({ page }) => {
    const marker = `e2e-${Date.now()}-expired`;
    // A challenge signed with the server's own key an hour ago: what a tab left open since holds.
    const key = storeSetting('proof_secret');
    const salt = `${'0e'.repeat(12)}?expires=${Math.floor(Date.now() / 1000) - 60}&`;
    const challenge = createHash('sha256').update(`${salt}7`).digest('hex');
    const expired = { algorithm: 'SHA-256', challenge, maxnumber: 1000, salt, signature: createHmac('sha256', key).update(challenge).digest('hex') };
    const challenges: string[] = [];
    await page.route('**/mail/send.php?challenge', (route) => {
      challenges.push(route.request().url());
      return challenges.length === 1 ? route.fulfill({ json: expired }) : route.continue();
    });
    const sent = mailRequests(page);
    await fill(page, { 'First name': 'Ana', 'Last name': 'Petrova', Email: 'ana@example.com', Message: `Back from lunch. ${marker}` });
    await page.clock.fastForward(5000);
    await page.getByRole('button', { name: 'Send message' }).click();

    await expect(page.getByRole('main').getByRole('status').filter({ hasText: messages.success })).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert')).toBeEmpty();
    expect(challenges).toHaveLength(2);
    expect(sent.map((body) => JSON.parse(Buffer.from(JSON.parse(body).altcha, 'base64').toString()).challenge)).toEqual([challenge, expect.not.stringMatching(challenge)]);
    await expect.poll(() => delivered(marker).length).toBe(1);
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

});

test.describe('Contact form without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the visitor lands on a confirmation; the message is held, status says so, and release mails it once', async ({ page }) => {
    const marker = `e2e-${Date.now()}-nojs`;
    await page.goto('/contact');
    await fill(page, { 'First name': 'Ivan', 'Last name': 'Georgiev', Email: 'ivan@example.com', Subject: 'Fleet IT', Message: `Please call me. ${marker}` });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL('/contact/sent');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message sent');
    await expect(page.getByText(messages.success)).toBeVisible();

    // No proof of work without JavaScript: held, not mailed, and the operator is told.
    const [message] = operator('admin.php', 'export', '--format', 'jsonl').stdout.trim().split('\n').map((line) => JSON.parse(line)).filter((row) => row.message.includes(marker));
    expect(message.state).toBe('held');
    expect(operator('admin.php', 'list', '--status', 'held').stdout).toContain(message.id);
    expect(operator('admin.php', 'status').stdout).toMatch(/^held: [1-9]\d*$/m);
    // The health check's alert for a message held over a day is tested on a server of its own
    // (__tests__/mail/health.test.ts): aging one here would turn this shared server degraded
    // under the other tests.
    expect(delivered(marker)).toHaveLength(0);

    expect(operator('admin.php', 'release', message.id)).toEqual({ code: 0, stdout: `${message.id} is released and due now; the next deliver.php run sends it.\n` });
    expect(operator('deliver.php').stdout).toContain(`${message.id}: delivered`);
    operator('deliver.php');
    expect(delivered(marker)).toHaveLength(1);
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
