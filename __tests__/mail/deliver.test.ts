/** @jest-environment node */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanupTemp, serverDir, setupPhpServer, smtpDown, sqlite, storeMessages, tempDir, validMessage } from '../helpers/php-server';
import contract from '@/mail/contract.json';

jest.setTimeout(30_000);

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const silent = { code: 0, stdout: '', stderr: '' };

const php = setupPhpServer();
let storage: string;


/** How long the contract keeps every message, in days: what /privacy publishes. */
const { messageDays } = contract.retention;

/** Makes a stored message `days` older, as if it had come that much earlier. */
function age(id: string, days: number): void {
  sqlite(storage, 'UPDATE messages SET received_at = received_at - ? WHERE id = ?', [Math.round(days * 86400), id]);
}

/**
 * The text of /privacy as the build renders it from the contract in `file`: the page, and React
 * with it, loaded afresh with `@/mail/contract.json` read from there, as a build of a working copy
 * whose mail/contract.json an editor changed would read it.
 */
function privacyFrom(file: string): string {
  let html = '';
  jest.isolateModules(() => {
    jest.doMock('@/mail/contract.json', () => JSON.parse(readFileSync(file, 'utf8')));
    /* eslint-disable @typescript-eslint/no-require-imports */
    const { createElement } = require('react') as typeof import('react');
    const { renderToStaticMarkup } = require('react-dom/server') as typeof import('react-dom/server');
    const { default: PrivacyPage } = require('@/app/privacy/page') as typeof import('@/app/privacy/page');
    /* eslint-enable @typescript-eslint/no-require-imports */
    html = renderToStaticMarkup(createElement(PrivacyPage));
  });
  // A mock outlives the isolated registry: the other tests read the contract as it is.
  jest.dontMock('@/mail/contract.json');
  return html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
}

/** When a line of deliver.php says the next attempt is, in milliseconds from now. */
function nextAttemptIn(line: string): number {
  const [, date, time] = line.match(/next attempt (\d{4}-\d\d-\d\d) (\d\d:\d\d) UTC$/)!;
  return Date.parse(`${date}T${time}:00Z`) - Date.now();
}

beforeEach(() => {
  storage = php.fresh();
});
afterAll(cleanupTemp);

describe('mail/deliver.php', () => {
  it('says nothing and exits 0 when there is no store yet, and creates none', async () => {
    const missing = join(tempDir(), 'not-yet');
    php.fresh({ MAIL_STORAGE_DIR: missing });
    expect(await php.deliver()).toEqual(silent);
    expect(existsSync(missing)).toBe(false);
  });

  it('mails a lead an earlier version took with a C1 control or a lone CR, showing them escaped, instead of giving it up', async () => {
    storage = php.fresh(smtpDown);
    expect((await php.postJson(validMessage)).status).toBe(200);
    const [{ id }] = await php.messages();
    // As the version before stored them: it let both in.
    sqlite(storage, `UPDATE messages SET firstName = 'Ana' || char(155), message = 'account 123' || char(13) || 'OK, thanks' WHERE id = '${id}'`);
    php.fresh({ MAIL_STORAGE_DIR: storage });
    await php.admin('retry', id);
    expect((await php.deliver()).stdout).toBe(`${id}: delivered (attempt 2)\n`);
    expect((await php.messages())[0].state).toBe('delivered');
    const [mail] = php.capturedMessages();
    expect(mail).toContain('First name: Ana\\u009b');
    expect(mail).toContain('account 123\\rOK, thanks');
  });

  it('says nothing and exits 0 when nothing is due', async () => {
    expect((await php.postJson(validMessage)).status).toBe(200);
    expect((await php.messages())[0].state).toBe('delivered');
    expect(await php.deliver()).toEqual(silent);
  });

  it('prints a line per attempt and exits 1 while attempts fail, waiting longer after each', async () => {
    storage = php.fresh(smtpDown);
    await storeMessages(php, storage, [{ id: 'a', age: HOUR }, { id: 'b', age: HOUR }]);
    const first = await php.deliver();
    expect(first.code).toBe(1);
    const lines = first.stdout.trim().split('\n');
    expect(lines).toEqual([expect.stringMatching(/^a: failed \(attempt 1\): .*connect/i), expect.stringMatching(/^b: failed \(attempt 1\): /)]);
    for (const line of lines) expect(Math.abs(nextAttemptIn(line) - 10 * 60_000)).toBeLessThan(90_000);

    expect(await php.deliver()).toEqual(silent);
    await php.admin('retry', 'a');
    const second = await php.deliver();
    expect(second.stdout).toMatch(/^a: failed \(attempt 2\): /);
    expect(Math.abs(nextAttemptIn(second.stdout.trim()) - 30 * 60_000)).toBeLessThan(90_000);
  });

  it('gives a message up when it is still undelivered MAIL_GIVE_UP_HOURS after it came, and keeps it until someone acts', async () => {
    storage = php.fresh({ ...smtpDown, MAIL_GIVE_UP_HOURS: '72' });
    await storeMessages(php, storage, [{ id: 'young', age: 71 * HOUR }, { id: 'aged', age: 73 * HOUR }]);
    const run = await php.deliver();
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^young: failed \(attempt 1\): .*; next attempt /m);
    expect(run.stdout).toMatch(/^aged: failed \(attempt 1\): .*; dead, given up: php mail\/admin\.php retry aged sends it again$/m);
    expect((await php.admin('list', '--status', 'dead')).stdout).toMatch(/^aged {2}dead /);

    storage = php.fresh({ ...smtpDown, MAIL_GIVE_UP_HOURS: '0' });
    expect((await php.postJson(validMessage)).json?.success).toBe(true);
    expect((await php.messages())[0]).toMatchObject({ state: 'dead', attempts: 1 });
  });

  it('stops after three failures in a row and leaves the other due messages for the next run', async () => {
    storage = php.fresh(smtpDown);
    await storeMessages(php, storage, ['m1', 'm2', 'm3', 'm4', 'm5'].map((id) => ({ id, age: HOUR })));
    const run = await php.deliver();
    expect(run.code).toBe(1);
    expect(run.stdout.trim().split('\n').slice(3)).toEqual(['3 attempts in a row failed: the other 2 due messages wait for the next run.']);
    expect((await php.messages()).map((message) => message.attempts)).toEqual([1, 1, 1, 0, 0]);
  });

  it('sends nothing to a placeholder address, says so, and keeps the messages pending', async () => {
    storage = php.fresh({ ...smtpDown, MAIL_TO: 'contact@example.com' });
    expect((await php.postJson(validMessage)).json?.success).toBe(true);
    await php.expectLog(/stays pending: MAIL_TO is the placeholder contact@example\.com/);
    const run = await php.deliver();
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^1 message due, none sent: MAIL_TO is the placeholder contact@example\.com/);
    expect((await php.messages())[0]).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('deletes a message the contract’s days after it came whatever its deliveries: mailed, with a webhook delivery pending for a webhook since removed, or never sent', async () => {
    // No webhook set up any more.
    await storeMessages(php, storage, [{ id: 'mailed', age: (messageDays + 20) * DAY, delivered: true }, { id: 'unsent', age: (messageDays + 20) * DAY }, { id: 'recent', age: (messageDays - 1) * DAY, delivered: true }]);
    sqlite(storage, "INSERT INTO deliveries (message_id, channel, state, attempts, next_attempt_at, last_error) VALUES ('mailed', 'webhook', 'pending', 3, ?, 'the webhook answered HTTP 500')", [Math.floor(Date.now() / 1000) + 3600]);
    // Gone before any attempt: neither mailed now, nor given up.
    expect(await php.deliver()).toEqual(silent);
    expect((await php.messages()).map((message) => message.id)).toEqual(['recent']);
    expect(sqlite(storage, 'SELECT message_id FROM deliveries')).toEqual([{ message_id: 'recent' }]);
    expect(php.capturedMessages()).toEqual([]);
  });

  it('gives up the deliveries waiting for a channel no longer set up, once, and status says so without calling the store unhealthy', async () => {
    await storeMessages(php, storage, [{ id: 'recent', age: DAY, delivered: true }]);
    sqlite(storage, "INSERT INTO deliveries (message_id, channel, state, attempts, next_attempt_at, last_error) VALUES ('recent', 'webhook', 'pending', 2, ?, 'the webhook answered HTTP 500')", [Math.floor(Date.now() / 1000) + 3600]);
    const run = await php.deliver();
    expect(run).toEqual({ code: 1, stdout: 'recent: webhook dead, given up: no longer set up: MAIL_WEBHOOK_URL is not set.; php mail/admin.php status says what to do\n', stderr: '' });
    expect(await php.deliver()).toEqual(silent);
    expect((await php.messages())[0]).toMatchObject({ state: 'delivered', webhook: 'dead' });
    const status = await php.admin('status');
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^webhook: pending 0, sending 0, delivered 0, dead 1$/m);
    expect(status.stdout).toMatch(/^Note: 1 webhook delivery is dead, given up as the webhook is no longer set up \(MAIL_WEBHOOK_URL is not set\.\): set it up again and php mail\/admin\.php retry --dead sends them; else retention deletes them with their messages$/m);
    expect((await php.admin('show', 'recent')).stdout).toMatch(/^webhook: +dead, attempts 2, last error: no longer set up: MAIL_WEBHOOK_URL is not set\.$/m);
  });

  it('deletes delivered and dead messages the contract’s days after they came, with their outbox files, quietly; status names a dead one 14 days before', async () => {
    storage = php.fresh({ ...smtpDown, MAIL_GIVE_UP_HOURS: '0' });
    await storeMessages(php, storage, [{ id: 'expired', age: (messageDays + 1) * DAY, delivered: true }, { id: 'recent', age: 10 * DAY, delivered: true }, { id: 'unsent', age: (messageDays - 20) * DAY }]);
    const outbox = join(storage, 'outbox');
    serverDir(outbox);
    for (const id of ['expired', 'recent']) writeFileSync(join(outbox, `${id}.eml`), 'mail');

    const run = await php.deliver();
    expect(run.stdout).toMatch(/^unsent: failed \(attempt 1\): .*dead, given up/);
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect((await php.messages()).map((message) => [message.id, message.state])).toEqual([['unsent', 'dead'], ['recent', 'delivered']]);
    expect(readdirSync(outbox)).toEqual(['recent.eml']);
    // 20 days before retention deletes it, status does not name it yet; 10 days before, it does.
    expect((await php.admin('status')).stdout).not.toContain('is deleted');
    age('unsent', 10);
    const status = await php.admin('status');
    expect(status.code).toBe(2);
    const [deleted] = new Date(Date.now() + 10 * DAY).toISOString().split('T');
    expect(status.stdout).toMatch(new RegExp(`^Attention: unsent \\(dead, received \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\) is deleted in 10 days, on ${deleted}, ${messageDays} days after it came, as /privacy says, whether sent or not: php mail/admin\\.php retry unsent sends it again$`, 'm'));

    // Past the contract's days, the dead message is gone after the next run, and later the delivered one with its file.
    age('unsent', 11);
    expect(await php.deliver()).toEqual(silent);
    expect((await php.messages()).map((message) => message.id)).toEqual(['recent']);
    age('recent', messageDays);
    expect(await php.deliver()).toEqual(silent);
    expect(await php.messages()).toEqual([]);
    expect(readdirSync(outbox)).toEqual([]);
  });

  it('keeps messages, held ones and the rate limit’s hashes as long as the contract says, which /privacy states: a changed contract changes both', async () => {
    // One change to the contract, in the endpoint's copy of mail/ (as the build carries it), and
    // both the page and the endpoint read that file.
    const file = join(php.docroot, 'mail', 'contract.json');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, JSON.stringify({ ...contract, retention: { messageDays: 60, heldDays: 7, rateLimitMinutes: 5 } }, null, 2));
    storage = php.fresh({ MAIL_RATE_LIMIT: '5/600' });
    try {
      const privacy = privacyFrom(file);
      expect(privacy).toContain('the copy on the web server is deleted 60 days after you sent it. A message that cannot be delivered to us is deleted 60 days after you sent it too.');
      expect(privacy).toContain('if we do not release it, it is deleted 7 days after it arrived');
      expect(privacy).toContain('deletes that hash after its counting window, at most 5 minutes, has ended');

      // Either side of the new periods, and all within the old ones: none would go unless the change is read.
      await storeMessages(php, storage, [{ id: 'old', age: 61 * DAY, delivered: true }, { id: 'kept', age: 59 * DAY, delivered: true }]);
      for (const message of ['Held a week', 'Held six days']) {
        expect((await php.postForm({ ...validMessage, message }, { Origin: php.origin })).headers.get('location')).toBe('/contact/sent');
      }
      const held = Object.fromEntries((await php.messages()).map(({ id, message }) => [message, id]));
      age(held['Held a week'], 7.01);
      age(held['Held six days'], 6);
      expect((await php.admin('status')).stdout).toMatch(/unreleased ones go after 7 days$/m);
      // The hashes of the address that sent them are kept 5 minutes, not the setting's 10.
      const counted = sqlite<{ expires_at: number }>(storage, 'SELECT expires_at FROM rate_hits');
      expect(counted).toHaveLength(2);
      for (const { expires_at } of counted) expect(expires_at).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 300);
      expect(await php.deliver()).toEqual(silent);
      expect((await php.messages()).map(({ id }) => id).sort()).toEqual(['kept', held['Held six days']].sort());
    } finally {
      writeFileSync(file, original);
    }
  });

  describe('claims', () => {
    it('sends a message again whose sender died while sending, once its claim has run out', async () => {
      storage = php.fresh(smtpDown);
      expect((await php.postJson(validMessage)).status).toBe(200);
      const [message] = await php.messages();
      // As if the process had died after claiming it: sending, and its lease run out.
      sqlite(storage, `UPDATE deliveries SET state = 'sending', lease_until = 0 WHERE message_id = '${message.id}'`);
      php.fresh({ MAIL_STORAGE_DIR: storage });
      expect((await php.deliver()).stdout).toBe(`${message.id}: delivered (attempt 2)\n`);
    });

    it('lets only the latest claim settle: a sender whose lease ran out cannot undo what the next one recorded', async () => {
      await storeMessages(php, storage, [{ id: 'contested', age: HOUR }]);
      const script = `require "$argv[1]/store.php"; require "$argv[1]/queue.php";
        $store = contact_store_open(contact_config(), true);
        $first = contact_store_claim($store, 'contested');
        $store->exec("UPDATE deliveries SET lease_until = 0 WHERE message_id = 'contested'");
        $second = contact_store_claim($store, 'contested');
        echo json_encode([
            contact_store_settle($store, $first, 'the first sender failed, late', 72),
            contact_store_settle($store, $second, null, 72),
            contact_store_message($store, 'contested')['state'],
        ]);`;
      const run = await php.run(['php', '-r', script, join(php.docroot, 'mail', 'lib')]);
      expect(run.stderr).toBe('');
      // The first sender's late failure changes nothing; the second one's delivery counts.
      expect(JSON.parse(run.stdout)).toEqual([null, 'delivered', 'delivered']);
    });
  });

  it('goes on delivering while a setting is only invalid, and check names it', async () => {
    storage = php.fresh({ MAIL_TRUSTED_PROXIES: '10.0.0.0/8, lb.internal' });
    expect((await php.postJson(validMessage)).status).toBe(200);
    expect((await php.messages())[0].state).toBe('delivered');
    expect(await php.deliver()).toEqual(silent);
    expect((await php.admin('check')).stdout).toContain('warn  MAIL_TRUSTED_PROXIES holds "lb.internal"');
  });
});
