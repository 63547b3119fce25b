/** @jest-environment node */
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import cases from './fixtures/contact-cases.json';
import { cleanupTemp, freePort, readJsonLines, startPhpServer, tempDir, type PhpServer, type Reply } from './helpers/php-server';
import { hasPhpMailer, startSmtpSink } from './helpers/smtp-sink';

jest.setTimeout(30_000);

const RECIPIENT = 'inbox@example.com';
const SENDER = 'website@example.com';
const SUCCESS = 'Thank you for your message. We will get back to you soon!';
const FIELDS = ['firstName', 'lastName', 'email', 'company', 'subject', 'phone', 'message'] as const;
/** The headers a delivered message has: none more, whatever was submitted. */
const HEADERS = ['content-transfer-encoding', 'content-type', 'date', 'from', 'message-id', 'mime-version', 'reply-to', 'subject', 'to'];

type Fields = Record<(typeof FIELDS)[number], string>;
type ContactCase = { name: string; input: Fields; valid: boolean; clientValid?: boolean };

const valid: Fields = {
  firstName: 'Ana',
  lastName: 'Example',
  email: 'ana@example.com',
  company: 'Example Shipping Ltd',
  subject: 'VSAT for two vessels',
  phone: '+359 2 000 0000',
  message: 'Hello,\nwe would like a quote.',
};

let php: PhpServer;
let storage: string;

/** A fresh store (and so a fresh rate limit) and an empty capture directory for each test. */
function fresh(config: Record<string, string> = {}): void {
  storage = tempDir('npts-store-');
  php.configure({ MAIL_STORAGE_DIR: storage, MAIL_RATE_LIMIT: '0', ...config });
  for (const name of readdirSync(php.captured)) rmSync(join(php.captured, name), { force: true });
}

const stored = () => readJsonLines(join(storage, 'messages.jsonl'));
const parse = (raw: string) => PostalMime.parse(raw);

/** What every answer of the endpoint must look like, whatever went wrong. */
function expectClean(reply: Reply): void {
  expect(reply.headers.get('x-powered-by')).toBeNull();
  expect(reply.headers.get('cache-control')).toBe('no-store');
  expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(reply.headers.get('content-security-policy')).toBeNull();
  expect(reply.text).not.toMatch(/Warning|Notice|Deprecated|Fatal|Stack trace|\.php\b|\/tmp\/|\/work\//i);
  expect(reply.json).toEqual({ success: expect.any(Boolean), message: expect.any(String) });
}

async function sendJson(data: unknown, headers?: Record<string, string>): Promise<Reply> {
  const reply = await php.postJson(data, headers);
  expectClean(reply);
  return reply;
}

async function sendForm(data: Record<string, string>, headers?: Record<string, string>): Promise<Reply> {
  const reply = await php.postForm(data, { Origin: php.origin, ...headers });
  expectClean(reply);
  return reply;
}

async function expectSafeHeaders(raw: string, replyTo: string): Promise<void> {
  const mail = await parse(raw);
  expect(mail.headers.map((header) => header.key).sort()).toEqual(HEADERS);
  expect(mail.to?.map((address) => address.address)).toEqual([RECIPIENT]);
  expect(mail.from?.address).toBe(SENDER);
  expect(mail.replyTo?.map((address) => address.address)).toEqual([replyTo]);
  const headerBlock = raw.split(/\r?\n\r?\n/)[0];
  expect(headerBlock).not.toMatch(/^(bcc|cc):/im);
}

beforeAll(async () => {
  php = await startPhpServer({ env: { MAIL_TO: RECIPIENT, MAIL_FROM: SENDER, MAIL_TRANSPORT: 'mail' }, workers: 4 });
});
beforeEach(() => fresh());
afterAll(async () => {
  await php.stop();
  cleanupTemp();
});

describe('mail/send.php', () => {
  describe('the shared case table', () => {
    beforeEach(() => fresh({ MAIL_TRANSPORT: 'outbox' }));

    it.each((cases as ContactCase[]).map((contactCase) => [contactCase.name, contactCase] as const))('%s', async (_name, contactCase) => {
      const reply = await sendJson(contactCase.input);
      expect(reply.status).toBe(contactCase.valid ? 200 : 422);
      expect(reply.json?.success).toBe(contactCase.valid);
      expect(stored()).toHaveLength(contactCase.valid ? 1 : 0);
      if (!contactCase.valid) expect(reply.json?.message).toMatch(/^Please fill in all required fields with valid information\./);
    });
  });

  it('accepts a valid message, stores it and mails it to the configured address', async () => {
    const reply = await sendJson(valid);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ success: true, message: SUCCESS });
    const [line] = stored();
    expect(JSON.parse(line)).toMatchObject({ id: expect.any(String), time: expect.any(String), status: 'pending', fields: valid });
    const messages = php.capturedMessages();
    expect(messages).toHaveLength(1);
    await expectSafeHeaders(messages[0], valid.email);
    const mail = await parse(messages[0]);
    expect(mail.subject).toBe(`New contact: ${valid.subject}`);
    for (const field of FIELDS) expect(mail.text).toContain(valid[field].split('\n')[0]);
    expect(readJsonLines(join(storage, 'status.jsonl')).map((entry) => JSON.parse(entry).status)).toEqual(['delivered']);
  });

  it('sends an empty subject as "New Contact Form Submission" and accepts a charset parameter', async () => {
    const reply = await sendJson({ ...valid, subject: '  ' }, { 'Content-Type': 'application/json; charset=UTF-8' });
    expect(reply.status).toBe(200);
    const mail = await parse(php.capturedMessages()[0]);
    expect(mail.subject).toBe('New contact: New Contact Form Submission');
  });

  it('encodes a long non-ASCII subject in folded RFC 2047 words that decode to the original', async () => {
    const subject = Array.from('Ünïcödé 🚢 שלום '.repeat(14)).slice(0, 200).join('');
    expect((await sendJson({ ...valid, subject })).status).toBe(200);
    const raw = php.capturedMessages()[0];
    const header = raw.split(/\r?\n\r?\n/)[0];
    expect(header).toMatch(/^Subject: =\?UTF-8\?B\?/m);
    for (const line of header.split(/\r?\n/)) expect(line.length).toBeLessThanOrEqual(78);
    expect((await parse(raw)).subject).toBe(`New contact: ${subject.trim()}`);
  });

  describe('header injection', () => {
    const payloads = [
      '\r\nBcc: victim@example.net',
      '\nBcc: victim@example.net',
      '\rCc: victim@example.net',
      '%0d%0aBcc: victim@example.net',
      '%0D%0ABcc:%20victim@example.net',
      '\r\n\r\nInjected body',
      '\u2028Bcc: victim@example.net',
    ];

    it('never adds a header or recipient, whichever field carries the attempt', async () => {
      let accepted = 0;
      for (const field of FIELDS) {
        for (const payload of payloads) {
          const input = { ...valid, [field]: valid[field] + payload };
          const reply = await sendJson(input);
          expect([200, 422]).toContain(reply.status);
          if (reply.status === 200) accepted++;
          // Only the message may hold line breaks; a single-line field with one is refused.
          if (field !== 'message' && /[\r\n]/.test(payload)) expect(reply.status).toBe(422);
        }
      }
      const messages = php.capturedMessages();
      expect(messages).toHaveLength(accepted);
      expect(accepted).toBeGreaterThan(FIELDS.length);
      for (const raw of messages) await expectSafeHeaders(raw, valid.email);
    });

    it('refuses a form post with a line break in a single-line field', async () => {
      const reply = await sendForm({ ...valid, subject: 'Hi\r\nBcc: victim@example.net' });
      expect(reply.status).toBe(303);
      expect(reply.headers.get('location')).toBe('/contact/invalid');
      expect(php.capturedMessages()).toHaveLength(0);
    });
  });

  it('keeps unicode, emoji and right-to-left text intact', async () => {
    const input = (cases as ContactCase[]).find((contactCase) => contactCase.name === 'unicode, emoji and right-to-left text')!.input;
    expect((await sendJson(input)).status).toBe(200);
    const mail = await parse(php.capturedMessages()[0]);
    expect(mail.subject).toBe(`New contact: ${input.subject}`);
    const text = mail.text!.replace(/\r\n/g, '\n');
    for (const field of FIELDS) expect(text).toContain(input[field]);
    expect(JSON.parse(stored()[0]).fields).toEqual(input);
  });

  it('delivers HTML in the message as inert plain text', async () => {
    const message = '<script>alert("x")</script><b>bold</b> & <a href="https://example.com">link</a>';
    expect((await sendJson({ ...valid, message })).status).toBe(200);
    const raw = php.capturedMessages()[0];
    const mail = await parse(raw);
    expect(mail.html).toBeUndefined();
    expect(mail.headers.find((header) => header.key === 'content-type')?.value).toMatch(/^text\/plain; charset=UTF-8$/i);
    expect(mail.text).toContain(message);
    expect(raw).not.toMatch(/text\/html/i);
  });

  describe('refuses malformed requests', () => {
    it('answers 405 with Allow: POST to other methods', async () => {
      for (const method of ['GET', 'PUT', 'DELETE', 'OPTIONS']) {
        const reply = await php.request('/mail/send.php', { method });
        expectClean(reply);
        expect(reply.status).toBe(405);
        expect(reply.headers.get('allow')).toBe('POST');
      }
    });

    it('answers 415 to other content types', async () => {
      for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/xml']) {
        const reply = await sendJson(valid, { 'Content-Type': type });
        expect(reply.status).toBe(415);
      }
      expect(stored()).toHaveLength(0);
    });

    it('answers 413 to a body over 64 KB', async () => {
      const reply = await sendJson({ ...valid, message: 'x'.repeat(1024 * 1024) });
      expect(reply.status).toBe(413);
      expect((await sendJson({ ...valid, message: 'x'.repeat(65 * 1024) })).status).toBe(413);
      // Under the cap the body is read, and the message is simply too long.
      expect((await sendJson({ ...valid, message: 'x'.repeat(60 * 1024) })).status).toBe(422);
      // Sent chunked, without Content-Length: the endpoint counts what it reads.
      const chunk = new TextEncoder().encode(JSON.stringify({ ...valid, message: 'x'.repeat(100 * 1024) }));
      const chunked = await fetch(php.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: new ReadableStream({ start: (controller) => (controller.enqueue(chunk), controller.close()) }),
        duplex: 'half',
      } as RequestInit);
      expect(chunked.status).toBe(413);
      const form = await sendForm({ ...valid, message: 'x'.repeat(1024 * 1024) });
      expect(form.status).toBe(303);
      expect(form.headers.get('location')).toBe('/contact/failed');
      expect(stored()).toHaveLength(0);
    });

    it('answers 400 to a body that is not a JSON object or a field that is not a string', async () => {
      for (const body of ['{"firstName": ', '', '[]', '[1, 2]', '"text"', '42', 'null', 'true']) {
        const reply = await php.post(body);
        expectClean(reply);
        expect(reply.status).toBe(400);
      }
      for (const change of [{ firstName: 5 }, { message: null }, { email: ['ana@example.com'] }, { company: {} }, { website: 1 }, { elapsedMs: '5000' }]) {
        const reply = await sendJson({ ...valid, ...change });
        expect(reply.status).toBe(400);
        expect(reply.json?.message).toMatch(/must be a (string|number)/);
      }
      expect(stored()).toHaveLength(0);
    });

    it('treats text that is not valid Unicode as invalid', async () => {
      const reply = await php.post(JSON.stringify(valid).replace('Hello', '\\ud800Hello'));
      expectClean(reply);
      expect(reply.status).toBe(422);
      const form = await php.postForm({ ...valid }, { Origin: php.origin });
      expect(form.status).toBe(303);
      const broken = `${new URLSearchParams(valid).toString()}&company=%C3%28`;
      const invalidForm = await php.post(broken, { 'Content-Type': 'application/x-www-form-urlencoded', Origin: php.origin });
      expect(invalidForm.headers.get('location')).toBe('/contact/invalid');
    });
  });

  describe('spam defence', () => {
    it('gives a bot that fills in the hidden field a fake success and keeps nothing', async () => {
      const reply = await sendJson({ ...valid, website: 'https://spam.example' });
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual({ success: true, message: SUCCESS });
      const form = await sendForm({ ...valid, website: 'x' });
      expect(form.headers.get('location')).toBe('/contact/sent');
      expect(existsSync(join(storage, 'messages.jsonl'))).toBe(false);
      expect(php.capturedMessages()).toHaveLength(0);
    });

    it('gives a form sent faster than a person types a fake success and keeps nothing', async () => {
      const reply = await sendJson({ ...valid, website: '', elapsedMs: 1200 });
      expect(reply.json).toEqual({ success: true, message: SUCCESS });
      expect(stored()).toHaveLength(0);
      expect(php.capturedMessages()).toHaveLength(0);
      expect((await sendJson({ ...valid, website: '', elapsedMs: 4500 })).status).toBe(200);
      expect(stored()).toHaveLength(1);
    });

    it('refuses JSON from another site with 403', async () => {
      for (const origin of ['https://evil.example', 'null', `http://127.0.0.1:${(await freePort()) + 1}`]) {
        expect((await sendJson(valid, { Origin: origin })).status).toBe(403);
      }
      expect((await sendJson(valid, { Origin: php.origin })).status).toBe(200);
      expect(stored()).toHaveLength(1);
    });

    it('limits each address to 5 accepted messages per 10 minutes', async () => {
      fresh({ MAIL_RATE_LIMIT: '5/600' });
      for (let attempt = 0; attempt < 3; attempt++) expect((await sendJson({ ...valid, email: 'nope' })).status).toBe(422);
      for (let attempt = 0; attempt < 5; attempt++) expect((await sendJson(valid)).status).toBe(200);
      const limited = await sendJson(valid);
      expect(limited.status).toBe(429);
      expect(limited.json?.success).toBe(false);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 600).toBe(true);
      const form = await sendForm(valid);
      expect(form.status).toBe(303);
      expect(form.headers.get('location')).toBe('/contact/failed');
      expect(stored()).toHaveLength(5);
    });
  });

  describe('the form posted without JavaScript', () => {
    it('redirects to /contact/sent after storing a message from the own site', async () => {
      const reply = await sendForm(valid);
      expect(reply.status).toBe(303);
      expect(reply.headers.get('location')).toBe('/contact/sent');
      expect(stored()).toHaveLength(1);
      const referred = await php.postForm(valid, { Referer: `${php.origin}/contact` });
      expect(referred.headers.get('location')).toBe('/contact/sent');
      expect(php.capturedMessages()).toHaveLength(2);
    });

    it('redirects to /contact/invalid when a field is invalid', async () => {
      const reply = await sendForm({ ...valid, email: 'ana@example' });
      expect(reply.status).toBe(303);
      expect(reply.headers.get('location')).toBe('/contact/invalid');
      expect(stored()).toHaveLength(0);
    });

    it('refuses a form post from another site, or from nowhere, with 403', async () => {
      const attempts: Record<string, string>[] = [{ Origin: 'https://evil.example' }, { Referer: 'https://evil.example/contact' }, {}];
      for (const headers of attempts) {
        const reply = await php.postForm(valid, headers);
        expectClean(reply);
        expect(reply.status).toBe(403);
      }
      expect(stored()).toHaveLength(0);
    });
  });

  describe('nothing is lost', () => {
    it('stores a message when the mail server is down, answers success, and deliver.php sends it exactly once', async () => {
      fresh({ MAIL_TRANSPORT: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(await freePort()), SMTP_SECURE: 'none' });
      const reply = await sendJson(valid);
      expect(reply.json).toEqual({ success: true, message: SUCCESS });
      expect(stored()).toHaveLength(1);

      const stillDown = await php.deliver();
      expect(stillDown.code).toBe(1);
      expect(stillDown.stdout).toMatch(/0 delivered, 1 failed/);

      php.configure({ MAIL_STORAGE_DIR: storage, MAIL_TRANSPORT: 'mail' });
      const first = await php.deliver();
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(/1 delivered, 0 failed/);
      const second = await php.deliver();
      expect(second.code).toBe(0);
      expect(second.stdout).toMatch(/0 delivered, 0 failed/);
      const messages = php.capturedMessages();
      expect(messages).toHaveLength(1);
      await expectSafeHeaders(messages[0], valid.email);
    });

    it('keeps a message pending when sendmail fails, for deliver.php to send later', async () => {
      writeFileSync(join(php.captured, 'fail'), '');
      expect((await sendJson(valid)).json?.success).toBe(true);
      expect(php.capturedMessages()).toHaveLength(0);
      rmSync(join(php.captured, 'fail'));
      expect((await php.deliver()).stdout).toMatch(/1 delivered/);
      expect(php.capturedMessages()).toHaveLength(1);
    });

    it('checks stored messages again before deliver.php sends them', async () => {
      const tampered = { id: '20260101T000000Z-000000000000', time: '2026-01-01T00:00:00+00:00', status: 'pending', fields: { ...valid, subject: 'x\r\nBcc: victim@example.net' } };
      writeFileSync(join(storage, 'messages.jsonl'), `${JSON.stringify(tampered)}\n{not json\n`);
      const run = await php.deliver();
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/invalid: subject/);
      expect(php.capturedMessages()).toHaveLength(0);
    });

    it('stores 20 simultaneous messages as 20 intact lines', async () => {
      fresh({ MAIL_RATE_LIMIT: '100/600' });
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, index) => sendJson({ ...valid, message: `Message ${index}\n${'x'.repeat(2000)}` })),
      );
      expect(replies.map((reply) => reply.status)).toEqual(Array(20).fill(200));
      const records = stored().map((line) => JSON.parse(line));
      expect(records).toHaveLength(20);
      expect(new Set(records.map((record) => record.id)).size).toBe(20);
      expect(records.map((record) => record.fields.message.split('\n')[0]).sort()).toEqual(
        Array.from({ length: 20 }, (_, index) => `Message ${index}`).sort(),
      );
      expect(php.capturedMessages()).toHaveLength(20);
    });

    it('answers a generic 500 without details when the message cannot be stored', async () => {
      const blocker = join(tempDir(), 'a-file');
      writeFileSync(blocker, '');
      fresh({ MAIL_STORAGE_DIR: join(blocker, 'storage') });
      const reply = await sendJson(valid);
      expect(reply.status).toBe(500);
      expect(reply.json?.success).toBe(false);
      expect(reply.json?.message).toBe('Sorry, your message could not be sent. Please try again later.');
      const form = await sendForm(valid);
      expect(form.status).toBe(303);
      expect(form.headers.get('location')).toBe('/contact/failed');
    });
  });

  (hasPhpMailer ? describe : describe.skip)(
    hasPhpMailer ? 'over SMTP with PHPMailer' : 'over SMTP (SKIPPED: PHPMailer is missing, apt-get install libphp-phpmailer)',
    () => {
      it('delivers through a real SMTP server with the same safe headers', async () => {
        const sink = await startSmtpSink();
        try {
          fresh({ MAIL_TRANSPORT: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port), SMTP_SECURE: 'none' });
          const input = { ...valid, subject: 'Привет 👋 %0d%0aBcc: victim@example.net', message: 'שלום\r\nBcc: victim@example.net\r\n.\r\n<b>x</b>' };
          expect((await sendJson(input)).status).toBe(200);
          expect(sink.received).toHaveLength(1);
          expect(sink.received[0].to).toEqual([RECIPIENT]);
          expect(sink.received[0].from).toBe(SENDER);
          await expectSafeHeaders(sink.received[0].raw, valid.email);
          const mail = await parse(sink.received[0].raw);
          expect(mail.subject).toBe(`New contact: ${input.subject}`);
          expect(mail.text!.replace(/\r\n/g, '\n')).toContain(input.message.replace(/\r\n/g, '\n'));
          expect((await php.deliver()).stdout).toMatch(/0 delivered, 0 failed/);
        } finally {
          await sink.stop();
        }
      });
    },
  );

  describe('with nothing configured, behind the npm start router', () => {
    let bare: PhpServer;
    beforeAll(async () => {
      bare = await startPhpServer({ router: true });
    });
    afterAll(() => bare.stop());

    it('writes each message as an .eml file to mail/storage/outbox, addressed to the placeholders', async () => {
      const reply = await bare.postJson(valid);
      expectClean(reply);
      expect(reply.status).toBe(200);
      const store = join(bare.docroot, 'mail', 'storage');
      expect(readFileSync(join(store, '.htaccess'), 'utf8')).toContain('Require all denied');
      const outbox = join(store, 'outbox');
      const files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const mail = await parse(readFileSync(join(outbox, files[0]), 'utf8'));
      expect(mail.to?.map((address) => address.address)).toEqual(['contact@example.com']);
      expect(mail.from?.address).toBe('website@example.com');
      expect(mail.replyTo?.map((address) => address.address)).toEqual([valid.email]);
    });

    it('serves nothing in mail/ but the endpoint', async () => {
      await bare.postJson(valid);
      for (const path of ['/mail/deliver.php', '/mail/lib/config.php', '/mail/config.example.php', '/mail/storage/messages.jsonl', '/mail/storage/outbox/']) {
        expect((await bare.request(path)).status).toBe(404);
      }
    });
  });

  it('runs deliver.php only from the command line', async () => {
    const reply = await php.request('/mail/deliver.php');
    expect(reply.status).toBe(404);
    expect(reply.text).toBe('');
  });
});
