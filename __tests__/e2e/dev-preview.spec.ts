import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { messages } from '@/lib/contact';
import { asPhpUser, cleanupTemp, solveChallenge, tempDir } from '../helpers/php-server';
import { expect, test } from './fixtures';

// `npm run dev` as an editor runs it: Next's dev server and the PHP endpoint together, with a
// store of the test's own instead of the working copy's (the endpoint's account's: www-data's when
// the tests run as root, as the preview's PHP then runs as www-data).
test.describe('The live preview (npm run dev)', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  // Made when the tests run, not when the file loads: every worker loads it, most run none of it.
  let store: string;
  let preview: ChildProcess;
  let origin: string;

  test.beforeAll(async () => {
    store = tempDir('npts-preview-');
    preview = spawn('node', ['scripts/serve/dev.mjs'], { env: { ...process.env, PORT: '0', MAIL_STORAGE_DIR: store }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    origin = await new Promise<string>((done, fail) => {
      const read = (chunk: Buffer) => {
        output += chunk;
        const local = /Local:\s+(http:\/\/localhost:\d+)/.exec(output)?.[1];
        if (local) done(local);
      };
      preview.stdout!.on('data', read);
      preview.stderr!.on('data', read);
      preview.once('exit', (code) => fail(new Error(`npm run dev exited with ${code}: ${output}`)));
    });
  });

  test.afterAll(async () => {
    const exited = once(preview, 'exit');
    // scripts/serve/dev.mjs stops Next and PHP (their process groups) when it is stopped.
    process.kill(-preview.pid!, 'SIGTERM');
    await exited;
    cleanupTemp();
  });

  const stored = () => {
    const [command, ...args] = asPhpUser(['php', 'mail/admin.php', 'list']);
    return spawnSync(command, args, { env: { ...process.env, MAIL_STORAGE_DIR: store }, encoding: 'utf8' }).stdout;
  };

  test('answers a message posted as JSON with its proof of work, and keeps it in the store', async ({ request }) => {
    const altcha = await solveChallenge(await (await request.get(`${origin}/mail/send.php?challenge`)).json());
    const reply = await request.post(`${origin}/mail/send.php`, {
      headers: { Origin: origin },
      data: { firstName: 'Ana', lastName: 'Petrova', email: 'ana@example.com', message: 'Sent to the preview as JSON.', elapsedMs: 9000, altcha },
    });
    expect(await reply.json()).toEqual({ success: true, message: messages.success });
    expect(stored()).toMatch(/ delivered {2}Ana Petrova <ana@example\.com> /);
  });

  test('sends the contact form and shows the success toast', async ({ page }) => {
    await page.clock.install();
    await page.goto(`${origin}/contact`, { timeout: 120_000 });
    await page.getByLabel('First name').fill('Ivan');
    await page.getByLabel('Last name').fill('Georgiev');
    await page.getByLabel('Email').fill('ivan@example.com');
    await page.getByLabel('Message').fill('Sent through the preview’s form.');
    // A person takes a few seconds to fill the form; faster than that counts as a bot.
    await page.clock.fastForward(5000);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: messages.success })).toBeVisible();
    expect(stored()).toMatch(/Ivan Georgiev <ivan@example\.com>/);
  });
});
