/** @jest-environment node */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { cleanupTemp, OUT_OF_SERVICE, setupPhpServer, sqlite, validMessage, writeSchema3Store } from '../helpers/php-server';

jest.setTimeout(60_000);

const TOKEN = 'c3e9a1f07b6d2854';

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

const php = setupPhpServer();
afterAll(cleanupTemp);

describe('the lead store', () => {
  it('keeps no delivery in the message: after one post with a webhook set, each channel has its own row in deliveries', async () => {
    const receiver = await startReceiver();
    try {
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
    } finally {
      await receiver.stop();
    }
  });

  it('refuses a store of another schema (3, as its own code made it) in one line that names it, and leaves its file byte for byte as it was', async () => {
    const storage = php.fresh({ MAIL_HEALTH_TOKEN: TOKEN });
    writeSchema3Store(storage);
    const file = join(storage, 'messages.sqlite');
    const hash = () => createHash('sha256').update(readFileSync(file)).digest('hex');
    const before = hash();
    const refusal = `${file} is a store of schema version 3, which this code does not read (it reads 5), so it is left as it is. Fix: move it away, and a new store is made.`;

    expect(await php.request(`/mail/health.php?token=${TOKEN}`)).toMatchObject({ status: 503, text: 'degraded\n' });
    const reply = await php.postJson(validMessage);
    expect(reply).toMatchObject({ status: 503, json: { success: false, message: OUT_OF_SERVICE } });
    await php.expectLog(new RegExp(`told to call or email instead: ${refusal.replace(/[.()]/g, '\\$&')}`));
    const check = await php.admin('check');
    expect(check.code).toBe(1);
    expect(check.stdout).toContain(`FAIL  store in ${storage} cannot be used: ${refusal}\n`);
    expect(await php.deliver()).toEqual({ code: 2, stdout: '', stderr: `deliver.php: ${refusal}\n` });
    expect(hash()).toBe(before);
  });
});
