/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { cleanupTemp, sqlite, startPhpServer, tempDir, validMessage, writeOldStore, type Exported, type PhpServer } from '../helpers/php-server';

jest.setTimeout(60_000);

const fixtures = resolve(__dirname, '..', 'fixtures');
/** What the schema 3 code's `admin.php export --format jsonl` printed for store-v3.sql (make-store-v3.php). */
const golden: Exported[] = readFileSync(join(fixtures, 'store-v3.export.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
/** When make-store-v3.php made the fixture: its times are relative to that moment. */
const madeAt = Number(/^-- made at (\d+)/.exec(readFileSync(join(fixtures, 'store-v3.sql'), 'utf8'))![1]);

type Delivery = { message_id: string; channel: string; state: string; attempts: number; next_attempt_at: number | null; lease_until: number | null; last_error: string | null; delivered_at: number | null };

/** A team webhook on loopback that answers 200 and counts each lead it is sent. */
async function startReceiver() {
  const leads: string[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      leads.push(JSON.parse(body).lead.message);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, leads, stop: () => new Promise<void>((closed) => server.close(() => closed())) };
}

/** The v3 fixture's own delivery columns, read without migrating it: what each message's deliveries must carry. */
function v3Deliveries(): Delivery[] {
  const dir = tempDir();
  writeOldStore(dir, 3);
  const mail = sqlite<Delivery>(dir, "SELECT id AS message_id, 'mail' AS channel, state, attempts, next_attempt_at, lease_until, last_error, delivered_at FROM messages WHERE state <> 'held'");
  const hook = sqlite<Delivery>(dir, "SELECT id AS message_id, 'webhook' AS channel, hook_state AS state, hook_attempts AS attempts, hook_next_attempt_at AS next_attempt_at, hook_lease_until AS lease_until, hook_last_error AS last_error, hook_delivered_at AS delivered_at FROM messages WHERE hook_state IS NOT NULL");
  return [...mail, ...hook];
}

const byKey = (a: Delivery, b: Delivery) => `${a.message_id} ${a.channel}`.localeCompare(`${b.message_id} ${b.channel}`);
/** A row's times as offsets from when its store was loaded, so two loads compare. */
const relative = (rows: Delivery[], loaded: number) =>
  rows.map((row) => ({ ...row, ...Object.fromEntries((['next_attempt_at', 'lease_until', 'delivered_at'] as const).map((key) => [key, row[key] === null ? null : Math.round((row[key]! - loaded) / 60)])) }));

let php: PhpServer;
let receiver: Awaited<ReturnType<typeof startReceiver>> | null = null;

beforeAll(async () => {
  php = await startPhpServer();
});
afterEach(async () => {
  await receiver?.stop();
  receiver = null;
});
afterAll(async () => {
  await php?.stop();
  cleanupTemp();
});

describe('a lead and its deliveries', () => {
  it('keeps no delivery in the message: after one post with a webhook set, each channel has its own row in deliveries', async () => {
    receiver = await startReceiver();
    const storage = php.fresh({ MAIL_WEBHOOK_URL: receiver.url });
    expect((await php.postJson(validMessage)).json?.success).toBe(true);

    const columns = sqlite<{ name: string }>(storage, 'PRAGMA table_info(messages)').map((column) => column.name);
    expect(columns).not.toEqual(expect.arrayContaining(['state']));
    for (const delivery of ['attempts', 'next_attempt_at', 'lease_until', 'last_error', 'delivered_at']) expect(columns.filter((name) => name.endsWith(delivery))).toEqual([]);
    expect(columns.filter((name) => name.startsWith('hook_'))).toEqual([]);
    const [message] = await php.messages();
    expect(sqlite(storage, 'SELECT message_id, channel, state, attempts FROM deliveries ORDER BY channel')).toEqual([
      { message_id: message.id, channel: 'mail', state: 'delivered', attempts: 1 },
      { message_id: message.id, channel: 'webhook', state: 'delivered', attempts: 1 },
    ]);
    expect(php.capturedMessages()).toHaveLength(1);
    expect(receiver.leads).toEqual([validMessage.message]);
  });

  describe('migrates a store of schema 3, made by that version’s own code (__tests__/fixtures/make-store-v3.php)', () => {
    it('carries every state of every channel over, and export lists what that version’s export printed', async () => {
      const storage = php.fresh();
      const loaded = Math.floor(Date.now() / 1000);
      writeOldStore(storage, 3);
      const before = relative(v3Deliveries(), loaded);

      const exported = await php.messages();
      expect(sqlite(storage, 'PRAGMA user_version')).toEqual([{ user_version: 4 }]);
      // The same lines, but for the times, which are as old now as they were then (a minute's margin).
      const shifted = (time: string | null) => (time === null ? null : Math.round((Date.parse(time) / 1000 - madeAt) / 60));
      const times = (rows: Exported[], since: number) => rows.map((row) => [row.received, row.delivered].map((time) => (time === null ? null : Math.round((Date.parse(time) / 1000 - since) / 60))));
      const untimed = (rows: Exported[]) => rows.map((row) => ({ ...row, received: null, delivered: null }));
      expect(untimed(exported)).toEqual(untimed(golden));
      expect(times(exported, loaded)).toEqual(golden.map((row) => [shifted(row.received), shifted(row.delivered)]));

      const after = sqlite<Delivery>(storage, 'SELECT message_id, channel, state, attempts, next_attempt_at, lease_until, last_error, delivered_at FROM deliveries');
      expect(relative(after, loaded).sort(byKey)).toEqual(before.sort(byKey));
      // Every state the fixture holds, per channel: nothing was left out of it.
      const states = (channel: string) => [...new Set(after.filter((row) => row.channel === channel).map((row) => row.state))].sort();
      expect(states('mail')).toEqual(['dead', 'delivered', 'pending', 'sending']);
      expect(states('webhook')).toEqual(['dead', 'delivered', 'pending']);
      const held = golden.filter((row) => row.state === 'held').map((row) => row.id);
      expect(sqlite(storage, `SELECT id FROM messages WHERE held = 1`)).toEqual(held.map((id) => ({ id })));
    });

    it('lets retention delete what has nothing left to deliver (delivered, dead, held), and never a message a delivery is still to be made for', async () => {
      const storage = php.fresh();
      writeOldStore(storage, 3);
      await php.messages();
      // Everything received 200 days ago: past MAIL_RETENTION_DAYS (180) and the 30 days a held message is kept.
      sqlite(storage, 'UPDATE messages SET received_at = received_at - 200 * 86400');
      const run = await php.deliver();
      expect(run.stdout).toContain('webhook deliveries due, none sent: MAIL_WEBHOOK_URL is not set.');
      expect((await php.messages()).map((row) => row.message).sort()).toEqual([
        'Held, then released with a webhook set',
        'Mail and webhook both pending, never tried',
        'Mail delivered, webhook pending',
        'Pending after one failed attempt',
        'Pending, never tried',
        'Sending, its sender died: the lease ran out',
      ]);
    });

    it('sends what was due and nothing that was delivered, once', async () => {
      receiver = await startReceiver();
      const storage = php.fresh({ MAIL_WEBHOOK_URL: receiver.url });
      writeOldStore(storage, 3);
      const run = await php.deliver();
      expect(run.stderr).toBe('');
      const due = ['Pending, never tried', 'Sending, its sender died: the lease ran out', 'Held, then released with a webhook set', 'Mail and webhook both pending, never tried'];
      const mailed = php.capturedMessages().map((mail) => due.find((text) => mail.includes(text)) ?? mail);
      expect(mailed.sort()).toEqual([...due].sort());
      expect(receiver.leads.sort()).toEqual(['Held, then released with a webhook set', 'Mail and webhook both pending, never tried']);

      expect(await php.deliver()).toMatchObject({ code: 0, stdout: '' });
      expect(php.capturedMessages()).toHaveLength(due.length);
      expect(receiver.leads).toHaveLength(2);
      const states = Object.fromEntries((await php.messages()).map((row) => [row.message, [row.state, row.webhook]]));
      expect(states).toEqual({
        'Held: sent without a proof of work': ['held', null],
        'Pending after one failed attempt': ['pending', null],
        'Pending, never tried': ['delivered', null],
        'Sending, its sender died: the lease ran out': ['delivered', null],
        'Delivered, never meant for the webhook': ['delivered', null],
        'Dead: given up': ['dead', null],
        'Mail delivered, webhook pending': ['delivered', 'pending'],
        'Mail delivered, webhook dead': ['delivered', 'dead'],
        'Mail delivered, webhook delivered': ['delivered', 'delivered'],
        'Held, then released with a webhook set': ['delivered', 'delivered'],
        'Mail and webhook both pending, never tried': ['delivered', 'delivered'],
      });
    });
  });
});

