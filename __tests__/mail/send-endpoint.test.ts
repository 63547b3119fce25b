/** @jest-environment node */
import { execFileSync, spawn } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { once } from 'node:events';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import attributionCases from '../fixtures/attribution-cases.json';
import cases from '../fixtures/contact-cases.json';
import { cleanupTemp, setupPhpServer, smtpDown, sqlite, startPhpServer, storeMessages, tempDir, testConfig, validMessage, type PhpServer, type Reply } from '../helpers/php-server';
import { makeCertificate, startMuteServer, startSmtpSink } from '../helpers/smtp-sink';

jest.setTimeout(30_000);

const RECIPIENT = testConfig.MAIL_TO;
const SENDER = testConfig.MAIL_FROM;
const SUCCESS = 'Thank you for your message. We will get back to you soon!';
const FAILURE = 'Sorry, your message could not be sent. Please try again later.';
const OUT_OF_SERVICE = 'Sorry, our contact form is out of service right now. Please call us instead: our phone number is on this page.';
const HELD_FULL = 'Sorry, we cannot take messages sent without JavaScript right now. Please call us or write to us instead: our phone number and email address are on this page.';
const FIELDS = ['firstName', 'lastName', 'email', 'company', 'subject', 'phone', 'message'] as const;
/** The headers a delivered message has: none more, whatever was submitted. */
const HEADERS = ['content-transfer-encoding', 'content-type', 'date', 'from', 'message-id', 'mime-version', 'reply-to', 'subject', 'to'];

type Fields = Record<(typeof FIELDS)[number], string>;
type ContactCase = { name: string; input: Fields; valid: boolean; clientValid?: boolean };
type AttributionCase = { name: string; field: string; value: string; valid: boolean };

const valid: Fields = validMessage;

const php = setupPhpServer({ workers: 4 });
let storage: string;
const base = testConfig;

/** A fresh store (and so a fresh rate limit) and an empty capture directory for each test. */
function fresh(config: Record<string, string> = {}): void {
  storage = php.fresh(config);
}

const stored = () => php.messages();
const parse = (raw: string) => PostalMime.parse(raw);

/** What every answer of the endpoint must look like, whatever went wrong. */
function expectClean(reply: Reply): void {
  expect(reply.headers.get('x-powered-by')).toBeNull();
  expect(reply.headers.get('cache-control')).toBe('no-store');
  expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(reply.headers.get('content-security-policy')).toBeNull();
  expect(reply.text).not.toMatch(/Warning|Notice|Deprecated|Fatal|Stack trace|\.php\b|\/tmp\/|\/work\//i);
  // Only a refusal of an expired proof says more, for the form's script.
  const proof = reply.json && 'proof' in reply.json ? { proof: 'expired' } : {};
  expect(reply.json).toEqual({ success: expect.any(Boolean), message: expect.any(String), ...proof });
}

async function sendJson(data: Record<string, unknown>, headers?: Record<string, string>): Promise<Reply> {
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

beforeEach(() => fresh());
afterAll(cleanupTemp);

describe('mail/send.php', () => {
  describe('the shared case table', () => {
    beforeEach(() => fresh({ MAIL_TRANSPORT: 'outbox' }));

    it.each((cases as ContactCase[]).map((contactCase) => [contactCase.name, contactCase] as const))('%s', async (_name, contactCase) => {
      const reply = await sendJson(contactCase.input);
      expect(reply.status).toBe(contactCase.valid ? 200 : 422);
      expect(reply.json?.success).toBe(contactCase.valid);
      expect(await stored()).toHaveLength(contactCase.valid ? 1 : 0);
      if (!contactCase.valid) expect(reply.json?.message).toMatch(/^Please fill in all required fields with valid information\./);
    });
  });

  it('accepts a valid message, stores it and mails it to the configured address', async () => {
    const reply = await sendJson(valid);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ success: true, message: SUCCESS });
    const [message] = await stored();
    expect(message).toMatchObject({ ...valid, id: expect.any(String), state: 'delivered', attempts: 1, lastError: null });
    expect(Date.parse(message.received)).toBeGreaterThan(Date.now() - 60_000);
    const messages = php.capturedMessages();
    expect(messages).toHaveLength(1);
    await expectSafeHeaders(messages[0], valid.email);
    const mail = await parse(messages[0]);
    expect(mail.subject).toBe('New enquiry: Ana Example (Example Shipping Ltd): VSAT for two vessels');
    expect(mail.messageId).toBe(`<${message.id}@npts.test>`);
    for (const field of FIELDS) expect(mail.text).toContain(valid[field].split('\n')[0]);
  });

  it('names the sender and company in the subject, with "New Contact Form Submission" for an empty subject, and accepts a charset parameter', async () => {
    const reply = await sendJson({ ...valid, subject: '  ' }, { 'Content-Type': 'application/json; charset=UTF-8' });
    expect(reply.status).toBe(200);
    expect((await sendJson({ ...valid, company: '', subject: 'Fleet IT' })).status).toBe(200);
    expect((await sendJson({ ...valid, company: '', subject: '' })).status).toBe(200);
    const subjects = await Promise.all(php.capturedMessages().map(async (raw) => (await parse(raw)).subject));
    expect(subjects.sort()).toEqual([
      'New enquiry: Ana Example (Example Shipping Ltd): New Contact Form Submission',
      'New enquiry: Ana Example: Fleet IT',
      'New enquiry: Ana Example: New Contact Form Submission',
    ]);
  });

  it('encodes a long non-ASCII subject in folded RFC 2047 words that decode to the original', async () => {
    const subject = Array.from('Ünïcödé 🚢 שלום '.repeat(14)).slice(0, 200).join('');
    expect((await sendJson({ ...valid, subject })).status).toBe(200);
    const raw = php.capturedMessages()[0];
    const header = raw.split(/\r?\n\r?\n/)[0];
    expect(header).toMatch(/^Subject: =\?UTF-8\?B\?/im);
    for (const line of header.split(/\r?\n/)) expect(line.length).toBeLessThanOrEqual(78);
    expect((await parse(raw)).subject).toBe(`New enquiry: Ana Example (Example Shipping Ltd): ${subject.trim()}`);
  });

  it('writes an outbox file a mail reader parses: the same headers, and a Bulgarian, Greek, Chinese or Thai subject as it was sent', async () => {
    fresh({ MAIL_TRANSPORT: 'outbox' });
    const senders = [
      { firstName: 'Ана', lastName: 'Петрова', company: 'Синя линия ООД', subject: 'Оферта за VSAT за два кораба и за поддръжка на борда' },
      { firstName: 'Ελένη', lastName: 'Παπαδοπούλου', company: 'Αιγαίο Ναυτιλιακή', subject: 'Προσφορά για δορυφορική σύνδεση σε δύο πλοία' },
      { firstName: '李', lastName: '娜', company: '蓝线航运有限公司', subject: '两艘船的卫星通信与船上网络维护报价' },
      { firstName: 'สมชาย', lastName: 'ใจดี', company: 'บริษัท เรือไทย จำกัด', subject: 'ขอใบเสนอราคาอินเทอร์เน็ตดาวเทียมสำหรับเรือสองลำ' },
    ];
    for (const sender of senders) expect((await sendJson({ ...valid, ...sender, message: `${sender.subject}\nSecond line` })).status).toBe(200);
    // Python's own mail parser, as a mail client reads the file; each RFC 2047 word must hold whole characters.
    const read = `
import email.parser, email.policy, glob, json, re, sys
from email.header import decode_header
def whole(word):
    try:
        return bool(decode_header(word)[0][0].decode('utf-8'))
    except UnicodeDecodeError:
        return False
mails = []
for path in sorted(glob.glob(sys.argv[1] + '/*.eml')):
    raw = open(path, 'rb').read()
    mail = email.parser.BytesParser(policy=email.policy.default).parsebytes(raw)
    head = raw.split(b'\\r\\n\\r\\n')[0].decode('ascii')
    mails.append({'headers': sorted(name.lower() for name in mail.keys()), 'subject': str(mail['subject']), 'text': mail.get_content(),
        'defects': [str(defect) for defect in mail.defects] + [str(defect) for value in mail.values() for defect in value.defects],
        'whole': all(whole(word) for word in re.findall(r'=\\?[^?]+\\?[BbQq]\\?[^?]*\\?=', head)), 'longest': max(len(line) for line in head.split('\\r\\n'))})
print(json.dumps(mails))`;
    const mails = JSON.parse(execFileSync('python3', ['-c', read, join(storage, 'outbox')], { encoding: 'utf8' }));
    expect(mails.map((mail: { subject: string }) => mail.subject).sort()).toEqual(senders.map((sender) => `New enquiry: ${sender.firstName} ${sender.lastName} (${sender.company}): ${sender.subject}`).sort());
    for (const mail of mails) {
      expect(mail).toMatchObject({ headers: HEADERS, defects: [], whole: true });
      expect(mail.longest).toBeLessThanOrEqual(78);
      expect(senders.some((sender) => mail.text.includes(`Subject:    ${sender.subject}\r\n`) && mail.text.includes(`${sender.subject}\r\nSecond line`))).toBe(true);
    }
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

  it('refuses a direction override in a name and a direction isolate in the subject with a 422 naming the field, and stores nothing', async () => {
    // U+202E would show "Ana moc.elpmaxe@ana" reversed, as an address, in a terminal or a mail client.
    const name = await sendJson({ ...valid, firstName: 'Ana\u202emoc.elpmaxe@ana' });
    expect(name.status).toBe(422);
    expect(name.json).toEqual({ success: false, message: 'Please fill in all required fields with valid information. Check: first name.' });
    const subject = await sendJson({ ...valid, subject: 'Invoice \u2066overdue' });
    expect(subject.status).toBe(422);
    expect(subject.json).toEqual({ success: false, message: 'Please fill in all required fields with valid information. Check: subject.' });
    const form = await sendForm({ ...valid, lastName: 'Exa\u202dmple' });
    expect(form.headers.get('location')).toBe('/contact/invalid');
    expect(await stored()).toHaveLength(0);
  });

  it('keeps unicode, emoji and right-to-left text intact', async () => {
    const input = (cases as ContactCase[]).find((contactCase) => contactCase.name === 'unicode, emoji and right-to-left text')!.input;
    expect((await sendJson(input)).status).toBe(200);
    const mail = await parse(php.capturedMessages()[0]);
    expect(mail.subject).toBe(`New enquiry: ${input.firstName} ${input.lastName}${input.company && ` (${input.company})`}: ${input.subject}`);
    const text = mail.text!.replace(/\r\n/g, '\n');
    for (const field of FIELDS) expect(text).toContain(input[field]);
    expect((await stored())[0]).toMatchObject(input);
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
      expect(await stored()).toHaveLength(0);
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
      expect(await stored()).toHaveLength(0);
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
      expect(await stored()).toHaveLength(0);
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
      expect(await stored()).toHaveLength(0);
      expect(php.capturedMessages()).toHaveLength(0);
    });

    it('gives a form sent faster than a person types a fake success and keeps nothing', async () => {
      const reply = await sendJson({ ...valid, website: '', elapsedMs: 1200 });
      expect(reply.json).toEqual({ success: true, message: SUCCESS });
      expect(await stored()).toHaveLength(0);
      expect(php.capturedMessages()).toHaveLength(0);
      expect((await sendJson({ ...valid, website: '', elapsedMs: 4500 })).status).toBe(200);
      expect(await stored()).toHaveLength(1);
    });

    it('refuses JSON from another site with 403', async () => {
      for (const origin of ['https://evil.example', 'null', `http://127.0.0.1:${Number(new URL(php.origin).port) + 1}`]) {
        expect((await sendJson(valid, { Origin: origin })).status).toBe(403);
      }
      expect((await sendJson(valid, { Origin: php.origin })).status).toBe(200);
      expect(await stored()).toHaveLength(1);
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
      expect(await stored()).toHaveLength(5);
    });
  });

  describe('where the lead came from', () => {
    const campaign = { utm_source: 'linkedin', utm_medium: 'paid-social', utm_campaign: 'fleet-2027', utm_term: 'vsat crew wifi', utm_content: 'carousel' };

    it('stores the page and the campaign with the lead, and puts them in the mail, show and export', async () => {
      expect((await sendJson({ ...valid, source: '/coms', ...campaign })).status).toBe(200);
      const [message] = await stored();
      expect(message).toMatchObject({ source: '/coms', ...campaign });
      const text = (await parse(php.capturedMessages()[0])).text!;
      expect(text).toContain('Came from:  /coms\n');
      expect(text).toContain('Campaign:   utm_source=linkedin, utm_medium=paid-social, utm_campaign=fleet-2027, utm_term=vsat crew wifi, utm_content=carousel\n');
      const show = (await php.admin('show', message.id)).stdout;
      expect(show).toMatch(/^came from: {4}\/coms$/m);
      expect(show).toMatch(/^utm_campaign: fleet-2027$/m);
      const [header, row] = (await php.admin('export', '--format', 'csv')).stdout.trim().split('\r\n').map((line) => line.slice(1, -1).split('","'));
      expect(Object.fromEntries(header.map((name, index) => [name, row[index]]))).toMatchObject({ source: '/coms', utm_source: 'linkedin', utm_campaign: 'fleet-2027' });
    });

    it('says so when nothing is known, and keeps nothing', async () => {
      expect((await sendJson({ ...valid, source: '', utm_source: '' })).status).toBe(200);
      expect((await stored())[0]).toMatchObject({ source: null, utm_source: null, utm_campaign: null });
      const text = (await parse(php.capturedMessages()[0])).text!;
      expect(text).toContain('Came from:  (not known: the form was opened directly)\n');
      expect(text).toContain('Campaign:   (none)\n');
    });

    describe('the shared case table', () => {
      beforeEach(() => fresh({ MAIL_TRANSPORT: 'outbox' }));

      it.each((attributionCases as AttributionCase[]).map((entry) => [entry.name, entry] as const))('%s', async (_name, { field, value, valid: accepted }) => {
        const reply = await sendJson({ ...valid, [field]: value });
        expect(reply.status).toBe(accepted ? 200 : 400);
        if (!accepted) expect(reply.json?.message).toMatch(new RegExp(`^The field ${field} is not valid: `));
        expect((await stored()).map((message) => message[field as keyof typeof message])).toEqual(accepted ? [value] : []);
      });
    });

    it('refuses a value that is not a string', async () => {
      expect((await sendJson({ ...valid, utm_medium: 5 })).json).toEqual({ success: false, message: 'The field utm_medium must be a string.' });
      expect(await stored()).toHaveLength(0);
    });
  });

  describe('the proof of work', () => {
    const field = (solution: Record<string, unknown>) => Buffer.from(JSON.stringify(solution)).toString('base64');
    const decode = (altcha: string) => JSON.parse(Buffer.from(altcha, 'base64').toString()) as Record<string, unknown>;
    const proofSecret = () => sqlite<{ value: string }>(storage, "SELECT value FROM settings WHERE name = 'proof_secret'")[0].value;
    /** A proof signed with the store's own key for a challenge that expired: a tab left open too long. */
    async function expiredProof(): Promise<string> {
      await php.challenge();
      const salt = `${'5e'.repeat(12)}?expires=${Math.floor(Date.now() / 1000) - 60}&`;
      const challenge = createHash('sha256').update(`${salt}42`).digest('hex');
      const signature = createHmac('sha256', proofSecret()).update(challenge).digest('hex');
      return field({ algorithm: 'SHA-256', challenge, number: 42, salt, signature });
    }

    it('hands out a fresh, signed challenge of the configured difficulty that expires within the hour, never cached', async () => {
      const reply = await php.request('/mail/send.php?challenge');
      expect(reply.status).toBe(200);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const challenge = JSON.parse(reply.text);
      expect(Object.keys(challenge).sort()).toEqual(['algorithm', 'challenge', 'maxnumber', 'salt', 'signature']);
      expect(challenge).toMatchObject({ algorithm: 'SHA-256', challenge: expect.stringMatching(/^[0-9a-f]{64}$/), maxnumber: 1000, signature: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const expires = Number(/^[0-9a-f]{24}\?expires=(\d+)&$/.exec(challenge.salt)?.[1]);
      expect(expires * 1000 - Date.now()).toBeGreaterThan(3500_000);
      expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(3600_000);
      expect((await php.challenge()).challenge).not.toBe(challenge.challenge);
      fresh({ MAIL_PROOF_MAXNUMBER: '250000' });
      expect((await php.challenge()).maxnumber).toBe(250000);
      // Below the floor there is no proof worth the name: the default applies, and check says so.
      fresh({ MAIL_PROOF_MAXNUMBER: '0' });
      expect((await php.challenge()).maxnumber).toBe(50000);
      expect((await php.admin('check')).stdout).toMatch(/warn  MAIL_PROOF_MAXNUMBER is "0": use a whole number of at least 1000/);
    });

    it('refuses a scripted JSON post without a proof, bare or faking the page’s signals, and keeps nothing', async () => {
      const bare = await php.post(JSON.stringify(valid), {});
      const faked = await php.post(JSON.stringify({ ...valid, website: '', elapsedMs: 7421 }), { Origin: php.origin, Referer: `${php.origin}/contact` });
      const empty = await php.post(JSON.stringify({ ...valid, altcha: '' }), { Origin: php.origin });
      for (const reply of [bare, faked, empty]) {
        expectClean(reply);
        expect(reply.status).toBe(403);
        expect(reply.json).toEqual({ success: false, message: 'Please use the contact form on our website.' });
      }
      expect(await stored()).toHaveLength(0);
      expect(php.capturedMessages()).toHaveLength(0);
    });

    it('mails a replayed request, or its proof with another message, only once', async () => {
      const body = JSON.stringify({ ...valid, website: '', elapsedMs: 7421, altcha: await php.proof() });
      expect((await php.post(body, { Origin: php.origin })).json).toEqual({ success: true, message: SUCCESS });
      const replays = [await php.post(body, { Origin: php.origin }), await php.post(body, { Origin: php.origin })];
      const spliced = await php.post(body.replace('we would like a quote', 'buy cheap watches'), { Origin: php.origin });
      for (const reply of [...replays, spliced]) {
        expectClean(reply);
        expect(reply.status).toBe(403);
      }
      const form = await php.postForm({ ...valid, altcha: JSON.parse(body).altcha }, { Origin: php.origin });
      expect(form.headers.get('location')).toBe('/contact/invalid');
      expect(await stored()).toHaveLength(1);
      expect(php.capturedMessages()).toHaveLength(1);
    });

    it('refuses an expired proof, saying so, so the form can fetch a fresh one', async () => {
      const expired = await expiredProof();
      const reply = await php.postJson({ ...valid, altcha: expired });
      expect(reply.status).toBe(403);
      expect(reply.json).toEqual({ success: false, message: 'Please use the contact form on our website.', proof: 'expired' });
      const form = await sendForm({ ...valid, altcha: expired });
      expect(form.headers.get('location')).toBe('/contact/invalid');
      expect(await stored()).toHaveLength(0);
      expect((await php.postJson(valid)).status).toBe(200);
    });

    it('spends a proof once even in its last second: its expiry and the clean-up of spent proofs read one clock', async () => {
      await php.challenge();
      // One proof (its signature checked, as send.php does first) sent twice in its last second,
      // then once as it expires. The script stands in for send.php and sets each request's clock,
      // which send.php leaves the store to read.
      const script = `require "$argv[1]/store.php"; require "$argv[1]/queue.php";
        $config = contact_config();
        $store = contact_store_open($config, true);
        $proof = ['challenge' => hash('sha256', 'a challenge'), 'expires' => time()];
        $fields = ['firstName' => 'Ana', 'lastName' => 'Example', 'email' => 'ana@example.com', 'message' => 'Hello'];
        $send = static function (int $now) use ($config, $store, $proof, $fields): ?string {
            $accepted = contact_store_accept($store, $config, $fields, '192.0.2.1', $proof, $now);
            return $accepted['id'] === null ? $accepted['refused'] : 'stored';
        };
        echo json_encode([$send($proof['expires'] - 1), $send($proof['expires'] - 1), $send($proof['expires'])]);`;
      const run = await php.run(['php', '-r', script, join(php.docroot, 'mail', 'lib')]);
      expect(run.stderr).toBe('');
      expect(JSON.parse(run.stdout)).toEqual(['stored', 'reused', 'expired']);
      expect(await stored()).toHaveLength(1);
    });

    it('refuses forged, tampered and spliced proofs', async () => {
      const good = decode(await php.proof());
      const spliceable = decode(await php.proof());
      const { number } = spliceable as { number: number };
      const digits = String(number);
      const forged = [
        'not base64!',
        field({}),
        Buffer.from('{"algorithm": "SHA-256"').toString('base64'),
        field({ ...good, number: (good.number as number) + 1 }),
        field({ ...good, number: String(good.number) }),
        field({ ...good, signature: createHmac('sha256', 'a guessed key').update(good.challenge as string).digest('hex') }),
        field({ ...good, algorithm: 'SHA-1' }),
        field({ ...good, salt: (good.salt as string).replace(/expires=\d+/, 'expires=99999999999') }),
        // CVE-2025-68113: a digit of the number moved into the salt hashes the same; the salt's
        // closing "&" is what makes it fail.
        field({ ...spliceable, salt: `${spliceable.salt}${digits[0]}`, number: Number(digits.slice(1)) }),
        'A'.repeat(5000),
      ];
      for (const altcha of forged) {
        const reply = await php.postJson({ ...valid, altcha });
        expectClean(reply);
        expect(reply.status).toBe(403);
      }
      expect((await php.postJson({ ...valid, altcha: 42 })).status).toBe(400);
      expect(await stored()).toHaveLength(0);
      expect((await php.postJson({ ...valid, altcha: field(good) })).status).toBe(200);
    });
  });

  describe('the form posted without JavaScript', () => {
    it('holds a message from the own site for the operator: stored, thanked, not mailed', async () => {
      const reply = await sendForm(valid);
      expect(reply.status).toBe(303);
      expect(reply.headers.get('location')).toBe('/contact/sent');
      const referred = await php.postForm(valid, { Referer: `${php.origin}/contact` });
      expect(referred.headers.get('location')).toBe('/contact/sent');
      expect((await stored()).map((message) => message.state)).toEqual(['held', 'held']);
      await php.expectLog(/came without a proof of work and is held: php mail\/admin.php show \S+, then release or delete it/);
      expect((await php.deliver()).stdout).toBe('');
      expect(php.capturedMessages()).toHaveLength(0);
    });

    it('holds a forged form post without a proof, and mails one with a valid proof', async () => {
      const forged = await php.postForm({ ...valid, message: 'Forged' }, { Origin: php.origin, Referer: `${php.origin}/contact` });
      expect(forged.headers.get('location')).toBe('/contact/sent');
      const proven = await sendForm({ ...valid, message: 'Proven', altcha: await php.proof() });
      expect(proven.headers.get('location')).toBe('/contact/sent');
      expect((await stored()).map((message) => [message.message, message.state])).toEqual([['Forged', 'held'], ['Proven', 'delivered']]);
      expect(php.capturedMessages()).toHaveLength(1);
    });

    it('redirects to /contact/invalid when a field is invalid', async () => {
      const reply = await sendForm({ ...valid, email: 'ana@example' });
      expect(reply.status).toBe(303);
      expect(reply.headers.get('location')).toBe('/contact/invalid');
      expect(await stored()).toHaveLength(0);
    });

    it('refuses a form post from another site, or from nowhere, with 403', async () => {
      const attempts: Record<string, string>[] = [{ Origin: 'https://evil.example' }, { Referer: 'https://evil.example/contact' }, {}];
      for (const headers of attempts) {
        const reply = await php.postForm(valid, headers);
        expectClean(reply);
        expect(reply.status).toBe(403);
      }
      expect(await stored()).toHaveLength(0);
    });
  });

  describe('nothing is lost', () => {
    it('stores a message when the mail server is down, thanks the visitor, and deliver.php sends it exactly once when it is due', async () => {
      fresh(smtpDown);
      const reply = await sendJson(valid);
      expect(reply.json).toEqual({ success: true, message: SUCCESS });
      const [message] = await stored();
      expect(message).toMatchObject({ state: 'pending', attempts: 1, lastError: expect.stringMatching(/connect/i) });

      // The next attempt waits ten minutes: a cron run before then has nothing to do and says nothing.
      expect(await php.deliver()).toEqual({ code: 0, stdout: '', stderr: '' });
      expect((await php.admin('retry', message.id)).code).toBe(0);
      const stillDown = await php.deliver();
      expect(stillDown.code).toBe(1);
      expect(stillDown.stdout).toMatch(new RegExp(`^${message.id}: failed \\(attempt 2\\): .*connect.*; next attempt \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\n$`, 'i'));

      php.configure({ ...base, MAIL_STORAGE_DIR: storage });
      await php.admin('retry', message.id);
      expect(await php.deliver()).toEqual({ code: 0, stdout: `${message.id}: delivered (attempt 3)\n`, stderr: '' });
      expect(await php.deliver()).toEqual({ code: 0, stdout: '', stderr: '' });
      const messages = php.capturedMessages();
      expect(messages).toHaveLength(1);
      await expectSafeHeaders(messages[0], valid.email);
      expect((await stored())[0]).toMatchObject({ state: 'delivered', attempts: 3, lastError: null, delivered: expect.any(String) });
    });

    it('keeps a message pending when sendmail fails, for deliver.php to send later', async () => {
      writeFileSync(join(php.captured, 'fail'), '');
      expect((await sendJson(valid)).json?.success).toBe(true);
      expect(php.capturedMessages()).toHaveLength(0);
      const [message] = await stored();
      expect(message.state).toBe('pending');
      rmSync(join(php.captured, 'fail'));
      await php.admin('retry', message.id);
      expect((await php.deliver()).stdout).toBe(`${message.id}: delivered (attempt 2)\n`);
      expect(php.capturedMessages()).toHaveLength(1);
    });

    it('checks stored messages again before deliver.php sends them, and gives up on one that can never be sent', async () => {
      const id = '20260101T000000Z-000000000000';
      await storeMessages(php, storage, [{ id, age: 0, fields: { subject: 'x\r\nBcc: victim@example.net' } }]);
      const run = await php.deliver();
      expect(run.code).toBe(1);
      expect(run.stdout).toBe(`${id}: failed (attempt 1): stored message is invalid: subject; dead, given up: php mail/admin.php retry ${id} sends it again\n`);
      expect(php.capturedMessages()).toHaveLength(0);
      expect((await stored())[0].state).toBe('dead');
    });

    it('answers within its SMTP_TIMEOUT when the SMTP server accepts the connection and never speaks; a later deliver.php sends it once', async () => {
      const mute = await startMuteServer();
      const sink = await startSmtpSink();
      try {
        const smtp = { MAIL_TRANSPORT: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_SECURE: 'none', SMTP_TIMEOUT: '0.5' };
        fresh({ ...smtp, SMTP_PORT: String(mute.port) });
        const started = Date.now();
        const reply = await sendJson(valid);
        // The attempt's half second and the request around it, with room for a busy machine: far
        // from the minutes PHPMailer alone would wait (300 s a reply).
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(reply.json).toEqual({ success: true, message: SUCCESS });
        expect(mute.connections()).toBe(1);
        const [message] = await stored();
        expect(message).toMatchObject({ state: 'pending', lastError: 'the SMTP server did not answer within 0.5 s' });

        php.configure({ ...base, ...smtp, MAIL_STORAGE_DIR: storage, SMTP_PORT: String(sink.port) });
        await php.admin('retry', message.id);
        expect((await php.deliver()).stdout).toBe(`${message.id}: delivered (attempt 2)\n`);
        expect(await php.deliver()).toEqual({ code: 0, stdout: '', stderr: '' });
        expect(sink.received).toHaveLength(1);
        expect((await parse(sink.received[0].raw)).messageId).toBe(`<${message.id}@npts.test>`);
      } finally {
        await Promise.all([mute.stop(), sink.stop()]);
      }
    });

    it('thanks every one of 20 visitors who arrive at once at a store that does not exist yet', async () => {
      // The first messages create the store, whose switch to WAL needs the database to itself:
      // ten new stores, twenty visitors at each.
      for (let round = 0; round < 10; round++) {
        fresh();
        const replies = await inParallel(20, 20, () => sendJson(valid));
        expect(replies.map((reply) => reply.status)).toEqual(Array(20).fill(200));
        expect(await stored()).toHaveLength(20);
      }
    });

    it('stores 100 messages from 20 clients at once while two deliver.php runs overlap, and mails each exactly once', async () => {
      const sink = await startSmtpSink();
      try {
        const smtp = { MAIL_TRANSPORT: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_SECURE: 'none' };
        const token = (name: string) => `token-${name}.`;
        // A backlog for the cron runs to compete for: messages given up while the server was
        // down (MAIL_GIVE_UP_HOURS 0: at the first failure), then made due again.
        fresh({ ...smtpDown, MAIL_GIVE_UP_HOURS: '0' });
        const backlog = await inParallel(20, 40, (index) => sendJson({ ...valid, message: `Backlog ${token(`b${index}`)}` }));
        expect(backlog.map((reply) => reply.status)).toEqual(Array(40).fill(200));
        expect((await stored()).map((message) => message.state)).toEqual(Array(40).fill('dead'));
        expect((await php.admin('retry', '--dead')).code).toBe(0);

        php.configure({ ...base, ...smtp, MAIL_STORAGE_DIR: storage, SMTP_PORT: String(sink.port) });
        let submitting = true;
        const runs: { code: number; stdout: string; stderr: string }[] = [];
        const cron = async () => {
          do runs.push(await php.deliver());
          while (submitting);
        };
        const crons = [cron(), cron()];
        let replies: Reply[];
        try {
          replies = await inParallel(20, 100, (index) => sendJson({ ...valid, message: `Message ${token(`m${index}`)}\n${'x'.repeat(2000)}` }));
        } finally {
          submitting = false;
          await Promise.all(crons);
        }

        expect(replies.map((reply) => reply.status)).toEqual(Array(100).fill(200));
        expect(runs.filter((run) => run.code !== 0 || run.stderr !== '')).toEqual([]);
        const deliveredByCron = runs.flatMap((run) => run.stdout.split('\n')).filter((line) => line.endsWith('delivered (attempt 2)'));
        expect(deliveredByCron).toHaveLength(40);
        expect(await php.deliver()).toEqual({ code: 0, stdout: '', stderr: '' });

        const messages = await stored();
        expect(messages).toHaveLength(140);
        expect(new Set(messages.map((message) => message.id)).size).toBe(140);
        expect(messages.filter((message) => message.state !== 'delivered')).toEqual([]);
        const tokens = [...Array.from({ length: 40 }, (_, index) => token(`b${index}`)), ...Array.from({ length: 100 }, (_, index) => token(`m${index}`))];
        const timesReceived = tokens.map((name) => sink.received.filter((mail) => mail.raw.includes(name)).length);
        expect(timesReceived).toEqual(Array(140).fill(1));
        expect(sink.received).toHaveLength(140);
      } finally {
        await sink.stop();
      }
    }, 120_000);

    it('thanks the visitor whose message was stored even when the attempt after it dies of a fatal error', async () => {
      // A broken PHPMailer install: loading it is a compile error, which no catch can stop.
      const vendor = join(php.docroot, 'mail', 'vendor');
      mkdirSync(vendor);
      writeFileSync(join(vendor, 'autoload.php'), '<?php\nfunction contact_config(): array { return []; }\n');
      try {
        fresh(smtpDown);
        const reply = await sendJson(valid);
        expect(reply.status).toBe(200);
        expect(reply.json).toEqual({ success: true, message: SUCCESS });
        await php.expectLog(/Fatal error: +Cannot redeclare contact_config\(\)/);
        // Loading PHPMailer comes before the attempt is claimed: the next cron run sends it.
        expect((await stored()).map((message) => message.state)).toEqual(['pending']);
      } finally {
        rmSync(vendor, { recursive: true });
      }
    });

    it('tells the visitor to call instead, without details, and logs the fix when the store can never be created', async () => {
      const blocker = join(tempDir(), 'a-file');
      writeFileSync(blocker, '');
      fresh({ MAIL_STORAGE_DIR: join(blocker, 'storage') });
      const reply = await sendJson(valid);
      expect(reply.status).toBe(503);
      expect(reply.json).toEqual({ success: false, message: OUT_OF_SERVICE });
      expect(reply.text).not.toContain('a-file');
      const form = await sendForm(valid);
      expect(form.status).toBe(303);
      expect(form.headers.get('location')).toBe('/contact/failed');
      await php.expectLog(/told to call or email instead: .*a-file\/storage cannot be created: .*a-file is not a folder\. Fix: set MAIL_STORAGE_DIR/);
    });

    it('answers 500 when another process holds the store longer than MAIL_LOCK_TIMEOUT, and stores again once it lets go', async () => {
      fresh({ MAIL_LOCK_TIMEOUT: '0.5' });
      expect((await sendJson(valid)).status).toBe(200);
      const locker = spawn('php', ['-r', `$db = new PDO('sqlite:${storage}/messages.sqlite'); $db->exec('BEGIN IMMEDIATE'); echo "locked\\n"; sleep(60);`], { stdio: ['ignore', 'pipe', 'inherit'] });
      const exited = once(locker, 'exit');
      try {
        await Promise.race([once(locker.stdout!, 'data'), exited.then(() => Promise.reject(new Error('the locking process exited')))]);
        const reply = await sendJson(valid);
        expect(reply.status).toBe(500);
        expect(reply.json?.message).toBe(FAILURE);
        await php.expectLog(/was not stored, the visitor was told to try again: .*database is locked/);
      } finally {
        locker.kill();
        await exited;
      }
      expect((await sendJson(valid)).status).toBe(200);
      expect((await stored()).map((message) => message.state)).toEqual(['delivered', 'delivered']);
    });
  });

  describe('a store on a disk that fills up or turns read-only', () => {
    const disk = tempDir('npts-tiny-');
    const tiny = setupPhpServer({ tinyDisk: { dir: disk, kib: 512 } });
    beforeAll(() => tiny.configure({ ...base, MAIL_STORAGE_DIR: join(disk, 'store') }));

    it('never thanks a visitor for a message it could not store, and afterwards stores and delivers without damage', async () => {
      // Proofs solved before the disk fills: a full store has no challenge to give out.
      const send = async (message: string, altcha?: string) => {
        const reply = await tiny.postJson({ ...valid, message, ...(altcha && { altcha }) });
        expectClean(reply);
        return reply;
      };
      expect((await send('Before the disk filled up')).status).toBe(200);
      const proofs = [await tiny.proof(), await tiny.proof(), await tiny.proof()];

      const filler = tiny.path(join(disk, 'filler'));
      try {
        fillDisk(filler);
        expect((await send('Without a proof while the disk is full')).json).toEqual({ success: false, message: FAILURE });
        for (const [index, attempt] of ['While the disk is full', 'Still full'].entries()) {
          const reply = await send(attempt, proofs[index]);
          expect(reply.status).toBe(500);
          expect(reply.json).toEqual({ success: false, message: FAILURE });
        }
        const form = await tiny.postForm({ ...valid, message: 'Full, without JavaScript' }, { Origin: tiny.origin });
        expect(form.headers.get('location')).toBe('/contact/failed');
        await tiny.expectLog(/the message was not stored, the visitor was told to try again: .*(disk|full)/i);
      } finally {
        rmSync(filler, { force: true });
      }

      expect((await tiny.run(['mount', '-o', 'remount,ro', disk])).code).toBe(0);
      try {
        // Trying again would not help: the visitor is told to call, the log names the folder.
        const readOnly = await send('While the disk is read-only', proofs[2]);
        expect(readOnly.status).toBe(503);
        expect(readOnly.json).toEqual({ success: false, message: OUT_OF_SERVICE });
        await tiny.expectLog(/told to call or email instead: .* is not writable by/);
      } finally {
        expect((await tiny.run(['mount', '-o', 'remount,rw', disk])).code).toBe(0);
      }

      expect((await send('After the disk had room again')).status).toBe(200);
      const messages = await tiny.messages();
      expect(messages.map((message) => [message.message, message.state])).toEqual([
        ['Before the disk filled up', 'delivered'],
        ['After the disk had room again', 'delivered'],
      ]);
      expect(tiny.capturedMessages()).toHaveLength(2);
      expect((await tiny.admin('check')).stdout).toMatch(/ok {4}store: .*messages\.sqlite, writable, 2 messages/);
    });

    it('keeps a message, and says so, when its outbox file cannot be deleted, so erasure and retention never leave a file nobody can find', async () => {
      const outbox = join(disk, 'outbox');
      const storage = tempDir('npts-store-');
      tiny.configure({ ...base, MAIL_TRANSPORT: 'outbox', MAIL_STORAGE_DIR: storage, MAIL_OUTBOX_DIR: outbox });
      expect((await tiny.postJson(valid)).status).toBe(200);
      const [message] = await tiny.messages();
      await storeMessages(tiny, storage, [{ id: 'expired', age: 200 * 86_400_000, delivered: true }]);
      writeFileSync(tiny.path(join(outbox, 'expired.eml')), 'mail');
      expect((await tiny.run(['mount', '-o', 'remount,ro', disk])).code).toBe(0);
      try {
        const erase = await tiny.admin('erase', '--email', valid.email);
        expect(erase.code).toBe(1);
        expect(erase.stdout).toContain(`NOT erased ${message.id}: cannot delete ${outbox}/${message.id}.eml`);
        const retention = await tiny.deliver();
        expect(retention.code).toBe(1);
        expect(retention.stdout).toBe(`expired: past MAIL_RETENTION_DAYS, kept: cannot delete ${outbox}/expired.eml: unlink(${outbox}/expired.eml): Read-only file system\n`);
        expect((await tiny.messages()).map((kept) => kept.id)).toEqual(['expired', message.id]);
      } finally {
        await tiny.run(['mount', '-o', 'remount,rw', disk]);
      }
      expect(await tiny.deliver()).toEqual({ code: 0, stdout: '', stderr: '' });
      const again = await tiny.admin('erase', '--email', valid.email);
      expect(again.stdout).toMatch(/^erased \S+ \(delivered, received .*\), and its outbox file\nErased 1 message from /);
      expect(await tiny.messages()).toHaveLength(0);
      expect(existsSync(tiny.path(join(outbox, `${message.id}.eml`)))).toBe(false);
    });
  });

  describe('without pdo_sqlite', () => {
    it('answers the failure path and says in the log what is missing', async () => {
      const bare = await startPhpServer({ without: 'pdo_sqlite' });
      try {
        bare.configure({ ...base, MAIL_STORAGE_DIR: tempDir('npts-store-') });
        const reply = await bare.postJson(valid);
        expect(reply.status).toBe(500);
        expect(reply.json).toEqual({ success: false, message: FAILURE });
        await bare.expectLog(/PHP has no pdo_sqlite: install it \(Debian, Ubuntu: apt-get install php-sqlite3\)/);
        const check = await bare.admin('check');
        expect(check.code).toBe(1);
        expect(check.stdout).toMatch(/FAIL {2}PHP .* has no pdo_sqlite/);
        expect((await bare.admin('status')).code).toBe(2);
      } finally {
        await bare.stop();
      }
    });
  });

  describe('a flood of posts without a proof of work', () => {
    it('holds no more than the cap of 500 of 2,500 posts of 4 KB from one address with the rate limit off, asks the rest to call or write, and still thanks a visitor with a proof', async () => {
      // A server of its own with PHP's opcode cache, as a host has it: 2,500 requests in seconds.
      const flood = await startPhpServer({ workers: 4, ini: { 'opcache.enable': '1' } });
      try {
        await floodOf(flood);
      } finally {
        await flood.stop();
      }
    });
    async function floodOf(php: PhpServer) {
      php.fresh({ MAIL_TRANSPORT: 'outbox', MAIL_HEALTH_TOKEN: 'flood' });
      const posts = 2500;
      const form = { ...valid, message: `Flood. ${'x'.repeat(4000)}`, elapsedMs: '5000' };
      const answers = new Map<string, number>();
      // Eight at a time against the server's four workers.
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < posts) {
            next++;
            const reply = await php.postForm(form, { Origin: php.origin });
            const answer = `${reply.status} ${reply.headers.get('location')} ${reply.json?.message}`;
            answers.set(answer, (answers.get(answer) ?? 0) + 1);
          }
        }),
      );
      expect(Object.fromEntries(answers)).toEqual({
        [`303 /contact/sent ${SUCCESS}`]: 500,
        [`303 /contact/failed ${HELD_FULL}`]: posts - 500,
      });
      const held = await php.messages();
      expect(held).toHaveLength(500);
      expect(held.every((message) => message.state === 'held')).toBe(true);
      await php.expectLog(/a message without a proof of work was turned away, its visitor asked to call or write: the held messages are at their cap/);

      // A visitor with a proof is never affected: the cap counts held messages only.
      expect(await php.postJson(valid)).toMatchObject({ status: 200, json: { success: true, message: SUCCESS } });
      expect((await php.messages()).filter((message) => message.state === 'delivered')).toHaveLength(1);
      const status = await php.admin('status');
      expect(status.code).toBe(1);
      expect(status.stdout).toMatch(/^Attention: 500 held messages reached the cap \(MAIL_HELD_MAX_MESSAGES 500, MAIL_HELD_MAX_MB 10\): forms sent without JavaScript are turned away, their visitors asked to call or write: php mail\/admin\.php list --status held, then release ID or delete ID$/m);
      expect((await php.request('/mail/health.php?token=flood')).status).toBe(503);
    }

    it('counts the held messages\' size too: at MAIL_HELD_MAX_MB, the next post without a proof is turned away', async () => {
      fresh({ MAIL_TRANSPORT: 'outbox', MAIL_HELD_MAX_MB: '1' });
      // The longest message, in emoji: 20,000 bytes for 5,000 characters.
      const form = { ...valid, message: '\u{1F6A2}'.repeat(5000), elapsedMs: '5000' };
      const size = FIELDS.reduce((bytes, field) => bytes + Buffer.byteLength(form[field]), 0);
      const fit = Math.ceil(1048576 / size);
      const locations = [];
      for (let post = 0; post <= fit; post++) locations.push((await sendForm(form)).headers.get('location'));
      expect(locations).toEqual([...Array(fit).fill('/contact/sent'), '/contact/failed']);
      expect(await stored()).toHaveLength(fit);
    });
  });

  describe('the rate limit', () => {
    it('ignores X-Forwarded-For unless the request comes from a trusted proxy', async () => {
      fresh({ MAIL_RATE_LIMIT: '2/600' });
      for (const forwarded of ['203.0.113.1', '203.0.113.2']) expect((await sendJson(valid, { 'X-Forwarded-For': forwarded })).status).toBe(200);
      expect((await sendJson(valid, { 'X-Forwarded-For': '203.0.113.3' })).status).toBe(429);
    });

    it('behind trusted proxies counts each visitor by the right-most address no trusted proxy wrote', async () => {
      fresh({ MAIL_RATE_LIMIT: '2/600', MAIL_TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8' });
      const from = async (forwarded: string) => (await sendJson(valid, { 'X-Forwarded-For': forwarded })).status;
      expect([await from('203.0.113.7'), await from('203.0.113.7'), await from('203.0.113.7')]).toEqual([200, 200, 429]);
      // Another visitor, through a second proxy in the trusted range, has an allowance of their own.
      expect(await from('198.51.100.9, 10.1.2.3')).toBe(200);
      // Writing another address into the header does not make the first visitor someone else.
      expect(await from('192.0.2.1, 203.0.113.7')).toBe(429);
      // An IPv6 visitor is counted by their /64.
      expect([await from('2001:db8:1:2::1'), await from('2001:db8:1:2::ffff'), await from('2001:db8:1:3::1')]).toEqual([200, 200, 200]);
      expect(await from('2001:db8:1:2:aaaa::1')).toBe(429);
    });

    it('leaves the proof of a message it refused unspent: sent again once the window ends, the message is accepted', async () => {
      fresh({ MAIL_RATE_LIMIT: '1/2' });
      expect((await sendJson(valid)).status).toBe(200);
      const second = { ...valid, subject: 'Second message', altcha: await php.proof() };
      expect((await sendJson(second)).status).toBe(429);
      // Once the window has ended (the store counts whole seconds), the same request goes through.
      const [hit] = sqlite<{ expires_at: number }>(storage, 'SELECT expires_at FROM rate_hits');
      await new Promise((wait) => setTimeout(wait, hit.expires_at * 1000 + 50 - Date.now()));
      expect((await sendJson(second)).status).toBe(200);
      expect((await stored()).map((message) => message.subject)).toEqual([valid.subject, 'Second message']);
      expect((await sendJson({ ...second, email: 'other@example.com' })).status).toBe(403);
    });

    it('keeps no address, only a keyed hash, and deletes it when its window ends', async () => {
      // Two seconds: the store counts whole seconds, so a one-second window could end between two quick requests.
      fresh({ MAIL_RATE_LIMIT: '1/2' });
      expect((await sendJson(valid)).status).toBe(200);
      const [hit] = sqlite<{ client: string; expires_at: number }>(storage, 'SELECT client, expires_at FROM rate_hits');
      expect(hit.client).toMatch(/^[0-9a-f]{64}$/);
      const database = ['messages.sqlite', 'messages.sqlite-wal']
        .filter((name) => existsSync(join(storage, name)))
        .map((name) => readFileSync(join(storage, name)).toString('latin1'))
        .join('');
      for (const clue of ['127.0.0.1', sha256('127.0.0.1'), sha256(Buffer.from([127, 0, 0, 1]))]) expect(database).not.toContain(clue);

      expect((await sendJson(valid)).status).toBe(429);
      // Once the window has ended (the store counts whole seconds), the address is new again.
      await new Promise((wait) => setTimeout(wait, hit.expires_at * 1000 + 50 - Date.now()));
      expect((await sendJson(valid)).status).toBe(200);
      const hits = sqlite<{ client: string; expires_at: number }>(storage, 'SELECT client, expires_at FROM rate_hits');
      expect(hits).toHaveLength(1);
      expect(hits[0].expires_at).toBeGreaterThan(hit.expires_at);
    });
  });

  describe('over SMTP with PHPMailer', () => {
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
        expect(mail.subject).toBe(`New enquiry: Ana Example (Example Shipping Ltd): ${input.subject}`);
        expect(mail.text!.replace(/\r\n/g, '\n')).toContain(input.message.replace(/\r\n/g, '\n'));
        expect(await php.deliver()).toEqual({ code: 0, stdout: '', stderr: '' });
      } finally {
        await sink.stop();
      }
    });

    describe('over TLS, checking the server’s certificate', () => {
      const certificate = makeCertificate(tempDir('npts-tls-'));
      // PHP trusts this certificate as it would a public one; nothing else is relaxed.
      const tlsServer = setupPhpServer({ ini: { 'openssl.cafile': certificate.file } });

      it.each([
        ['STARTTLS', 'starttls', 'tls'],
        ['TLS from the first byte', 'implicit', 'ssl'],
      ] as const)('delivers with %s, and sends nothing to a server whose certificate PHP cannot verify', async (_name, mode, secure) => {
        const sink = await startSmtpSink({ mode, key: certificate.key, cert: certificate.cert });
        try {
          const settings = { MAIL_TRANSPORT: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port), SMTP_SECURE: secure };
          tlsServer.fresh(settings);
          const reply = await tlsServer.postJson({ ...valid, message: 'x'.repeat(4000) });
          expect(reply.json).toEqual({ success: true, message: SUCCESS });
          expect((await tlsServer.messages())[0].state).toBe('delivered');
          expect(sink.received.map((mail) => mail.secure)).toEqual([true]);

          // The main server does not trust the certificate.
          fresh(settings);
          expect((await sendJson(valid)).json?.success).toBe(true);
          expect((await stored())[0]).toMatchObject({ state: 'pending', attempts: 1 });
          expect(sink.received).toHaveLength(1);
        } finally {
          await sink.stop();
        }
      });
    });

    it('ends an attempt at its SMTP_TIMEOUT however the server stalls: silent, silent to a TLS hello, trickling, or silent after STARTTLS', async () => {
      const secure = ['none', 'ssl', 'none', 'tls'];
      const stalls = await Promise.all([
        startMuteServer(),
        startMuteServer(),
        startMuteServer((socket) => {
          const trickle = setInterval(() => socket.write('2'), 300);
          socket.on('close', () => clearInterval(trickle));
        }),
        startMuteServer((socket) => {
          socket.write('220 ready\r\n');
          socket.on('data', (data) => {
            const command = data.toString();
            if (/^EHLO/i.test(command)) socket.write('250-hello\r\n250 STARTTLS\r\n');
            // Then nothing more: the TLS handshake that follows gets no answer.
            else if (/^STARTTLS/i.test(command)) socket.write('220 go ahead\r\n');
          });
        }),
      ]);
      try {
        fresh({ MAIL_TRANSPORT: 'smtp', SMTP_HOST: '127.0.0.1' });
        const checks = await Promise.all(
          stalls.map(async (stall, index) => {
            const started = Date.now();
            const check = await php.cli('admin.php', ['check'], { SMTP_PORT: String(stall.port), SMTP_SECURE: secure[index], SMTP_TIMEOUT: '1' });
            return { took: Date.now() - started, check };
          }),
        );
        for (const { took, check } of checks) {
          expect(check.stdout).toMatch(/FAIL {2}transport smtp: 127\.0\.0\.1:\d+: the SMTP server did not answer within 1 s/);
          // The second, and PHP starting and checking the rest around it on a busy machine.
          expect(took).toBeGreaterThanOrEqual(1_000);
          expect(took).toBeLessThan(10_000);
        }
      } finally {
        await Promise.all(stalls.map((stall) => stall.stop()));
      }
    });
  });

  describe('with nothing configured, behind the npm start router', () => {
    const bare = setupPhpServer({ router: true });

    it('writes each message as an .eml file to npts-private/outbox beside the web root, addressed to the placeholders', async () => {
      const reply = await bare.postJson(valid);
      expectClean(reply);
      expect(reply.status).toBe(200);
      expect(readdirSync(join(bare.docroot, 'mail')).sort()).toEqual(readdirSync(join(__dirname, '..', '..', 'mail')).filter((name) => !['config.php', 'storage', 'outbox', 'vendor'].includes(name)).sort());
      const store = join(bare.docroot, '..', 'npts-private');
      expect(readFileSync(join(store, '.htaccess'), 'utf8')).toContain('Require all denied');
      const outbox = join(store, 'outbox');
      const files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const mail = await parse(readFileSync(join(outbox, files[0]), 'utf8'));
      expect(mail.to?.map((address) => address.address)).toEqual(['contact@example.com']);
      expect(mail.from?.address).toBe('website@example.com');
      expect(mail.replyTo?.map((address) => address.address)).toEqual([valid.email]);
    });

    it('serves nothing in mail/ but the endpoint and, with its token only, the health check', async () => {
      await bare.postJson(valid);
      const hidden = ['/mail/deliver.php', '/mail/admin.php', '/mail/health.php', '/mail/lib/config.php', '/mail/lib/store.php', '/mail/config.example.php', '/mail/storage/messages.sqlite', '/mail/storage/outbox/'];
      for (const path of hidden) expect((await bare.request(path)).status).toBe(404);
    });
  });

  it('runs deliver.php and admin.php only from the command line', async () => {
    for (const script of ['deliver.php', 'admin.php']) {
      const reply = await php.request(`/mail/${script}`);
      expect(reply.status).toBe(404);
      expect(reply.text).toBe('');
    }
  });
});

/** Runs `work` for indexes 0 … total-1, at most `clients` at a time, as that many browsers would; all stop at the first failure. */
async function inParallel<T>(clients: number, total: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const client = async () => {
    while (next < total) {
      const index = next++;
      try {
        results[index] = await work(index);
      } catch (error) {
        next = total;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return results;
}

/** Writes to the file until its filesystem has not one byte left. */
function fillDisk(file: string): void {
  const handle = openSync(file, 'w');
  try {
    for (const size of [1 << 16, 4096, 1]) {
      const chunk = Buffer.alloc(size);
      try {
        for (;;) writeSync(handle, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(handle);
  }
}

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
