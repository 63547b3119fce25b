/** @jest-environment node */
import { existsSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cleanupTemp, OUT_OF_SERVICE, setupPhpServer, smtpDown, startPhpServer, tempDir, testConfig, validMessage, type PhpServer } from '../helpers/php-server';

jest.setTimeout(60_000);

const TOKEN = '5d1c0e7a93b2f468';
const RULES_LINE = 'RewriteRule ^mail/(send|health)\\.php$ - [E=NPTS_PRIVATE_RULES:1]\n';

/** Every file under $dir, as paths relative to it. */
function files(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

// php -S without a router serves every file: the host that ignores every rule. With
// NPTS_PRIVATE_RULES set, it plays a host that applies the project's rules (as .htaccess and
// docs/nginx.conf say they do).
describe.each([
  ['a server that applies no rules', {}],
  ['a server that applies the project\'s rules', { NPTS_PRIVATE_RULES: '1' }],
])('the store\'s location on %s', (_name, env) => {
  const rules = 'NPTS_PRIVATE_RULES' in env;
  const php = setupPhpServer({ env, workers: 4, config: 'named' });
  let home: string;
  let legacy: string;
  const health = () => php.request(`/mail/health.php?token=${TOKEN}`);
  const configure = (extra: Record<string, string> = {}) => php.configure({ ...testConfig, MAIL_HEALTH_TOKEN: TOKEN, ...extra });

  beforeAll(() => {
    home = join(dirname(php.docroot), 'npts-private');
    legacy = join(php.docroot, 'mail', 'storage');
  });
  beforeEach(() => {
    for (const dir of [home, legacy]) rmSync(dir, { recursive: true, force: true });
    rmSync(join(php.docroot, '.htaccess'), { force: true });
    configure();
  });
  afterAll(cleanupTemp);

  it('keeps messages in npts-private beside the web root by default, and writes nothing under it', async () => {
    const before = files(php.docroot);
    expect((await php.postJson(validMessage)).status).toBe(200);
    expect(files(php.docroot)).toEqual(before);
    expect(files(home)).toContain('messages.sqlite');
    expect((await php.messages()).map((message) => message.email)).toEqual([validMessage.email]);
    expect((await php.request('/mail/storage/messages.sqlite')).status).toBe(404);
    expect(await health()).toMatchObject({ status: 200, text: 'ok\n' });
    const status = await php.admin('status');
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('delivered: 1');
  });

  it(rules
    ? 'falls back to mail/storage when npts-private cannot be made, and that is never served'
    : 'refuses to store in the web root when npts-private cannot be made: the visitor is told to call, health and the commands name the fix', async () => {
    writeFileSync(home, 'a file where the folder would go');
    const before = files(php.docroot);
    const reply = await php.postJson(validMessage);
    const statusRun = await php.admin('status');
    const check = await php.admin('check');
    if (rules) {
      expect(reply.status).toBe(200);
      expect(files(legacy)).toContain('messages.sqlite');
      expect(await health()).toMatchObject({ status: 200, text: 'ok\n' });
      // The rules file is what the command line can see of the rules; without it, it raises the alarm.
      expect(statusRun.code).toBe(2);
      writeFileSync(join(php.docroot, '.htaccess'), RULES_LINE);
      const protectedStatus = await php.admin('status');
      expect(protectedStatus.code).toBe(0);
      expect(protectedStatus.stdout).toContain(`Note: ${legacy} is inside the web root`);
      expect(protectedStatus.stdout).toContain(`install -d -o www-data -g www-data -m 2770 ${home}`);
    } else {
      expect(reply.status).toBe(503);
      expect(reply.json).toEqual({ success: false, message: OUT_OF_SERVICE });
      expect(files(php.docroot)).toEqual(before);
      expect(await health()).toMatchObject({ status: 503, text: 'degraded\n' });
      await php.expectLog(new RegExp(`told to call or email instead: ${legacy} is inside the document root ${php.docroot}, and this web server does not apply the project's rules .* Fix: install -d -o (\\S+) -g \\S+ -m 2770 ${home} .* outside ${php.docroot} that \\1 can write\\.`));
      expect(statusRun.code).toBe(2);
      expect(statusRun.stdout).toContain(`The store cannot be used: ${legacy} is inside the web root ${php.docroot}, and the project's .htaccess is not there`);
      expect(check.code).toBe(2);
      expect(check.stdout).toMatch(new RegExp(`FAIL +store: ${legacy} is inside the web root .* Fix: install -d -o www-data -g www-data -m 2770 ${home}`));
    }
  });

  it('reports a store that can never be created: status and check exit 2, health answers 503, each naming the path and the fix', async () => {
    const blocker = join(dirname(php.docroot), 'a-file');
    writeFileSync(blocker, '');
    configure({ MAIL_STORAGE_DIR: join(blocker, 'store') });
    const status = await php.admin('status');
    expect(status.code).toBe(2);
    expect(status.stdout).toContain(`The store cannot be used: ${blocker}/store cannot be created: ${blocker} is not a folder. Fix: set MAIL_STORAGE_DIR`);
    const check = await php.admin('check');
    expect(check.code).toBe(2);
    expect(check.stdout).toContain(`FAIL  store: ${blocker}/store cannot be created`);
    expect(await health()).toMatchObject({ status: 503, text: 'degraded\n' });
    await php.expectLog(new RegExp(`health check: the store cannot be used: ${blocker}/store cannot be created: .* Fix: set MAIL_STORAGE_DIR`));
  });

  it('refuses a configured store in the web root outside mail/, which no rules protect', async () => {
    configure({ MAIL_STORAGE_DIR: join(php.docroot, 'data') });
    const reply = await php.postJson(validMessage);
    expect(reply.status).toBe(503);
    expect(existsSync(join(php.docroot, 'data'))).toBe(false);
    expect(await health()).toMatchObject({ status: 503 });
    expect((await php.admin('status')).code).toBe(2);
  });

  // Servers of their own, for where the site and its configuration sit on them.
  const withServer = async (options: Parameters<typeof startPhpServer>[0], work: (server: PhpServer) => Promise<void>) => {
    const server = await startPhpServer({ env, config: 'named', ...options });
    try {
      server.configure({ ...testConfig, MAIL_HEALTH_TOKEN: TOKEN });
      await work(server);
    } finally {
      await server.stop();
    }
  };

  it(rules ? 'reads mail/config.ini, which the rules keep private' : 'refuses mail/config.ini, which this server serves: the visitor is told to call, and health and the commands name the fix', async () => {
    await withServer({ config: 'mail' }, async (server) => {
      const file = join(server.docroot, 'mail', 'config.ini');
      const reply = await server.postJson(validMessage);
      const serverHealth = await server.request(`/mail/health.php?token=${TOKEN}`);
      if (rules) {
        expect(reply.status).toBe(200);
        expect(serverHealth.status).toBe(200);
        return;
      }
      expect(reply.status).toBe(503);
      expect(reply.json).toEqual({ success: false, message: OUT_OF_SERVICE });
      expect(serverHealth).toMatchObject({ status: 503, text: 'degraded\n' });
      await server.expectLog(new RegExp(`the configuration file ${file} is inside the document root ${server.docroot}, and this web server does not apply the project's rules .* Fix: move it to ${dirname(server.docroot)}/npts-private/config\\.ini\\.`));
      const status = await server.admin('status');
      expect(status.code).toBe(2);
      expect(status.stdout).toContain(`The store cannot be used: the configuration file ${file} is inside the web root ${server.docroot}, and the project's .htaccess is not there`);
    });
  });

  it('takes no message for a site uploaded into a subfolder of the document root, whose npts-private the server serves, until MAIL_STORAGE_DIR names a folder outside it; the form without JavaScript lands on the subfolder\'s own pages', async () => {
    await withServer({ subfolder: true }, async (server) => {
      const before = files(server.documentRoot);
      const reply = await server.postJson(validMessage);
      expect(reply.status).toBe(503);
      expect(reply.json).toEqual({ success: false, message: OUT_OF_SERVICE });
      // The site is in /npts/: its answer pages too, not the host's.
      const form = (data: Record<string, string>) => server.sendForm({ ...data, elapsedMs: '5000' });
      expect((await form(validMessage)).headers.get('location')).toBe('/npts/contact/failed');
      expect(await server.request(`/mail/health.php?token=${TOKEN}`)).toMatchObject({ status: 503, text: 'degraded\n' });
      await server.expectLog(
        new RegExp(`${server.documentRoot}/npts-private is inside the document root ${server.documentRoot}, and outside mail/, so any web server serves it\\. Fix: make ${server.docroot} the document root .*, or set MAIL_STORAGE_DIR to a folder outside ${server.documentRoot} that \\S+ can write\\.`),
      );
      expect(files(server.documentRoot)).toEqual(before);

      const outside = tempDir('npts-store-');
      server.configure({ ...testConfig, MAIL_HEALTH_TOKEN: TOKEN, MAIL_STORAGE_DIR: outside });
      expect((await server.postJson(validMessage)).status).toBe(200);
      expect(files(outside)).toContain('messages.sqlite');
      expect((await form(validMessage)).headers.get('location')).toBe('/npts/contact/sent');
      expect((await form({ ...validMessage, email: 'not an address' })).headers.get('location')).toBe('/npts/contact/invalid');
      expect(files(server.documentRoot)).toEqual(before);
    });
  });

  it('keeps the store beside a document root with a PHP site\'s index.php and no index.html, writing nothing under it', async () => {
    await withServer({ indexPhp: true }, async (server) => {
      const before = files(server.documentRoot);
      expect((await server.postJson(validMessage)).status).toBe(200);
      expect(files(server.documentRoot)).toEqual(before);
      expect(files(join(dirname(server.docroot), 'npts-private'))).toContain('messages.sqlite');
      expect((await server.request('/mail/storage/messages.sqlite')).status).toBe(404);
      expect((await server.admin('status')).stdout).toContain('delivered: 1');
    });
  });

  // php -S runs a script in its own folder, so a relative error_log is mail/error_log, as on many shared hosts.
  it(rules ? 'keeps PHP\'s error log in mail/, which the rules keep private' : 'refuses to log into the document root: PHP\'s error log there is left for the server\'s own, which names the fix', async () => {
    await withServer({ ini: { error_log: 'error_log' } }, async (server) => {
      const log = join(server.docroot, 'mail', 'error_log');
      const reply = await server.postJson(validMessage);
      if (rules) {
        expect(reply.status).toBe(200);
        return;
      }
      expect(reply.status).toBe(503);
      await server.expectLog(new RegExp(`told to call or email instead: the error log ${log} is inside the document root ${server.docroot}, .* Fix: set error_log in php\\.ini to a file outside ${server.docroot}\\.`));
      expect(existsSync(log)).toBe(false);
    });
  });

  it('moves the store it kept in mail/storage into npts-private once that exists: of two cron runs at once, one moves it, losing and repeating nothing', async () => {
    // The store the endpoint kept in mail/storage while npts-private could not be made: a message
    // delivered to the outbox, one pending (its server was down).
    const old = tempDir('npts-old-store-');
    configure({ MAIL_STORAGE_DIR: old, MAIL_TRANSPORT: 'outbox' });
    expect((await php.postJson({ ...validMessage, message: 'Delivered to the outbox' })).status).toBe(200);
    configure({ MAIL_STORAGE_DIR: old, ...smtpDown });
    expect((await php.postJson({ ...validMessage, message: 'Waiting for its server' })).status).toBe(200);
    const before = await php.messages();
    expect(before.map((message) => message.state)).toEqual(['delivered', 'pending']);
    renameSync(old, legacy);

    // npts-private can be made now: the endpoint stores there at once, and leaves mail/storage to cron.
    configure({});
    expect((await php.postJson({ ...validMessage, message: 'After npts-private' })).status).toBe(200);
    expect(files(legacy)).toContain('messages.sqlite');
    const runs = await Promise.all([php.deliver(), php.deliver()]);
    expect(runs.map((run) => run.code)).toEqual([0, 0]);
    expect(runs.map((run) => run.stderr).join('').match(/moved .*mail\/storage \(inside the web root\) to .*npts-private: 2 messages, 1 outbox file\n/g)).toHaveLength(1);
    expect(existsSync(legacy)).toBe(false);
    const after = await php.messages();
    expect(after).toHaveLength(3);
    for (const message of before) expect(after).toContainEqual(message);
    expect(files(join(home, 'outbox')).filter((name) => name.endsWith('.eml'))).toEqual([`${before[0].id}.eml`]);

    // The pending one goes out once; the delivered one never again.
    expect((await php.admin('retry', before[1].id)).code).toBe(0);
    expect((await php.deliver()).code).toBe(0);
    const sent = php.capturedMessages();
    expect(sent.filter((mail) => mail.includes('Waiting for its server'))).toHaveLength(1);
    expect(sent.filter((mail) => mail.includes('Delivered to the outbox'))).toHaveLength(0);
    expect((await php.messages()).every((message) => message.state === 'delivered')).toBe(true);
  });
});
