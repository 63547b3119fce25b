/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import attributionCases from '../fixtures/attribution-cases.json';
import cases from '../fixtures/contact-cases.json';
import { cleanupTemp, expectClean, expectSafeHeaders, inParallel, MAIL_HEADERS, setupPhpServer, sqlite, SUCCESS, validMessage } from '../helpers/php-server';
import contract from '@/mail/contract.json';

// mail/send.php's rules: what it accepts, refuses and mails, its spam defence and the proof of
// work. What it does when something fails is send-failures.test.ts; over SMTP, smtp.test.ts.
jest.setTimeout(30_000);

const FIELDS = ['firstName', 'lastName', 'email', 'company', 'subject', 'phone', 'message'] as const;

type Fields = Record<(typeof FIELDS)[number], string>;
type ContactCase = { name: string; input: Fields; valid: boolean; clientValid?: boolean; invalid?: (keyof Fields)[] };
type AttributionCase = { name: string; field: string; value: string; valid: boolean };

const valid: Fields = validMessage;

// A fresh store (and so a fresh rate limit) and an empty capture directory for each test.
const php = setupPhpServer({ workers: 4 });
beforeEach(() => php.fresh());
afterAll(cleanupTemp);

describe('mail/send.php', () => {
  describe('the shared case table', () => {
    beforeEach(() => php.fresh({ MAIL_TRANSPORT: 'outbox' }));

    it.each((cases as ContactCase[]).map((contactCase) => [contactCase.name, contactCase] as const))('%s', async (_name, contactCase) => {
      const reply = await php.sendJson(contactCase.input);
      expect(reply.status).toBe(contactCase.valid ? 200 : 422);
      expect(reply.json?.success).toBe(contactCase.valid);
      expect(await php.messages()).toHaveLength(contactCase.valid ? 1 : 0);
      if (!contactCase.valid) expect(reply.json?.message).toMatch(/^Please fill in all required fields with valid information\./);
      // A case that names the fields at fault: the answer names those, and no other.
      const named = (contactCase.invalid ?? []).map((field) => field.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`));
      if (named.length > 0) expect(reply.json?.message).toBe(`Please fill in all required fields with valid information. Check: ${named.join(', ')}.`);
    });
  });

  it('accepts a valid message, stores it and mails it to the configured address', async () => {
    const reply = await php.sendJson(valid);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ success: true, message: SUCCESS });
    const [message] = await php.messages();
    expect(message).toMatchObject({ ...valid, id: expect.any(String), state: 'delivered', attempts: 1, lastError: null });
    expect(Date.parse(message.received)).toBeGreaterThan(Date.now() - 60_000);
    const messages = php.capturedMessages();
    expect(messages).toHaveLength(1);
    await expectSafeHeaders(messages[0], valid.email);
    const mail = await PostalMime.parse(messages[0]);
    expect(mail.subject).toBe('New enquiry: Ana Example (Example Shipping Ltd): VSAT for two vessels');
    expect(mail.messageId).toBe(`<${message.id}@npts.test>`);
    for (const field of FIELDS) expect(mail.text).toContain(valid[field].split('\n')[0]);
  });

  it('names the sender and company in the subject, with "New Contact Form Submission" for an empty subject, and accepts a charset parameter', async () => {
    const reply = await php.sendJson({ ...valid, subject: '  ' }, { 'Content-Type': 'application/json; charset=UTF-8' });
    expect(reply.status).toBe(200);
    expect((await php.sendJson({ ...valid, company: '', subject: 'Fleet IT' })).status).toBe(200);
    expect((await php.sendJson({ ...valid, company: '', subject: '' })).status).toBe(200);
    const subjects = await Promise.all(php.capturedMessages().map(async (raw) => (await PostalMime.parse(raw)).subject));
    expect(subjects.sort()).toEqual([
      'New enquiry: Ana Example (Example Shipping Ltd): New Contact Form Submission',
      'New enquiry: Ana Example: Fleet IT',
      'New enquiry: Ana Example: New Contact Form Submission',
    ]);
  });

  it('encodes a long non-ASCII subject in folded RFC 2047 words that decode to the original', async () => {
    const subject = Array.from('Ünïcödé 🚢 שלום '.repeat(14)).slice(0, 200).join('');
    expect((await php.sendJson({ ...valid, subject })).status).toBe(200);
    const raw = php.capturedMessages()[0];
    const header = raw.split(/\r?\n\r?\n/)[0];
    expect(header).toMatch(/^Subject: =\?UTF-8\?B\?/im);
    for (const line of header.split(/\r?\n/)) expect(line.length).toBeLessThanOrEqual(78);
    expect((await PostalMime.parse(raw)).subject).toBe(`New enquiry: Ana Example (Example Shipping Ltd): ${subject.trim()}`);
  });

  it('writes an outbox file a mail reader parses: the same headers, and a Bulgarian, Greek, Chinese or Thai subject as it was sent', async () => {
    php.fresh({ MAIL_TRANSPORT: 'outbox' });
    const senders = [
      { firstName: 'Ана', lastName: 'Петрова', company: 'Синя линия ООД', subject: 'Оферта за VSAT за два кораба и за поддръжка на борда' },
      { firstName: 'Ελένη', lastName: 'Παπαδοπούλου', company: 'Αιγαίο Ναυτιλιακή', subject: 'Προσφορά για δορυφορική σύνδεση σε δύο πλοία' },
      { firstName: '李', lastName: '娜', company: '蓝线航运有限公司', subject: '两艘船的卫星通信与船上网络维护报价' },
      { firstName: 'สมชาย', lastName: 'ใจดี', company: 'บริษัท เรือไทย จำกัด', subject: 'ขอใบเสนอราคาอินเทอร์เน็ตดาวเทียมสำหรับเรือสองลำ' },
    ];
    for (const sender of senders) expect((await php.sendJson({ ...valid, ...sender, message: `${sender.subject}\nSecond line` })).status).toBe(200);
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
    const mails = JSON.parse(execFileSync('python3', ['-c', read, join(php.storage, 'outbox')], { encoding: 'utf8' }));
    expect(mails.map((mail: { subject: string }) => mail.subject).sort()).toEqual(senders.map((sender) => `New enquiry: ${sender.firstName} ${sender.lastName} (${sender.company}): ${sender.subject}`).sort());
    for (const mail of mails) {
      expect(mail).toMatchObject({ headers: MAIL_HEADERS, defects: [], whole: true });
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
      // 49 attempts, four at a time as the server's workers take them.
      const attempts = FIELDS.flatMap((field) => payloads.map((payload) => ({ field, payload })));
      const statuses = await inParallel(4, attempts.length, async (index) => {
        const { field, payload } = attempts[index];
        return (await php.sendJson({ ...valid, [field]: valid[field] + payload })).status;
      });
      expect(statuses.filter((status) => status !== 200 && status !== 422)).toEqual([]);
      // Only the message may hold line breaks; a single-line field with one is refused.
      expect(attempts.filter(({ field, payload }, index) => field !== 'message' && /[\r\n\u2028]/.test(payload) && statuses[index] !== 422)).toEqual([]);
      const accepted = statuses.filter((status) => status === 200).length;
      const messages = php.capturedMessages();
      expect(messages).toHaveLength(accepted);
      expect(accepted).toBeGreaterThan(FIELDS.length);
      for (const raw of messages) await expectSafeHeaders(raw, valid.email);
    });

    it('refuses a form post with a line break in a single-line field', async () => {
      const reply = await php.sendForm({ ...valid, subject: 'Hi\r\nBcc: victim@example.net' });
      expect(reply.status).toBe(303);
      expect(reply.headers.get('location')).toBe('/contact/invalid');
      expect(php.capturedMessages()).toHaveLength(0);
    });
  });

  it('refuses a direction override in a name and a direction isolate in the subject with a 422 naming the field, and stores nothing', async () => {
    // U+202E would show "Ana moc.elpmaxe@ana" reversed, as an address, in a terminal or a mail client.
    const name = await php.sendJson({ ...valid, firstName: 'Ana\u202emoc.elpmaxe@ana' });
    expect(name.status).toBe(422);
    expect(name.json).toEqual({ success: false, message: 'Please fill in all required fields with valid information. Check: first name.' });
    const subject = await php.sendJson({ ...valid, subject: 'Invoice \u2066overdue' });
    expect(subject.status).toBe(422);
    expect(subject.json).toEqual({ success: false, message: 'Please fill in all required fields with valid information. Check: subject.' });
    const form = await php.sendForm({ ...valid, lastName: 'Exa\u202dmple' });
    expect(form.headers.get('location')).toBe('/contact/invalid');
    expect(await php.messages()).toHaveLength(0);
  });

  it('keeps unicode, emoji and right-to-left text intact', async () => {
    const input = (cases as ContactCase[]).find((contactCase) => contactCase.name === 'unicode, emoji and right-to-left text')!.input;
    expect((await php.sendJson(input)).status).toBe(200);
    const mail = await PostalMime.parse(php.capturedMessages()[0]);
    expect(mail.subject).toBe(`New enquiry: ${input.firstName} ${input.lastName}${input.company && ` (${input.company})`}: ${input.subject}`);
    const text = mail.text!.replace(/\r\n/g, '\n');
    for (const field of FIELDS) expect(text).toContain(input[field]);
    expect((await php.messages())[0]).toMatchObject(input);
  });

  it('shows each invisible character of a field of one line escaped in the mail, in its headers and body, and keeps the joiners a message needs', async () => {
    const input = (cases as ContactCase[]).find((contactCase) => contactCase.name.startsWith('zero-width space, word joiner, BOM and direction marks'))!.input;
    // Persian's non-joiner and an emoji's joiners stay; a zero-width space and a mark that hide in the text show.
    const message = 'می\u200cخواهم 👨\u200d👩\u200d👧\nhidden\u200b here\u200e, \u200cand there';
    expect((await php.sendJson({ ...input, message })).status).toBe(200);
    const raw = php.capturedMessages()[0];
    const mail = await PostalMime.parse(raw);
    expect(mail.subject).toBe('New enquiry: Ana\\u200b Ex\\ufeffa\\u2060mple (שלום\\u200e Shipping): مرحبا\\u061c VSAT\\u200f');
    const text = mail.text!.replace(/\r\n/g, '\n');
    expect(text).toContain('First name: Ana\\u200b\nLast name:  Ex\\ufeffa\\u2060mple\n');
    expect(text).toContain('Message:\nمی\u200cخواهم 👨\u200d👩\u200d👧\nhidden\\u200b here\\u200e, \\u200cand there\n');
    expect(text.replaceAll(/(?<=\p{L}|\p{Extended_Pictographic})[\u200c\u200d](?=\p{L}|\p{Extended_Pictographic})/gu, '')).not.toMatch(/[\p{Cf}\u2028\u2029]/u);
    // The store keeps what was sent.
    expect((await php.messages())[0]).toMatchObject({ ...input, message });
  });

  it('delivers HTML in the message as inert plain text', async () => {
    const message = '<script>alert("x")</script><b>bold</b> & <a href="https://example.com">link</a>';
    expect((await php.sendJson({ ...valid, message })).status).toBe(200);
    const raw = php.capturedMessages()[0];
    const mail = await PostalMime.parse(raw);
    expect(mail.html).toBeUndefined();
    expect(mail.headers.find((header) => header.key === 'content-type')?.value).toMatch(/^text\/plain; charset=UTF-8$/i);
    expect(mail.text).toContain(message);
    expect(raw).not.toMatch(/text\/html/i);
  });

  it('lays out the mail and admin.php show by the contract: each field under its label, a multiline one in lines of its own, an optional one left empty "(not given)"', async () => {
    // One change to the contract, in the endpoint's copy of mail/ (as the build carries it).
    const file = join(php.docroot, 'mail', 'contract.json');
    const original = readFileSync(file, 'utf8');
    const changed = structuredClone(contract);
    changed.fields.company.label = 'Organisation';
    changed.fields.phone.multiline = true;
    writeFileSync(file, JSON.stringify(changed));
    try {
      const phone = '+359 2 000 0000\nafter 18:00 +359 2 000 0001';
      expect((await php.sendJson({ ...valid, company: '', phone })).status).toBe(200);
      const text = (await PostalMime.parse(php.capturedMessages()[0])).text!.replace(/\r\n/g, '\n');
      expect(text).toContain(
        ['First name: Ana', 'Last name:  Example', 'Email:      ana@example.com', 'Organisation: (not given)', 'Subject:    VSAT for two vessels', 'Came from:  (not known: the form was opened directly)', 'Campaign:   (none)', '', 'Phone:', phone, '', 'Message:', valid.message, ''].join('\n'),
      );
      const [message] = await php.messages();
      const show = (await php.admin('show', message.id)).stdout;
      expect(show).toMatch(/^organisation: +$/m);
      expect(show).toContain('phone:        \n  +359 2 000 0000\n  after 18:00 +359 2 000 0001\n');
      expect(show).toContain('message:      \n  Hello,\n  we would like a quote.\n');
    } finally {
      writeFileSync(file, original);
    }
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
        const reply = await php.sendJson(valid, { 'Content-Type': type });
        expect(reply.status).toBe(415);
      }
      expect(await php.messages()).toHaveLength(0);
    });

    it('answers 413 to a body over 64 KB', async () => {
      const reply = await php.sendJson({ ...valid, message: 'x'.repeat(1024 * 1024) });
      expect(reply.status).toBe(413);
      expect((await php.sendJson({ ...valid, message: 'x'.repeat(65 * 1024) })).status).toBe(413);
      // Under the cap the body is read, and the message is simply too long.
      expect((await php.sendJson({ ...valid, message: 'x'.repeat(60 * 1024) })).status).toBe(422);
      // Sent chunked, without Content-Length: the endpoint counts what it reads.
      const chunk = new TextEncoder().encode(JSON.stringify({ ...valid, message: 'x'.repeat(100 * 1024) }));
      const chunked = await fetch(php.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: new ReadableStream({ start: (controller) => (controller.enqueue(chunk), controller.close()) }),
        duplex: 'half',
      } as RequestInit);
      expect(chunked.status).toBe(413);
      const form = await php.sendForm({ ...valid, message: 'x'.repeat(1024 * 1024) });
      expect(form.status).toBe(303);
      expect(form.headers.get('location')).toBe('/contact/failed');
      expect(await php.messages()).toHaveLength(0);
    });

    it('answers 400 to a body that is not a JSON object or a field that is not a string', async () => {
      for (const body of ['{"firstName": ', '', '[]', '[1, 2]', '"text"', '42', 'null', 'true']) {
        const reply = await php.post(body);
        expectClean(reply);
        expect(reply.status).toBe(400);
      }
      for (const change of [{ firstName: 5 }, { message: null }, { email: ['ana@example.com'] }, { company: {} }, { website: 1 }, { elapsedMs: '5000' }]) {
        const reply = await php.sendJson({ ...valid, ...change });
        expect(reply.status).toBe(400);
        expect(reply.json?.message).toMatch(/must be a (string|number)/);
      }
      expect(await php.messages()).toHaveLength(0);
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
      const reply = await php.sendJson({ ...valid, website: 'https://spam.example' });
      expect(reply.status).toBe(200);
      expect(reply.json).toEqual({ success: true, message: SUCCESS });
      const form = await php.sendForm({ ...valid, website: 'x' });
      expect(form.headers.get('location')).toBe('/contact/sent');
      expect(await php.messages()).toHaveLength(0);
      expect(php.capturedMessages()).toHaveLength(0);
    });

    it('gives a form sent faster than a person types a fake success and keeps nothing', async () => {
      const reply = await php.sendJson({ ...valid, website: '', elapsedMs: 1200 });
      expect(reply.json).toEqual({ success: true, message: SUCCESS });
      expect(await php.messages()).toHaveLength(0);
      expect(php.capturedMessages()).toHaveLength(0);
      expect((await php.sendJson({ ...valid, website: '', elapsedMs: 4500 })).status).toBe(200);
      expect(await php.messages()).toHaveLength(1);
    });

    it('refuses JSON from another site with 403', async () => {
      for (const origin of ['https://evil.example', 'null', `http://127.0.0.1:${Number(new URL(php.origin).port) + 1}`]) {
        expect((await php.sendJson(valid, { Origin: origin })).status).toBe(403);
      }
      expect((await php.sendJson(valid, { Origin: php.origin })).status).toBe(200);
      expect(await php.messages()).toHaveLength(1);
    });

    it('limits each address to 5 accepted messages per 10 minutes', async () => {
      php.fresh({ MAIL_RATE_LIMIT: '5/600' });
      for (let attempt = 0; attempt < 3; attempt++) expect((await php.sendJson({ ...valid, email: 'nope' })).status).toBe(422);
      for (let attempt = 0; attempt < 5; attempt++) expect((await php.sendJson(valid)).status).toBe(200);
      const limited = await php.sendJson(valid);
      expect(limited.status).toBe(429);
      expect(limited.json?.success).toBe(false);
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 600).toBe(true);
      const form = await php.sendForm(valid);
      expect(form.status).toBe(303);
      expect(form.headers.get('location')).toBe('/contact/failed');
      expect(await php.messages()).toHaveLength(5);
    });
  });

  describe('where the lead came from', () => {
    const campaign = { utm_source: 'linkedin', utm_medium: 'paid-social', utm_campaign: 'fleet-2027', utm_term: 'vsat crew wifi', utm_content: 'carousel' };

    it('stores the page and the campaign with the lead, and puts them in the mail, show and export', async () => {
      expect((await php.sendJson({ ...valid, source: '/coms', ...campaign })).status).toBe(200);
      const [message] = await php.messages();
      expect(message).toMatchObject({ source: '/coms', ...campaign });
      const text = (await PostalMime.parse(php.capturedMessages()[0])).text!;
      expect(text).toContain('Came from:  /coms\n');
      expect(text).toContain('Campaign:   utm_source=linkedin, utm_medium=paid-social, utm_campaign=fleet-2027, utm_term=vsat crew wifi, utm_content=carousel\n');
      const show = (await php.admin('show', message.id)).stdout;
      expect(show).toMatch(/^came from: {4}\/coms$/m);
      expect(show).toMatch(/^utm_campaign: fleet-2027$/m);
      const [header, row] = (await php.admin('export', '--format', 'csv')).stdout.trim().split('\r\n').map((line) => line.slice(1, -1).split('","'));
      expect(Object.fromEntries(header.map((name, index) => [name, row[index]]))).toMatchObject({ source: '/coms', utm_source: 'linkedin', utm_campaign: 'fleet-2027' });
    });

    it('says so when nothing is known, and keeps nothing', async () => {
      expect((await php.sendJson({ ...valid, source: '', utm_source: '' })).status).toBe(200);
      expect((await php.messages())[0]).toMatchObject({ source: null, utm_source: null, utm_campaign: null });
      const text = (await PostalMime.parse(php.capturedMessages()[0])).text!;
      expect(text).toContain('Came from:  (not known: the form was opened directly)\n');
      expect(text).toContain('Campaign:   (none)\n');
    });

    describe('the shared case table', () => {
      beforeEach(() => php.fresh({ MAIL_TRANSPORT: 'outbox' }));

      it.each((attributionCases as AttributionCase[]).map((entry) => [entry.name, entry] as const))('%s', async (_name, { field, value, valid: accepted }) => {
        const reply = await php.sendJson({ ...valid, [field]: value });
        expect(reply.status).toBe(accepted ? 200 : 400);
        if (!accepted) expect(reply.json?.message).toMatch(new RegExp(`^The field ${field} is not valid: `));
        expect((await php.messages()).map((message) => message[field as keyof typeof message])).toEqual(accepted ? [value] : []);
      });
    });

    it('refuses a value that is not a string', async () => {
      expect((await php.sendJson({ ...valid, utm_medium: 5 })).json).toEqual({ success: false, message: 'The field utm_medium must be a string.' });
      expect(await php.messages()).toHaveLength(0);
    });
  });

  describe('the proof of work', () => {
    const field = (solution: Record<string, unknown>) => Buffer.from(JSON.stringify(solution)).toString('base64');
    const decode = (altcha: string) => JSON.parse(Buffer.from(altcha, 'base64').toString()) as Record<string, unknown>;
    const proofSecret = () => sqlite<{ value: string }>(php.storage, "SELECT value FROM settings WHERE name = 'proof_secret'")[0].value;
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
      php.fresh({ MAIL_PROOF_MAXNUMBER: '250000' });
      expect((await php.challenge()).maxnumber).toBe(250000);
      // Below the floor there is no proof worth the name: the default applies, and check says so.
      php.fresh({ MAIL_PROOF_MAXNUMBER: '0' });
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
      expect(await php.messages()).toHaveLength(0);
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
      expect(await php.messages()).toHaveLength(1);
      expect(php.capturedMessages()).toHaveLength(1);
    });

    it('refuses an expired proof, saying so, so the form can fetch a fresh one', async () => {
      const expired = await expiredProof();
      const reply = await php.postJson({ ...valid, altcha: expired });
      expect(reply.status).toBe(403);
      expect(reply.json).toEqual({ success: false, message: 'Please use the contact form on our website.', proof: 'expired' });
      const form = await php.sendForm({ ...valid, altcha: expired });
      expect(form.headers.get('location')).toBe('/contact/invalid');
      expect(await php.messages()).toHaveLength(0);
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
      expect(await php.messages()).toHaveLength(1);
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
      expect(await php.messages()).toHaveLength(0);
      expect((await php.postJson({ ...valid, altcha: field(good) })).status).toBe(200);
    });
  });

  describe('the form posted without JavaScript', () => {
    it('holds a message from the own site for the operator: stored, thanked, not mailed', async () => {
      const reply = await php.sendForm(valid);
      expect(reply.status).toBe(303);
      expect(reply.headers.get('location')).toBe('/contact/sent');
      const referred = await php.postForm(valid, { Referer: `${php.origin}/contact` });
      expect(referred.headers.get('location')).toBe('/contact/sent');
      expect((await php.messages()).map((message) => message.state)).toEqual(['held', 'held']);
      await php.expectLog(/came without a proof of work and is held: php mail\/admin.php show \S+, then release or delete it/);
      expect((await php.deliver()).stdout).toBe('');
      expect(php.capturedMessages()).toHaveLength(0);
    });

    it('holds a forged form post without a proof, and mails one with a valid proof', async () => {
      const forged = await php.postForm({ ...valid, message: 'Forged' }, { Origin: php.origin, Referer: `${php.origin}/contact` });
      expect(forged.headers.get('location')).toBe('/contact/sent');
      const proven = await php.sendForm({ ...valid, message: 'Proven', altcha: await php.proof() });
      expect(proven.headers.get('location')).toBe('/contact/sent');
      expect((await php.messages()).map((message) => [message.message, message.state])).toEqual([['Forged', 'held'], ['Proven', 'delivered']]);
      expect(php.capturedMessages()).toHaveLength(1);
    });

    it('redirects to /contact/invalid when a field is invalid', async () => {
      const reply = await php.sendForm({ ...valid, email: 'ana@example' });
      expect(reply.status).toBe(303);
      expect(reply.headers.get('location')).toBe('/contact/invalid');
      expect(await php.messages()).toHaveLength(0);
    });

    it('refuses a form post from another site, or from nowhere, with 403', async () => {
      const attempts: Record<string, string>[] = [{ Origin: 'https://evil.example' }, { Referer: 'https://evil.example/contact' }, {}];
      for (const headers of attempts) {
        const reply = await php.postForm(valid, headers);
        expectClean(reply);
        expect(reply.status).toBe(403);
      }
      expect(await php.messages()).toHaveLength(0);
    });
  });

  describe('the rate limit', () => {
    /** Ends every counter's window now, as the clock would in ten minutes. @return the second they ended */
    const endWindows = (storage: string) => {
      const now = Math.floor(Date.now() / 1000);
      sqlite(storage, 'UPDATE rate_hits SET expires_at = ?', [now]);
      return now;
    };

    it('ignores X-Forwarded-For unless the request comes from a trusted proxy', async () => {
      php.fresh({ MAIL_RATE_LIMIT: '2/600' });
      for (const forwarded of ['203.0.113.1', '203.0.113.2']) expect((await php.sendJson(valid, { 'X-Forwarded-For': forwarded })).status).toBe(200);
      expect((await php.sendJson(valid, { 'X-Forwarded-For': '203.0.113.3' })).status).toBe(429);
    });

    it('behind trusted proxies counts each visitor by the right-most address no trusted proxy wrote', async () => {
      php.fresh({ MAIL_RATE_LIMIT: '2/600', MAIL_TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8' });
      const from = async (forwarded: string) => (await php.sendJson(valid, { 'X-Forwarded-For': forwarded })).status;
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
      php.fresh({ MAIL_RATE_LIMIT: '1/600' });
      expect((await php.sendJson(valid)).status).toBe(200);
      const second = { ...valid, subject: 'Second message', altcha: await php.proof() };
      expect((await php.sendJson(second)).status).toBe(429);
      // Once the window has ended, the same request goes through. (A window short enough to wait
      // for could end between two requests on a busy machine: its end is moved to now instead.)
      endWindows(php.storage);
      expect((await php.sendJson(second)).status).toBe(200);
      expect((await php.messages()).map((message) => message.subject)).toEqual([valid.subject, 'Second message']);
      expect((await php.sendJson({ ...second, email: 'other@example.com' })).status).toBe(403);
    });

    it('keeps no address, only a keyed hash, and deletes it when its window ends', async () => {
      php.fresh({ MAIL_RATE_LIMIT: '1/600' });
      expect((await php.sendJson(valid)).status).toBe(200);
      const [hit] = sqlite<{ client: string; expires_at: number }>(php.storage, 'SELECT client, expires_at FROM rate_hits');
      expect(hit.client).toMatch(/^[0-9a-f]{64}$/);
      const database = ['messages.sqlite', 'messages.sqlite-wal']
        .filter((name) => existsSync(join(php.storage, name)))
        .map((name) => readFileSync(join(php.storage, name)).toString('latin1'))
        .join('');
      for (const clue of ['127.0.0.1', sha256('127.0.0.1'), sha256(Buffer.from([127, 0, 0, 1]))]) expect(database).not.toContain(clue);

      expect((await php.sendJson(valid)).status).toBe(429);
      // Once the window has ended, the address is new again, and its old counter gone.
      const ended = endWindows(php.storage);
      expect((await php.sendJson(valid)).status).toBe(200);
      const hits = sqlite<{ client: string; expires_at: number }>(php.storage, 'SELECT client, expires_at FROM rate_hits');
      expect(hits).toHaveLength(1);
      expect(hits[0].expires_at).toBeGreaterThan(ended);
    });
  });

  describe('with nothing configured, behind the npm start router', () => {
    const bare = setupPhpServer({ router: true });

    it('writes each message as an .eml file to npts-private/outbox beside the web root, addressed to the placeholders', async () => {
      const reply = await bare.postJson(valid);
      expectClean(reply);
      expect(reply.status).toBe(200);
      expect(readdirSync(join(bare.docroot, 'mail')).sort()).toEqual(readdirSync(join(__dirname, '..', '..', 'mail')).filter((name) => !['config.ini', 'config.php', 'storage', 'outbox', 'vendor'].includes(name)).sort());
      const store = join(bare.docroot, '..', 'npts-private');
      expect(readFileSync(join(store, '.htaccess'), 'utf8')).toContain('Require all denied');
      const outbox = join(store, 'outbox');
      const files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const mail = await PostalMime.parse(readFileSync(join(outbox, files[0]), 'utf8'));
      expect(mail.to?.map((address) => address.address)).toEqual(['contact@example.com']);
      expect(mail.from?.address).toBe('website@example.com');
      expect(mail.replyTo?.map((address) => address.address)).toEqual([valid.email]);
    });

    it('serves nothing in mail/ but the endpoint and, with its token only, the health check', async () => {
      await bare.postJson(valid);
      const hidden = ['/mail/deliver.php', '/mail/admin.php', '/mail/health.php', '/mail/lib/config.php', '/mail/lib/store.php', '/mail/config.example.ini', '/mail/storage/messages.sqlite', '/mail/storage/outbox/'];
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

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
