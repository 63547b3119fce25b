/** @jest-environment node */
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import PostalMime from 'postal-mime';
import { cleanupTemp, serverDir, setupPhpServer, smtpDown, sqlite, startPhpServer, storeMessages, tempDir, testConfig, validMessage } from '../helpers/php-server';
import { startSmtpSink } from '../helpers/smtp-sink';
import contract from '@/mail/contract.json';

jest.setTimeout(30_000);

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

const php = setupPhpServer();
let storage: string;

const ids = async (...args: string[]) =>
  (await php.admin('list', ...args)).stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split(' ')[0]);

beforeEach(() => {
  storage = php.fresh();
});
afterAll(cleanupTemp);

describe('mail/admin.php', () => {
  describe('one configuration for the web and the command line', () => {
    it('gives the endpoint, deliver.php and admin.php the same recipient and store from its configuration file alone, with an empty environment', async () => {
      storage = php.fresh({ ...smtpDown, MAIL_TO: 'sales@npts.test' });
      expect((await php.postJson(validMessage)).json?.success).toBe(true);
      const [message] = await php.messages();
      expect(message.state).toBe('pending');

      php.fresh({ MAIL_STORAGE_DIR: storage, MAIL_TO: 'sales@npts.test' });
      await php.admin('retry', message.id);
      expect((await php.deliver()).stdout).toBe(`${message.id}: delivered (attempt 2)\n`);
      const mail = await PostalMime.parse(php.capturedMessages()[0]);
      expect(mail.to?.map((address) => address.address)).toEqual(['sales@npts.test']);
      const check = await php.admin('check');
      expect(check.stdout).toMatch(/^ {2}MAIL_TO +sales@npts\.test +file$/m);
      expect(check.stdout).toMatch(new RegExp(`^ {2}MAIL_STORAGE_DIR +${storage} +file$`, 'm'));
    });

    it('reads npts-private/config.ini beside the web root before mail/config.ini', async () => {
      const inMail = join(php.docroot, 'mail', 'config.ini');
      writeFileSync(inMail, 'MAIL_TO = "in-mail@npts.test"\n');
      try {
        php.fresh({ MAIL_TO: 'beside@npts.test' });
        const check = await php.admin('check');
        expect(check.stdout).toContain(`Configuration file: ${join(dirname(php.docroot), 'npts-private', 'config.ini')} `);
        expect(check.stdout).toMatch(/^ {2}MAIL_TO +beside@npts\.test +file$/m);
        expect((await php.postJson(validMessage)).status).toBe(200);
        const mail = await PostalMime.parse(php.capturedMessages()[0]);
        expect(mail.to?.map((address) => address.address)).toEqual(['beside@npts.test']);
      } finally {
        rmSync(inMail);
      }
    });

    it('lets the environment override the file, and says where each value comes from without showing secrets, to people and (config --json) programs', async () => {
      php.fresh({ SMTP_PASS: 'correct horse battery staple', MAIL_HEALTH_TOKEN: 'token-in-the-file' });
      const check = await php.cli('admin.php', ['check'], { MAIL_TO: 'env@npts.test' });
      expect(check.stdout).toMatch(/^ {2}MAIL_TO +env@npts\.test +environment$/m);
      expect(check.stdout).toMatch(/^ {2}MAIL_FROM +website@npts\.test +file$/m);
      expect(check.stdout).toMatch(/^ {2}SMTP_PORT +587 +default$/m);
      expect(check.stdout).toMatch(/^ {2}SMTP_PASS +\(set, hidden\) +file$/m);
      expect(check.stdout).not.toMatch(/correct horse|token-in-the-file/);
      expect(check.stdout).toContain("Values set only with Apache's SetEnv reach the web endpoint, never this command or cron.");

      const config = await php.cli('admin.php', ['config', '--json'], { MAIL_TO: 'env@npts.test, contact@example.com' });
      expect(config.stdout).not.toMatch(/correct horse|token-in-the-file/);
      const { settings } = JSON.parse(config.stdout);
      expect(settings.MAIL_TO).toEqual({ value: 'env@npts.test, contact@example.com', source: 'environment', default: 'contact@example.com', placeholders: ['contact@example.com'] });
      expect(settings.MAIL_FROM).toEqual({ value: 'website@npts.test', source: 'file', default: 'website@example.com', placeholders: [] });
      expect(settings.SMTP_PASS).toEqual({ value: '(set, hidden)', source: 'file', default: '', placeholders: [] });
      expect(settings.MAIL_HEALTH_TOKEN.value).toBe('(set, hidden)');
    });

    it('reads the file MAIL_CONFIG names, on the web and the command line, and refuses to guess when it is missing', async () => {
      const file = join(tempDir(), 'npts-mail.ini');
      const elsewhere = join(tempDir(), 'store');
      writeFileSync(file, `MAIL_STORAGE_DIR = "${elsewhere}"\nMAIL_TO = "named@npts.test"\nMAIL_FROM = "website@npts.test"\nMAIL_TRANSPORT = "mail"\n`);
      const named = await startPhpServer({ env: { MAIL_CONFIG: file } });
      try {
        expect((await named.postJson(validMessage)).status).toBe(200);
        const check = await named.cli('admin.php', ['check'], { MAIL_CONFIG: file });
        expect(check.stdout).toContain(`Configuration file: ${file} (environment variables override it)`);
        expect(check.stdout).toMatch(/store: .*writable, 1 message$/m);
        const missing = await named.cli('admin.php', ['status'], { MAIL_CONFIG: `${file}.missing` });
        expect(missing.code).toBe(2);
        expect(missing.stderr).toBe(`admin.php: MAIL_CONFIG names ${file}.missing, which does not exist\n`);
      } finally {
        await named.stop();
      }
      // A server of its own to start: 0.5 to 7.6 s, once 25 s, beside the other mail tests and a CPU-bound process.
    }, 60_000);
  });

  it('keeps the deadlines docs/contact-endpoint.md states, and takes shorter ones from the configuration', async () => {
    const docs = readFileSync(join(__dirname, '..', '..', 'docs', 'contact-endpoint.md'), 'utf8');
    const stated = [...docs.matchAll(/^\| `(\w+)` \| ([\d.]+) s \|/gm)].map(([, key, seconds]) => [key, seconds]);
    expect(stated.map(([key]) => key)).toEqual(['SMTP_TIMEOUT', 'MAIL_WEBHOOK_TIMEOUT', 'MAIL_LOCK_TIMEOUT']);
    const check = await php.admin('check');
    for (const [key, seconds] of stated) expect(check.stdout).toMatch(new RegExp(`^ {2}${key} +${seconds} +default$`, 'm'));
    php.fresh({ SMTP_TIMEOUT: '0.5' });
    expect((await php.admin('check')).stdout).toMatch(/^ {2}SMTP_TIMEOUT +0\.5 +file$/m);
  });

  describe('check', () => {
    it('passes with the outbox and placeholders, and fails on placeholders with a transport that really mails', async () => {
      php.configure({ MAIL_STORAGE_DIR: storage });
      const outbox = await php.admin('check');
      expect(outbox.code).toBe(0);
      expect(outbox.stdout).toMatch(/ok {4}transport outbox: messages are written to .* as \.eml files; nobody is mailed/);
      expect(outbox.stdout).toMatch(/No problems\.\n$/);

      for (const transport of ['mail', 'smtp']) {
        php.configure({ MAIL_STORAGE_DIR: storage, ...smtpDown, MAIL_TRANSPORT: transport });
        const real = await php.admin('check');
        expect(real.code).toBe(1);
        expect(real.stdout).toContain(`FAIL  MAIL_TO is the placeholder contact@example.com: set the company's real address before mailing with ${transport}.`);
        expect(real.stdout).toContain(`FAIL  MAIL_FROM is the placeholder website@example.com: set the company's real address before mailing with ${transport}.`);
      }
    });

    it('fails on settings that stop delivery, and warns of those replaced by their default', async () => {
      php.fresh({ MAIL_TRANSPORT: 'carrier-pigeon', MAIL_GIVE_UP_HOURS: 'forever', MAIL_RATE_LIMIT: '5/0', MAIL_TRUSTED_PROXIES: '10.0.0.0/33', SMTP_TIMEOUT: '0', MAIL_RETENTION_DAYS: '365' });
      const check = await php.cli('admin.php', ['check'], { MAIL_RETENTION_DAYS: '90' });
      expect(check.code).toBe(1);
      expect(check.stdout).toContain('FAIL  MAIL_TRANSPORT is "carrier-pigeon": use outbox, mail or smtp.');
      expect(check.stdout).toContain('warn  MAIL_GIVE_UP_HOURS is "forever": use a whole number of at least 0 (now using 72).');
      expect(check.stdout).toContain('warn  MAIL_RATE_LIMIT is "5/0": use count/seconds, e.g. 5/600 (now using 5/600).');
      expect(check.stdout).toContain('warn  MAIL_TRUSTED_PROXIES holds "10.0.0.0/33", which is not an address or CIDR range (it is ignored).');
      expect(check.stdout).toContain('warn  SMTP_TIMEOUT is "0": use a number of seconds above 0 (now using 8).');
      // How long messages are kept is the contract's, which /privacy publishes, and no setting.
      expect(check.stdout).toMatch(/^ {2}warn {2}MAIL_RETENTION_DAYS in \S+config\.ini is no setting, so nothing reads it \(mail\/config\.example\.ini has every key\)\.$/m);
      expect(check.stdout).toContain('warn  MAIL_RETENTION_DAYS in the environment is no setting: messages are kept as long as mail/contract.json says, which /privacy publishes.');
      expect(check.stdout).toMatch(/\n7 problems\.\n$/);
    });

    it('warns of a rate-limit window longer than /privacy publishes, and the endpoint keeps the hash of an address no longer than published', async () => {
      const published = contract.retention.rateLimitMinutes * 60;
      const setting = `1/${published * 6}`;
      php.fresh({ MAIL_RATE_LIMIT: setting });
      const check = await php.admin('check');
      expect(check.code).toBe(1);
      expect(check.stdout).toContain(
        `warn  MAIL_RATE_LIMIT is "${setting}": its window would keep the hash of an address longer than the ${published / 60} minutes /privacy publishes (retention.rateLimitMinutes in mail/contract.json) (now using 1/${published}).`,
      );
      expect(check.stdout).toMatch(/\n1 problem\.\n$/);
      const sent = Math.floor(Date.now() / 1000);
      expect((await php.postJson(validMessage)).status).toBe(200);
      const [hit] = sqlite<{ expires_at: number }>(php.storage, 'SELECT expires_at FROM rate_hits');
      expect(hit.expires_at - sent).toBeGreaterThan(published - 60);
      expect(hit.expires_at - sent).toBeLessThanOrEqual(published + 1);
      // The next message from the address is refused within the published window, and its wait says so.
      const limited = await php.postJson(validMessage);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(published);
    });

    it('fails on the example file’s SMTP server, login and password', async () => {
      php.fresh({ ...smtpDown, SMTP_HOST: 'smtp.example.com', SMTP_USER: 'website@example.com', SMTP_PASS: 'change-me' });
      const check = await php.admin('check');
      expect(check.code).toBe(1);
      expect(check.stdout).toContain("FAIL  SMTP_HOST is the placeholder smtp.example.com: set your mail provider's.");
      expect(check.stdout).toContain("FAIL  SMTP_USER is the placeholder website@example.com: set your mail provider's.");
      expect(check.stdout).toContain("FAIL  SMTP_PASS is the placeholder change-me: set the mailbox's password.");
    });

    it('connects to the SMTP server, fails clearly when it is down, and --send-test mails MAIL_TO', async () => {
      php.fresh(smtpDown);
      const refused = await php.admin('check');
      expect(refused.code).toBe(1);
      expect(refused.stdout).toMatch(/FAIL {2}transport smtp: 127\.0\.0\.1:\d+: .*connect/i);

      const sink = await startSmtpSink();
      try {
        php.fresh({ ...smtpDown, SMTP_PORT: String(sink.port) });
        const check = await php.admin('check');
        expect(check.stdout).toContain(`ok    transport smtp: 127.0.0.1:${sink.port} answered`);
        expect(check.code).toBe(0);
        expect(sink.received).toHaveLength(0);
        const test = await php.admin('check', '--send-test');
        expect(test.code).toBe(0);
        expect(test.stdout).toMatch(/ok {4}test message test-\S+ sent to inbox@npts\.test with smtp/);
        expect(sink.received).toHaveLength(1);
        expect(sink.received[0].to).toEqual([testConfig.MAIL_TO]);
        expect((await PostalMime.parse(sink.received[0].raw)).subject).toBe('New enquiry: Website check: Test message from php mail/admin.php check --send-test');
      } finally {
        await sink.stop();
      }
    });
  });

  describe('status', () => {
    it('exits 0 when all is well, 1 when a message has waited over an hour, and 2 when one is dead or the store is unusable', async () => {
      storage = php.fresh({ MAIL_STORAGE_DIR: join(tempDir(), 'store') });
      expect(await php.admin('status')).toMatchObject({ code: 0, stdout: expect.stringMatching(/^No store yet: /) });
      expect((await php.postJson(validMessage)).status).toBe(200);
      expect(await php.admin('status')).toEqual({ code: 0, stdout: 'held: 0\npending: 0\nsending: 0\ndelivered: 1\ndead: 0\noldest pending: -\n', stderr: '' });

      storage = php.fresh(smtpDown);
      await storeMessages(php, storage, [{ id: 'recent', age: 10 * 60_000 }, { id: 'waiting', age: 2 * HOUR }]);
      const late = await php.admin('status');
      expect(late.code).toBe(1);
      expect(late.stdout).toMatch(/^pending: 2$/m);
      expect(late.stdout).toMatch(/^oldest pending: 2 h 0 min \(received \d{4}-\d\d-\d\d \d\d:\d\d UTC\)$/m);

      php.fresh({ ...smtpDown, MAIL_STORAGE_DIR: storage, MAIL_GIVE_UP_HOURS: '1' });
      expect((await php.deliver()).stdout).toMatch(/^waiting: .*dead, given up/m);
      const dead = await php.admin('status');
      expect(dead.code).toBe(2);
      expect(dead.stdout).toMatch(/^dead: 1$/m);

      writeFileSync(join(storage, 'messages.sqlite'), 'not a database, whatever happened to it');
      const broken = await php.admin('status');
      expect(broken.code).toBe(2);
      expect(broken.stdout).toMatch(/^The store cannot be used: .*not a database/);
    });
  });

  describe('list, show and export', () => {
    beforeEach(async () => {
      await storeMessages(php, storage, [
        { id: 'first', age: 3 * DAY, delivered: true, fields: { company: '=HYPERLINK("http://evil.example","Click me")', lastName: '-Petrova', phone: '+359 2 000 0000', subject: '@SUM(1)' } },
        { id: 'second', age: 1 * DAY, fields: { firstName: 'Ivan', lastName: 'Georgiev', email: 'ivan@example.com', company: 'Blue;=1+1', message: 'Line one\nLine two' } },
      ]);
    });

    it('lists one line per message, its id, state, sender and received time, by state and date', async () => {
      const list = await php.admin('list');
      expect(list.stdout.split('\n')).toEqual([
        expect.stringMatching(/^first {2}delivered {2}Ana -Petrova <ana@example\.com> {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC$/),
        expect.stringMatching(/^second {2}pending {4}Ivan Georgiev <ivan@example\.com> {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC$/),
        '',
      ]);
      expect(await ids('--status', 'pending')).toEqual(['second']);
      expect(await ids('--since', new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10))).toEqual(['second']);
      expect((await php.admin('list', '--status', 'lost')).code).toBe(64);
    });

    it('shows one message in full', async () => {
      const show = await php.admin('show', 'second');
      expect(show.code).toBe(0);
      expect(show.stdout).toMatch(/^state: +pending$/m);
      expect(show.stdout).toMatch(/^email: +ivan@example\.com$/m);
      expect(show.stdout).toContain('message:      \n  Line one\n  Line two\n');
      expect(await php.admin('show', 'nope')).toMatchObject({ code: 1, stdout: 'No message nope.\n' });
    });

    it('exports CSV whose cells cannot run as spreadsheet formulas, and JSON lines with the values as sent', async () => {
      const csv = await php.admin('export', '--format', 'csv');
      // Every cell quoted: a spreadsheet that splits on semicolons still sees one cell.
      expect(csv.stdout).toContain('"Blue;=1+1"');
      const [header, first] = parseCsv(csv.stdout);
      expect(header).toEqual(['id', 'state', 'received', 'firstName', 'lastName', 'email', 'company', 'subject', 'phone', 'message', 'source', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'attempts', 'lastError', 'delivered', 'webhook']);
      const row = Object.fromEntries(header.map((name, index) => [name, first[index]]));
      expect(row).toMatchObject({ id: 'first', state: 'delivered', company: `'=HYPERLINK("http://evil.example","Click me")`, lastName: "'-Petrova", phone: "'+359 2 000 0000", subject: "'@SUM(1)" });
      for (const cell of parseCsv(csv.stdout).flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

      const jsonl = await php.messages();
      expect(jsonl.map((message) => message.id)).toEqual(['first', 'second']);
      expect(jsonl[0]).toMatchObject({ company: '=HYPERLINK("http://evil.example","Click me")', received: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) });
      expect(jsonl[1]).toMatchObject({ message: 'Line one\nLine two', state: 'pending', delivered: null });
      const since = await php.admin('export', '--format', 'jsonl', '--since', new Date(Date.now() - 2 * DAY).toISOString());
      expect(since.stdout.trim().split('\n').map((line) => JSON.parse(line).id)).toEqual(['second']);
      expect((await php.admin('export', '--format', 'xml')).code).toBe(64);
    });
  });

  describe('control characters in a lead', () => {
    // An earlier version took C1 controls, direction overrides and isolates, and a lone CR in the
    // message; what it stored stays. U+202E shows "Ana gpj.exe" reversed, as "Ana exe.jpg".
    const drawn = { firstName: 'Ana\u009b2J\u2066', lastName: 'Example\x1b]0;pwned\x07', company: 'Ship\x1b[2J', subject: 'Photo \u202egpj.exe', message: 'Please pay account 123\rOK, thanks\nLine\ttwo\r\nthree' };
    /** What a terminal acts on, but for line breaks (LF, CRLF) and tabs; and what turns text around. */
    const steering = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F\u0080-\u009F\u202A-\u202E\u2066-\u2069]|\r(?!\n)/;
    beforeEach(() => storeMessages(php, storage, [{ id: 'drawn', age: DAY, fields: drawn }]));

    it('lists and shows every one escaped, so the terminal shows what was sent, not what it draws', async () => {
      const list = await php.admin('list');
      expect(list.stdout).toMatch(/^drawn {2}pending {4}Ana\\u009b2J\\u2066 Example\\x1b\]0;pwned\\x07 <ana@example\.com> {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC\n$/);
      const show = await php.admin('show', 'drawn');
      expect(show.stdout).toMatch(/^first name: +Ana\\u009b2J\\u2066$/m);
      expect(show.stdout).toMatch(/^subject: +Photo \\u202egpj\.exe$/m);
      expect(show.stdout).toMatch(/^company: +Ship\\x1b\[2J$/m);
      // The message keeps its lines and tabs; the lone CR, which would draw "OK, thanks" over the account, shows.
      expect(show.stdout).toContain('message:      \n  Please pay account 123\\rOK, thanks\n  Line\ttwo\r\n  three\n');
      for (const printed of [list.stdout, show.stdout]) expect(printed).not.toMatch(steering);
    });

    it('exports them as data: the same values from the JSON lines, and no raw C0 or C1 control in either format', async () => {
      const [message] = await php.messages();
      expect(message).toMatchObject(drawn);
      const jsonl = await php.admin('export', '--format', 'jsonl');
      expect(jsonl.stdout).not.toMatch(/[\x00-\x09\x0B-\x1F\x7F\u0080-\u009F\u202A-\u202E\u2066-\u2069]/);
      const csv = await php.admin('export', '--format', 'csv');
      expect(csv.stdout).not.toMatch(steering);
      const [header, values] = parseCsv(csv.stdout);
      const row = Object.fromEntries(header.map((name, index) => [name, values[index]]));
      expect(row).toMatchObject({ firstName: 'Ana\\u009b2J\\u2066', subject: 'Photo \\u202egpj.exe', company: 'Ship\\x1b[2J', message: 'Please pay account 123\\rOK, thanks\nLine\ttwo\r\nthree' });
    });
  });

  describe('invisible characters in a lead', () => {
    // Zero-width characters, direction marks, separators and tags: invisible, they could make two
    // senders look the same or carry text nobody sees. The form takes some in a name (an Arabic name
    // may need a mark); an earlier version took the separators and tags too.
    const hidden = { firstName: 'Ana\u200b\u2060', lastName: 'Exa\u200emple\u200f\u061c', email: 'ana@example.com', company: 'Ship\u2028Co\u2029', subject: 'Quote\u{E0049}\u{E0047}\u{E004E}', phone: '\ufeff+359', message: 'می\u200cخواهم 👨\u200d👩\u200d👧\nhidden\u200b here\u200e\u2028and \u{E0041}there' };
    const raw = /[\u200b\u200e\u200f\u061c\u2028\u2029\u2060\ufeff\u{E0000}-\u{E007F}]/u;
    beforeEach(() => storeMessages(php, storage, [{ id: 'hidden', age: DAY, fields: hidden }]));

    it('lists and shows every one escaped, but the joiners between letters that the message’s language needs', async () => {
      const list = await php.admin('list');
      expect(list.stdout).toMatch(/^hidden {2}pending {4}Ana\\u200b\\u2060 Exa\\u200emple\\u200f\\u061c <ana@example\.com> {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC\n$/);
      const show = await php.admin('show', 'hidden');
      expect(show.stdout).toMatch(/^company: +Ship\\u2028Co\\u2029$/m);
      // A tag is a pair of UTF-16 escapes, as in JSON: \udb40\udc49 is U+E0049.
      expect(show.stdout).toMatch(/^subject: +Quote\\udb40\\udc49\\udb40\\udc47\\udb40\\udc4e$/m);
      expect(show.stdout).toMatch(/^phone: +\\ufeff\+359$/m);
      expect(show.stdout).toContain('message:      \n  می\u200cخواهم 👨\u200d👩\u200d👧\n  hidden\\u200b here\\u200e\\u2028and \\udb40\\udc41there\n');
      for (const printed of [list.stdout, show.stdout]) expect(printed).not.toMatch(raw);
      // Export is data: its JSON lines parse back to what was stored.
      expect((await php.messages())[0]).toMatchObject(hidden);
    });
  });

  describe('held messages: status, list, release and delete', () => {
    const held = async (message: string) => {
      expect((await php.postForm({ ...validMessage, message }, { Origin: php.origin })).headers.get('location')).toBe('/contact/sent');
      return (await php.messages()).find((stored) => stored.message === message)!.id;
    };

    it('counts and lists held messages, alerts once one waits over a day, and releases one to be sent exactly once', async () => {
      const first = await held('Sent without JavaScript');
      const second = await held('Another one');
      const status = await php.admin('status');
      expect(status.code).toBe(0);
      expect(status.stdout).toMatch(/^held: 2$/m);
      expect(status.stdout).toMatch(new RegExp(`^2 held messages .*: php mail/admin\\.php list --status held; release ID sends one, delete ID drops it; unreleased ones go after ${contract.retention.heldDays} days$`, 'm'));
      expect(await ids('--status', 'held')).toEqual([first, second]);

      sqlite(storage, `UPDATE messages SET received_at = received_at - 86460 WHERE id = '${first}'`);
      const late = await php.admin('status');
      expect(late.code).toBe(1);
      expect(late.stdout).toMatch(/^Attention: a held message has waited over a day: php mail\/admin.php list --status held, then release ID or delete ID$/m);

      expect(await php.admin('release', first)).toMatchObject({ code: 0, stdout: `${first} is released and due now; the next deliver.php run sends it.\n` });
      // The network a held message came from counted only for its share: released, it is forgotten.
      expect(sqlite(storage, 'SELECT id, network IS NULL AS forgotten FROM messages ORDER BY id')).toEqual([first, second].sort().map((id) => ({ id, forgotten: id === first ? 1 : 0 })));
      expect((await php.deliver()).stdout).toMatch(new RegExp(`^${first}: delivered \\(attempt 1\\)$`, 'm'));
      expect((await php.deliver()).stdout).toBe('');
      expect(await php.admin('release', first)).toMatchObject({ code: 1, stdout: `${first} is not held (it is delivered).\n` });
      expect(await php.admin('release', 'no-such-id')).toMatchObject({ code: 1, stdout: 'No message no-such-id.\n' });
      const mails = php.capturedMessages();
      expect(mails).toHaveLength(1);
      expect((await PostalMime.parse(mails[0])).text).toContain('Sent without JavaScript');

      expect(await php.admin('delete', second)).toMatchObject({ code: 0, stdout: expect.stringMatching(new RegExp(`^Deleted ${second} \\(held, from ana@example.com, received `)) });
      expect(await ids('--status', 'held')).toEqual([]);
      expect(await php.admin('status')).toMatchObject({ code: 0, stdout: expect.stringMatching(/^held: 0$/m) });
      expect(await php.admin('delete', second)).toMatchObject({ code: 1, stdout: `No message ${second}.\n` });
    });

    it('deletes held messages nobody released after the contract’s days for them, with deliver.php’s retention', async () => {
      const old = await held('Nobody looked at this');
      const recent = await held('Still within the days held');
      sqlite(storage, `UPDATE messages SET received_at = received_at - ${contract.retention.heldDays} * 86400 - 60 WHERE id = '${old}'`);
      expect((await php.deliver()).code).toBe(0);
      expect((await php.messages()).map((message) => message.id)).toEqual([recent]);
      expect(php.capturedMessages()).toHaveLength(0);
    });
  });

  describe('retry', () => {
    it('makes one pending or dead message, or every dead one, due now; refuses one that was delivered', async () => {
      storage = php.fresh({ ...smtpDown, MAIL_GIVE_UP_HOURS: '0' });
      await storeMessages(php, storage, [{ id: 'a', age: HOUR }, { id: 'b', age: HOUR }, { id: 'done', age: HOUR, delivered: true }]);
      await php.deliver();
      expect(await ids('--status', 'dead')).toEqual(['a', 'b']);

      expect(await php.admin('retry', 'a')).toMatchObject({ code: 0, stdout: 'a (dead) is due now; the next deliver.php run sends it.\n' });
      expect(await php.admin('retry', 'done')).toMatchObject({ code: 1, stdout: 'done was delivered already.\n' });
      expect(await php.admin('retry', 'nope')).toMatchObject({ code: 1, stdout: 'No message nope.\n' });
      expect(await php.admin('retry', '--dead')).toMatchObject({ code: 0, stdout: 'b\n1 dead message due now; the next deliver.php run sends it.\n' });

      php.fresh({ MAIL_STORAGE_DIR: storage });
      expect((await php.deliver()).stdout).toBe('a: delivered (attempt 2)\nb: delivered (attempt 2)\n');
    });
  });

  describe('purge', () => {
    it('deletes delivered and dead messages older than the given days with their outbox files, and never a pending one', async () => {
      storage = php.fresh({ ...smtpDown, MAIL_GIVE_UP_HOURS: '0' });
      await storeMessages(php, storage, [{ id: 'old-delivered', age: 40 * DAY, delivered: true }, { id: 'old-dead', age: 40 * DAY }, { id: 'new-delivered', age: 5 * DAY, delivered: true }]);
      await php.deliver();
      await storeMessages(php, storage, [{ id: 'old-pending', age: 40 * DAY }]);
      serverDir(join(storage, 'outbox'));
      for (const id of ['old-delivered', 'old-dead', 'new-delivered']) writeFileSync(join(storage, 'outbox', `${id}.eml`), 'mail');

      const purge = await php.admin('purge', '--older-than', '30');
      expect(purge.code).toBe(0);
      expect(purge.stdout).toMatch(/^Deleted 2 messages \(delivered or dead\) received before \d{4}-\d\d-\d\d \d\d:\d\d UTC, with their outbox files\. Pending messages are kept\.\n$/);
      expect((await php.messages()).map((message) => [message.id, message.state])).toEqual([['old-pending', 'pending'], ['new-delivered', 'delivered']]);
      expect(readdirSync(join(storage, 'outbox'))).toEqual(['new-delivered.eml']);

      await php.admin('purge', '--older-than', '0');
      expect(await ids()).toEqual(['old-pending']);
      expect((await php.admin('purge', '--older-than', 'a-month')).code).toBe(64);
    });
  });

  describe('erase', () => {
    it('removes exactly one sender’s messages and outbox files, and says what it removed', async () => {
      storage = php.fresh({ MAIL_TRANSPORT: 'outbox' });
      for (const email of ['ana@example.com', 'ivan@example.com', 'ANA@Example.com']) {
        expect((await php.postJson({ ...validMessage, email, message: `Only ${email.toLowerCase()} wrote this.` })).status).toBe(200);
      }
      const [ana, ivan, anaAgain] = await php.messages();
      const outbox = join(storage, 'outbox');
      expect(readdirSync(outbox).filter((name) => name.endsWith('.eml'))).toHaveLength(3);

      const erase = await php.admin('erase', '--email', 'ana@example.com');
      expect(erase.code).toBe(0);
      expect(erase.stdout.split('\n')).toEqual([
        expect.stringMatching(new RegExp(`^erased ${ana.id} \\(delivered, received .* UTC\\), and its outbox file$`)),
        expect.stringMatching(new RegExp(`^erased ${anaAgain.id} \\(delivered, received .* UTC\\), and its outbox file$`)),
        'Erased 2 messages from ana@example.com. Mails already delivered to inbox@npts.test are not touched: delete them there too.',
        '',
      ]);
      expect(await ids()).toEqual([ivan.id]);
      expect(readdirSync(outbox).filter((name) => name.endsWith('.eml'))).toEqual([`${ivan.id}.eml`]);
      expect(readFileSync(join(outbox, `${ivan.id}.eml`), 'utf8')).toContain('ivan@example.com');
      // Nothing of the erased messages is left in the database's files, free pages or log.
      const files = readdirSync(storage).filter((name) => name.startsWith('messages.sqlite'));
      const bytes = files.map((name) => readFileSync(join(storage, name)).toString('latin1')).join('');
      expect(bytes).toContain('Only ivan@example.com wrote this.');
      expect(bytes).not.toContain('Only ana@example.com wrote this.');
      expect((await php.admin('erase', '--email', 'ana@example.com')).stdout).toBe('No messages from ana@example.com.\n');
    });
  });

  it('answers a wrong command or option with the usage and exit 64', async () => {
    for (const args of [['frobnicate'], ['list', '--colour'], ['show'], ['export']]) {
      const run = await php.admin(...args);
      expect(run.code).toBe(64);
      expect(run.stderr).toContain('Usage: php mail/admin.php COMMAND [OPTIONS]');
    }
    expect((await php.admin('help')).stdout).toContain('erase --email ADDRESS');
  });
});

/** RFC 4180 CSV, as a spreadsheet reads it: rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  const row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted && char === '"' && text[index + 1] === '"') {
      cell += '"';
      index++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === '\r') {
      continue;
    } else if (!quoted && (char === ',' || char === '\n')) {
      row.push(cell);
      cell = '';
      if (char === '\n') rows.push(row.splice(0));
    } else {
      cell += char;
    }
  }
  return rows;
}
