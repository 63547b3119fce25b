/** @jest-environment node */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { cleanupTemp, setupPhpServer, smtpDown, sqlite, startPhpServer, tempDir, validMessage } from '../helpers/php-server';
import { makeCertificate, startMuteServer } from '../helpers/smtp-sink';

jest.setTimeout(60_000);

const SECRET = 'team-webhook-secret';

type Call = { method: string; path: string; headers: IncomingMessage['headers']; body: string };
/** What the receiver does with each call, in turn; the last one repeats. */
type Behaviour = 'ok' | 'fail' | 'mute' | 'redirect' | 'trickle' | 'forge' | 'flood';

/** A team chat's incoming webhook, on loopback (over TLS with a certificate): it records every call and answers as told. */
async function startReceiver(...behaviours: Behaviour[]) {
  return startReceiverWith(null, behaviours);
}

async function startReceiverWith(tls: { key: Buffer; cert: Buffer } | null, behaviours: Behaviour[]) {
  const calls: Call[] = [];
  const sockets = new Set<Socket>();
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      calls.push({ method: request.method!, path: request.url!, headers: request.headers, body });
      const behaviour = behaviours[Math.min(calls.length, behaviours.length) - 1];
      if (behaviour === 'mute') return;
      if (behaviour === 'trickle') {
        // A byte of a 200 answer every 400 ms: it never ends within an attempt's time.
        const answer = 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok';
        const socket = response.socket!;
        let sent = 0;
        const timer = setInterval(() => (sent < answer.length && !socket.destroyed ? socket.write(answer[sent++]) : clearInterval(timer)), 400);
        socket.on('close', () => clearInterval(timer));
        return;
      }
      if (behaviour === 'redirect') return response.writeHead(301, { Location: 'https://elsewhere.example/hook' }).end();
      if (behaviour === 'forge') {
        // A redirect whose address is terminal escape codes: retitle the window, then a green line
        // that lies (raw bytes: Node's own headers refuse control characters).
        const location = 'https://elsewhere.example/\x1b]0;pwned\x07\x1b[32mwebhook delivered OK\u009b0m\u202e';
        return response.socket!.end(`HTTP/1.1 301 Moved Permanently\r\nLocation: ${location}\r\nContent-Length: 0\r\n\r\n`);
      }
      if (behaviour === 'flood') {
        // Headers that never end, as fast as the sender reads them.
        const socket = response.socket!;
        const line = `X-Filler: ${'a'.repeat(1000)}\r\n`;
        const pour = () => {
          while (!socket.destroyed && socket.write(line));
        };
        socket.on('drain', pour);
        socket.on('error', () => socket.destroy());
        socket.write('HTTP/1.1 200 OK\r\n');
        return pour();
      }
      response.writeHead(behaviour === 'ok' ? 200 : 500, { 'Content-Type': 'text/plain' }).end(behaviour === 'ok' ? 'ok' : 'internal error');
    });
  };
  const server = tls ? createHttpsServer(tls, handle) : createServer(handle);
  server.on(tls ? 'secureConnection' : 'connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/team`;
  return {
    url,
    calls,
    stop: () =>
      new Promise<void>((closed) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => closed());
      }),
  };
}

/** Signed as the docs say: X-NPTS-Signature is the HMAC of "<X-NPTS-Timestamp>.<body>", the timestamp the attempt's own. */
function expectSigned(call: Call): void {
  const timestamp = call.headers['x-npts-timestamp'] as string;
  expect(timestamp).toMatch(/^\d+$/);
  expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(30);
  expect(call.headers['x-npts-signature']).toBe(`sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${call.body}`).digest('hex')}`);
}

type Verdict = 'act' | 'skip' | 'refuse';
type LeadCheck = (headers: IncomingMessage['headers'], rawBody: string, secret: string, now?: number) => Verdict;

/** The receiver's check exactly as docs/contact-endpoint.md shows it; each copy remembers the leads it handled. */
function documentedCheck(): LeadCheck {
  const docs = readFileSync(join(__dirname, '..', '..', 'docs', 'contact-endpoint.md'), 'utf8');
  const code = docs.match(/```js\n(const \{ createHmac, timingSafeEqual \}[\s\S]*?)```/)?.[1];
  if (!code) throw new Error('docs/contact-endpoint.md shows no receiver check');
  return new Function('require', `${code}\nreturn checkLeadRequest;`)(require);
}

/** A receiver that runs the documented check on each request and answers as the docs say: 401 to a refused one, else 200. */
async function startCheckingReceiver(check: LeadCheck) {
  const verdicts: Verdict[] = [];
  const calls: Call[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      calls.push({ method: request.method!, path: request.url!, headers: request.headers, body });
      const verdict = check(request.headers, body, SECRET);
      verdicts.push(verdict);
      response.writeHead(verdict === 'refuse' ? 401 : 200, { 'Content-Type': 'text/plain' }).end(verdict);
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/team`,
    calls,
    verdicts,
    /** Sends a request again, as someone who captured it would. */
    replay: async (call: Call, headers: Record<string, string> = {}, body = call.body) => {
      const copied = Object.fromEntries(['content-type', 'x-npts-timestamp', 'x-npts-signature'].map((name) => [name, String(call.headers[name])]));
      return (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${call.path}`, { method: 'POST', headers: { ...copied, ...headers }, body })).status;
    },
    stop: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Deadlines short enough that no test waits for the real ones (SMTP 8 s, webhook 5 s). */
const quick = { SMTP_TIMEOUT: '1', MAIL_WEBHOOK_TIMEOUT: '0.5' };

/** Bytes a terminal acts on, but for line breaks, and direction controls: what no log line or printed line may hold raw. */
const CONTROL = /[\x00-\x09\x0B-\x1F\x7F\u0080-\u009F\u202A-\u202E\u2066-\u2069]/;

const php = setupPhpServer({ workers: 2 });
let receiver: Awaited<ReturnType<typeof startReceiver>> | null = null;

afterEach(async () => {
  await receiver?.stop();
  receiver = null;
});
afterAll(cleanupTemp);

describe('the team webhook (MAIL_WEBHOOK_URL)', () => {
  it('receives each lead once, signed, with one line for people and the lead for programs; the mail goes out once too', async () => {
    receiver = await startReceiver('ok');
    php.fresh({ MAIL_WEBHOOK_URL: receiver.url, MAIL_WEBHOOK_SECRET: SECRET });
    const reply = await php.postJson({ ...validMessage, source: '/coms', utm_source: 'linkedin', utm_campaign: 'fleet-2027' });
    expect(reply.json?.success).toBe(true);

    expect(receiver.calls).toHaveLength(1);
    const [call] = receiver.calls;
    expect(call).toMatchObject({ method: 'POST', path: '/hooks/team' });
    expect(call.headers['content-type']).toBe('application/json');
    expectSigned(call);
    const [message] = await php.messages();
    expect(JSON.parse(call.body)).toEqual({
      text: 'New enquiry: Ana Example (Example Shipping Ltd): VSAT for two vessels (from /coms)',
      lead: {
        id: message.id,
        received: message.received,
        ...validMessage,
        source: '/coms',
        campaign: { utm_source: 'linkedin', utm_campaign: 'fleet-2027' },
      },
    });
    expect(message).toMatchObject({ state: 'delivered', webhook: 'delivered' });
    expect(php.capturedMessages()).toHaveLength(1);
    expect((await php.deliver()).stdout).toBe('');
    expect(receiver.calls).toHaveLength(1);
  });

  it('sends no signature without a secret, and nothing at all without a URL', async () => {
    receiver = await startReceiver('ok');
    php.fresh({ MAIL_WEBHOOK_URL: receiver.url });
    expect((await php.postJson(validMessage)).status).toBe(200);
    expect(receiver.calls[0].headers['x-npts-signature']).toBeUndefined();
    expect(receiver.calls[0].headers['x-npts-timestamp']).toBeUndefined();
    expect(JSON.parse(receiver.calls[0].body).lead.campaign).toEqual({});

    php.fresh();
    expect((await php.postJson(validMessage)).status).toBe(200);
    expect((await php.messages())[0].webhook).toBeNull();
    expect(receiver.calls).toHaveLength(1);
    expect((await php.admin('status')).stdout).not.toMatch(/webhook/);
  });

  it('puts the visitor’s words in `text` inert for Slack and Mattermost, and as they are in `lead`', async () => {
    receiver = await startReceiver('ok');
    php.fresh({ MAIL_WEBHOOK_URL: receiver.url });
    const hostile = {
      ...validMessage,
      firstName: '<!channel> @here',
      lastName: '@all @channel <@U024BE7LH>',
      company: '<https://evil.test|Invoice overdue>',
      subject: '![p](https://evil.test/p.png) [Pay here](https://evil.test/pay) www.evil.test ~town-square & co',
      source: '/[x](https://evil.test)',
    };
    expect((await php.postJson(hostile)).json?.success).toBe(true);
    const { text, lead } = JSON.parse(receiver.calls[0].body);
    expect(lead).toMatchObject(hostile);
    // What people see: the words as typed (both chats show the entities as characters, the zero-width spaces as nothing).
    const seen = text.replaceAll('\u200b', '').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
    expect(seen).toBe(`New enquiry: ${hostile.firstName} ${hostile.lastName} (${hostile.company}): ${hostile.subject} (from ${hostile.source})`);
    // What Slack or Mattermost would act on: markup, a mention, a Markdown link or image, an autolink.
    const triggers = [/[<>]/, /&(?!amp;|lt;|gt;)/, /[@~][\w.-]/, /\]\(/, /https?:\/\//, /www\.\w/];
    expect(triggers.filter((trigger) => trigger.test(text))).toEqual([]);
  });

  it('shows a direction override, a separator, a tag and a zero-width space escaped in `text`, from a lead stored before the first three were refused, and mails that lead too', async () => {
    receiver = await startReceiver('ok');
    const storage = php.fresh({ MAIL_WEBHOOK_URL: receiver.url });
    // Held (no proof of work), then changed as an earlier version would have stored it.
    expect((await php.postForm({ ...validMessage, elapsedMs: '5000' }, { Origin: php.origin })).headers.get('location')).toBe('/contact/sent');
    sqlite(storage, "UPDATE messages SET firstName = 'Ana' || char(8238) || 'moc.elpmaxe@ana' || char(8203), subject = 'Photo ' || char(8294) || 'gpj.exe' || char(8232) || char(917569)");
    const [held] = await php.messages();
    expect((await php.admin('release', held.id)).code).toBe(0);
    expect((await php.deliver()).code).toBe(0);
    const { text, lead } = JSON.parse(receiver.calls[0].body);
    expect(text).not.toMatch(CONTROL);
    // The zero-width spaces left raw are the ones that keep the words inert (above), none of the visitor's.
    expect(text.replaceAll('\u200b', '')).toBe('New enquiry: Ana\\u202emoc.elpmaxe@ana\\u200b Example (Example Shipping Ltd): Photo \\u2066gpj.exe\\u2028\\udb40\\udc41 (from the form, opened directly)');
    expect(text.replaceAll('\u200b', '')).not.toMatch(/[\p{Cf}\u2028\u2029]/u);
    // For programs, the lead as it is stored.
    expect(lead).toMatchObject({ firstName: 'Ana\u202emoc.elpmaxe@ana\u200b', subject: 'Photo \u2066gpj.exe\u2028\u{E0041}' });
    // The mail shows it escaped as admin.php does (quoted-printable would hide a raw one as =E2=80=AE).
    const [mail] = php.capturedMessages();
    expect(mail).toContain('First name: Ana\\u202emoc.elpmaxe@ana\\u200b');
    expect(mail).not.toMatch(/=E2=80=AE|=E2=81=A6/);
    expect((await php.messages())[0]).toMatchObject({ state: 'delivered', webhook: 'delivered' });
  });

  it('escapes a receiver’s answer in the log, the store and every command: its escape codes show as text, never reach a terminal', async () => {
    receiver = await startReceiver('forge');
    php.fresh({ MAIL_WEBHOOK_URL: receiver.url });
    expect((await php.postJson(validMessage)).json?.success).toBe(true);
    const [message] = await php.messages();
    const escaped = 'https://elsewhere.example/\\x1b]0;pwned\\x07\\x1b[32mwebhook delivered OK\\u009b0m\\u202e';
    await php.expectLog(new RegExp(`'s webhook is pending: the webhook redirects to ${escapeRegExp(escaped)} \\(HTTP 301\\)`));
    expect(php.log()).not.toMatch(CONTROL);
    const show = await php.admin('show', message.id);
    expect(show.stdout).toContain(`last error: the webhook redirects to ${escaped} (HTTP 301)`);
    expect(show.stdout).not.toMatch(CONTROL);
    await php.admin('retry', message.id);
    const deliver = await php.deliver();
    expect(deliver.stdout).toContain(`${message.id}: webhook failed (attempt 2): the webhook redirects to ${escaped} (HTTP 301)`);
    const check = await php.admin('check');
    expect(check.stdout).toContain(`FAIL  webhook: http://127.0.0.1/… (path hidden): the webhook redirects to ${escaped} (HTTP 301)`);
    for (const printed of [deliver.stdout, check.stdout]) expect(printed).not.toMatch(CONTROL);
  });

  it('reads at most 16 KiB of an answer whose headers never end: the attempt fails at once, in flat memory', async () => {
    receiver = await startReceiver('flood');
    php.fresh({ MAIL_WEBHOOK_URL: receiver.url });
    expect((await php.postJson(validMessage)).json?.success).toBe(true);
    await php.expectLog(/'s webhook is pending: the webhook answered with over 16 KiB of headers/);
    const [message] = await php.messages();
    await php.admin('retry', message.id);
    // PHP counts every byte a script holds: 8 MiB is room for deliver.php, not for what the receiver pours.
    const started = Date.now();
    const deliver = await php.run(['php', '-d', 'memory_limit=8M', join(php.docroot, 'mail', 'deliver.php')]);
    expect(deliver.stderr).toBe('');
    expect(deliver.stdout).toMatch(new RegExp(`^${message.id}: webhook failed \\(attempt 2\\): the webhook answered with over 16 KiB of headers; next attempt `));
    // Well within the 5 s an attempt may take: it stopped reading, it did not wait for the end.
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  describe('a replayed request, against the receiver’s check the docs show', () => {
    let checking: Awaited<ReturnType<typeof startCheckingReceiver>> | null = null;
    afterEach(async () => {
      await checking?.stop();
      checking = null;
    });

    it('is acted on once: sent again at once, 5 minutes later or altered, it is skipped or refused', async () => {
      checking = await startCheckingReceiver(documentedCheck());
      php.fresh({ MAIL_WEBHOOK_URL: checking.url, MAIL_WEBHOOK_SECRET: SECRET });
      expect((await php.postJson(validMessage)).json?.success).toBe(true);
      expect(checking.verdicts).toEqual(['act']);
      expect((await php.messages())[0].webhook).toBe('delivered');
      const [call] = checking.calls;

      // Captured and sent again: the lead is not acted on twice.
      expect(await checking.replay(call)).toBe(200);
      expect(checking.verdicts).toEqual(['act', 'skip']);
      // To a receiver with no memory of it, over 5 minutes later: too old.
      const signedAt = Number(call.headers['x-npts-timestamp']);
      const forgetful = documentedCheck();
      expect(forgetful(call.headers, call.body, SECRET, signedAt + 5 * 60 + 1)).toBe('refuse');
      // Its time made new, or its lead changed: the signature no longer holds.
      const now = String(Math.floor(Date.now() / 1000) + 1);
      expect(await checking.replay(call, { 'x-npts-timestamp': now })).toBe(401);
      expect(await checking.replay(call, {}, call.body.replace('ana@example.com', 'eve@example.com'))).toBe(401);
      expect(checking.verdicts).toEqual(['act', 'skip', 'refuse', 'refuse']);
    });
  });

  it('retries a receiver that failed once after admin.php retry: two calls, and the mail still goes out once', async () => {
    receiver = await startReceiver('fail', 'ok');
    php.fresh({ MAIL_WEBHOOK_URL: receiver.url, MAIL_WEBHOOK_SECRET: SECRET });
    expect((await php.postJson(validMessage)).json?.success).toBe(true);
    const [message] = await php.messages();
    expect(message).toMatchObject({ state: 'delivered', webhook: 'pending' });
    await php.expectLog(new RegExp(`message ${message.id}'s webhook is pending: the webhook answered HTTP 500`));
    const status = await php.admin('status');
    expect(status.stdout).toMatch(/^webhook: pending 1, sending 0, delivered 0, dead 0$/m);
    expect((await php.admin('show', message.id)).stdout).toMatch(/^webhook: +pending, attempts 1, last error: the webhook answered HTTP 500$/m);

    const retry = await php.admin('retry', message.id);
    expect(retry).toMatchObject({ code: 0, stdout: `${message.id} was delivered already.\n${message.id}'s webhook (pending) is due now; the next deliver.php run sends it.\n` });
    expect(await php.deliver()).toMatchObject({ code: 0, stdout: `${message.id}: webhook delivered (attempt 2)\n` });
    expect(receiver.calls).toHaveLength(2);
    expect(receiver.calls[1].body).toBe(receiver.calls[0].body);
    expect(php.capturedMessages()).toHaveLength(1);
    expect((await php.messages())[0]).toMatchObject({ state: 'delivered', webhook: 'delivered', attempts: 1 });
  });

  it('gives up on the webhook alone: a dead webhook makes the store unhealthy and never sends the mail again', async () => {
    receiver = await startReceiver('fail');
    php.fresh({ MAIL_WEBHOOK_URL: receiver.url, MAIL_GIVE_UP_HOURS: '0' });
    expect((await php.postJson(validMessage)).json?.success).toBe(true);
    expect((await php.messages())[0]).toMatchObject({ state: 'delivered', webhook: 'dead' });
    const status = await php.admin('status');
    expect(status.code).toBe(2);
    expect(status.stdout).toMatch(/^Attention: 1 webhook delivery dead: php mail\/admin.php retry --dead sends them again$/m);
    expect((await php.admin('retry', '--dead')).code).toBe(0);
    expect((await php.deliver()).stdout).toMatch(/webhook failed \(attempt 2\): the webhook answered HTTP 500; dead/);
    expect(php.capturedMessages()).toHaveLength(1);
  });

  it('deletes a lead past retention though its webhook is still to be sent, without another attempt', async () => {
    receiver = await startReceiver('fail');
    const storage = php.fresh({ MAIL_WEBHOOK_URL: receiver.url });
    expect((await php.postJson(validMessage)).json?.success).toBe(true);
    sqlite(storage, 'UPDATE messages SET received_at = received_at - 181 * 86400');
    sqlite(storage, 'UPDATE deliveries SET next_attempt_at = 0');
    expect(await php.deliver()).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await php.messages()).toEqual([]);
    expect(receiver.calls).toHaveLength(1);
  });

  it('does not hold the visitor when the receiver never answers: the mail goes out, the webhook waits for cron', async () => {
    receiver = await startReceiver('mute', 'ok');
    php.fresh({ ...quick, MAIL_WEBHOOK_URL: receiver.url });
    const started = Date.now();
    const reply = await php.postJson(validMessage);
    const waited = Date.now() - started;
    expect(reply.json?.success).toBe(true);
    // The webhook gets its own half second, and mail and webhook together no more than the longest
    // deadline (SMTP_TIMEOUT's 1 s), with the request around them on a busy machine.
    expect(waited).toBeLessThan(10_000);
    const [message] = await php.messages();
    expect(message).toMatchObject({ state: 'delivered', webhook: 'pending' });
    await php.expectLog(/'s webhook is pending: the webhook did not answer within 0\.5 s/);
    expect(php.capturedMessages()).toHaveLength(1);
    // Now answering, with the default deadline: half a second is short for a receiver on a busy machine.
    php.fresh({ MAIL_STORAGE_DIR: php.storage, MAIL_WEBHOOK_URL: receiver.url });
    expect((await php.admin('retry', message.id)).code).toBe(0);
    expect((await php.deliver()).stdout).toBe(`${message.id}: webhook delivered (attempt 2)\n`);
  });

  it('ends an attempt within its time when the receiver trickles its answer', async () => {
    receiver = await startReceiver('trickle');
    php.fresh({ ...quick, MAIL_WEBHOOK_URL: receiver.url });
    const started = Date.now();
    expect((await php.postJson(validMessage)).json?.success).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
    await php.expectLog(/'s webhook is pending: the webhook did not answer within 0\.5 s/);
    expect((await php.messages())[0]).toMatchObject({ state: 'delivered', webhook: 'pending' });
  });

  it('sends the webhook when the mail server is down, and leaves it to cron when a silent one used the time up', async () => {
    receiver = await startReceiver('ok');
    // The webhook's own deadline (5 s): half a second is short for a receiver on a busy machine.
    php.fresh({ ...smtpDown, MAIL_WEBHOOK_URL: receiver.url });
    expect((await php.postJson(validMessage)).json?.success).toBe(true);
    // The mail server refused at once, so there was time: the webhook went out.
    expect(receiver.calls).toHaveLength(1);
    expect((await php.messages())[0]).toMatchObject({ state: 'pending', webhook: 'delivered' });

    const silent = await startMuteServer();
    try {
      php.fresh({ ...smtpDown, ...quick, SMTP_PORT: String(silent.port), MAIL_WEBHOOK_URL: receiver.url });
      const started = Date.now();
      expect((await php.postJson(validMessage)).json?.success).toBe(true);
      // No longer than before the webhook: the mail attempt's second, and the request around it.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(receiver.calls).toHaveLength(1);
      expect((await php.messages())[0]).toMatchObject({ state: 'pending', webhook: 'pending' });
    } finally {
      await silent.stop();
    }
  });

  it('posts over TLS to a receiver whose certificate PHP trusts, and to no other', async () => {
    const certificate = makeCertificate(tempDir('npts-tls-'));
    receiver = await startReceiverWith(certificate, ['ok']);
    const trusting = await startPhpServer({ ini: { 'curl.cainfo': certificate.file } });
    try {
      trusting.fresh({ MAIL_WEBHOOK_URL: receiver.url });
      expect((await trusting.postJson(validMessage)).json?.success).toBe(true);
      expect((await trusting.messages())[0].webhook).toBe('delivered');
      expect(receiver.calls).toHaveLength(1);
    } finally {
      await trusting.stop();
    }
    php.fresh({ MAIL_WEBHOOK_URL: receiver.url });
    expect((await php.postJson(validMessage)).json?.success).toBe(true);
    expect((await php.messages())[0].webhook).toBe('pending');
    await php.expectLog(/'s webhook is pending: the webhook's TLS handshake failed: .*certificate/i);
    expect(receiver.calls).toHaveLength(1);
  });

  it('waits without PHP’s curl extension, which check names, while the mail goes out as ever', async () => {
    receiver = await startReceiver('ok');
    const bare = await startPhpServer({ without: 'curl' });
    try {
      bare.fresh({ MAIL_WEBHOOK_URL: receiver.url });
      expect((await bare.postJson(validMessage)).json?.success).toBe(true);
      const missing = 'PHP has no curl extension, which the webhook is sent with: install it (Debian, Ubuntu: apt-get install php-curl).';
      await bare.expectLog(new RegExp(`'s webhook stays pending: ${escapeRegExp(missing)}`));
      expect(bare.capturedMessages()).toHaveLength(1);
      expect((await bare.messages())[0]).toMatchObject({ state: 'delivered', webhook: 'pending' });
      const check = await bare.admin('check');
      expect(check.code).toBe(1);
      expect(check.stdout).toContain(`FAIL  webhook: ${missing}\n`);
      expect(await bare.deliver()).toMatchObject({ code: 1, stdout: `1 webhook delivery due, none sent: ${missing}\nphp mail/admin.php check shows the configuration.\n` });
      expect(receiver.calls).toHaveLength(0);
    } finally {
      await bare.stop();
    }
  });

  it('holds the webhook of a held message too, and sends it when the message is released', async () => {
    receiver = await startReceiver('ok');
    php.fresh({ MAIL_WEBHOOK_URL: receiver.url });
    expect((await php.postForm(validMessage, { Origin: php.origin })).headers.get('location')).toBe('/contact/sent');
    const [message] = await php.messages();
    expect(message).toMatchObject({ state: 'held', webhook: null });
    expect(receiver.calls).toHaveLength(0);
    expect((await php.admin('release', message.id)).code).toBe(0);
    expect((await php.deliver()).stdout).toBe(`${message.id}: delivered (attempt 1)\n${message.id}: webhook delivered (attempt 1)\n`);
    expect(receiver.calls).toHaveLength(1);
  });

  describe('admin.php check', () => {
    it('reports a URL of another scheme, without a host, or that redirects', async () => {
      for (const [url, problem] of [
        ['ftp://hooks.example/team', 'webhook: MAIL_WEBHOOK_URL must be an http:// or https:// address.'],
        ['https://', 'webhook: MAIL_WEBHOOK_URL has no host.'],
        ['https:///team', 'webhook: MAIL_WEBHOOK_URL has no host.'],
        ['hooks.example/team', 'webhook: MAIL_WEBHOOK_URL must be an http:// or https:// address.'],
      ]) {
        php.fresh({ MAIL_WEBHOOK_URL: url });
        const check = await php.admin('check');
        expect([url, check.code]).toEqual([url, 1]);
        expect(check.stdout).toContain(`FAIL  ${problem}`);
      }
      receiver = await startReceiver('redirect');
      php.fresh({ MAIL_WEBHOOK_URL: receiver.url });
      const redirect = await php.admin('check');
      expect(redirect.code).toBe(1);
      expect(redirect.stdout).toMatch(/FAIL {2}webhook: http:\/\/127\.0\.0\.1\/… \(path hidden\): the webhook redirects to https:\/\/elsewhere\.example\/hook \(HTTP 301\): set MAIL_WEBHOOK_URL to the final address; redirects are not followed/);
      expect(receiver.calls.map((call) => call.method)).toEqual(['GET']);
    });

    it('warns of an http:// URL to another machine, whose leads would cross the network unencrypted', async () => {
      php.fresh({ MAIL_WEBHOOK_URL: 'http://hooks.example/team' });
      // In a network namespace of its own, with no network: the address is judged, never reached.
      const check = await php.run(['unshare', '--user', '--map-current-user', '--net', 'php', join(php.docroot, 'mail', 'admin.php'), 'check']);
      expect(check.code).toBe(1);
      expect(check.stdout).toContain("warn  webhook: MAIL_WEBHOOK_URL is http://: every lead crosses the network unencrypted; use the receiver's https:// address.");
      // On this machine (loopback), nothing crosses a network: no warning.
      receiver = await startReceiver('ok');
      php.fresh({ MAIL_WEBHOOK_URL: receiver.url });
      expect((await php.admin('check')).stdout).not.toMatch(/warn/);
    });

    it('hides the URL’s path and the secret, and posts a signed test lead with --send-test', async () => {
      receiver = await startReceiver('ok');
      php.fresh({ MAIL_TRANSPORT: 'outbox', MAIL_WEBHOOK_URL: receiver.url, MAIL_WEBHOOK_SECRET: SECRET });
      const check = await php.admin('check');
      expect(check.code).toBe(0);
      expect(check.stdout).toMatch(/MAIL_WEBHOOK_URL +http:\/\/127\.0\.0\.1\/… \(path hidden\) +file/);
      expect(check.stdout).toMatch(/MAIL_WEBHOOK_SECRET +\(set, hidden\) +file/);
      expect(check.stdout).not.toContain('/hooks/team');
      expect(check.stdout).not.toContain(SECRET);
      expect(check.stdout).toMatch(/ok {4}webhook: .* answered \(HTTP 200 to a GET; --send-test posts a test lead\)/);

      const sent = await php.admin('check', '--send-test');
      expect(sent.code).toBe(0);
      expect(sent.stdout).toMatch(/ok {4}webhook: test lead test-\S+ posted to .*, signed/);
      const post = receiver.calls.find((call) => call.method === 'POST')!;
      expectSigned(post);
      expect(JSON.parse(post.body).text).toBe('New enquiry: Website check: Test lead from php mail/admin.\u200bphp check --send-test (from the form, opened directly)');
    });
  });
});
