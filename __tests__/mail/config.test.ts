/** @jest-environment node */
import { appendFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import PostalMime from 'postal-mime';
import { cleanupTemp, FAILURE, setupPhpServer, startPhpServer, tempDir, testConfig, validMessage } from '../helpers/php-server';

// The configuration is data, which no reader runs: INI read raw, so a value is the text between
// its quotes, whatever it looks like (PHP, ${…}, a constant's name); a config.php an earlier
// version read is never loaded, and check says how to write it as data; MAIL_CONFIG names one
// file, by an absolute path, so the file checked is the file read.
const php = setupPhpServer();
let ran: string;
let beside: string;
const payload = (name: string) => `<?php file_put_contents('${ran}/${name}', 'ran'); ?>`;

beforeEach(() => {
  // Where anything run from a configuration would leave its mark: the server's account may write here.
  ran = tempDir('npts-ran-');
  beside = join(dirname(php.docroot), 'npts-private');
});
afterAll(cleanupTemp);

describe('the configuration file', () => {
  it('runs nothing from a value holding PHP, nor from a config.php beside it, on the endpoint, admin.php and deliver.php, and takes every value as written', async () => {
    const token = payload('ini');
    php.fresh({ MAIL_HEALTH_TOKEN: token, SMTP_HOST: '${HOME}', SMTP_USER: 'PHP_VERSION', MAIL_RATE_LIMIT: '' });
    const strays = [join(beside, 'config.php'), join(php.docroot, 'mail', 'config.php')];
    for (const file of strays) writeFileSync(file, `<?php file_put_contents('${ran}/' . basename(__DIR__), 'ran'); return ['MAIL_TO' => 'php@npts.test'];\n`);
    try {
      expect((await php.postJson(validMessage)).status).toBe(200);
      const [message] = await php.messages();
      expect(message).toMatchObject({ email: validMessage.email, state: 'delivered' });
      const mail = await PostalMime.parse(php.capturedMessages()[0]);
      expect(mail.to?.map((address) => address.address)).toEqual([testConfig.MAIL_TO]);
      // The token is the PHP text itself: health.php answers to exactly that.
      expect(await php.request(`/mail/health.php?token=${encodeURIComponent(token)}`)).toMatchObject({ status: 200, text: 'ok\n' });

      expect((await php.deliver()).code).toBe(0);
      expect((await php.admin('status')).code).toBe(0);
      const check = await php.admin('check');
      expect(check.code).toBe(1);
      expect(check.stdout).toMatch(/^ {2}SMTP_HOST +\$\{HOME\} +file$/m);
      expect(check.stdout).toMatch(/^ {2}SMTP_USER +PHP_VERSION +file$/m);
      // An empty value leaves the default.
      expect(check.stdout).toMatch(/^ {2}MAIL_RATE_LIMIT +5\/600 +default$/m);
      for (const file of strays) {
        expect(check.stdout).toContain(`FAIL  ${file} is a PHP configuration, which is never read: configuration is data, which nothing runs. Write its settings as KEY = "value" lines into ${beside}/config.ini (mail/config.example.ini has every key), then delete ${file}.`);
      }
      expect(readdirSync(ran)).toEqual([]);
    } finally {
      for (const file of strays) rmSync(file, { force: true });
    }
  });

  it('refuses a line that is no plain setting, where PHP would still read a variable or a constant (KEY[${HOME}]), naming the file', async () => {
    php.fresh();
    appendFileSync(join(beside, 'config.ini'), 'MAIL_TO[${HOME}] = "x"\n');
    const status = await php.admin('status');
    expect(status).toEqual({ code: 2, stdout: '', stderr: `admin.php: ${beside}/config.ini: MAIL_TO[…] is not a setting: write each as KEY = "value"\n` });
    expect((await php.postJson(validMessage)).json?.message).toBe(FAILURE);
  });

  it('refuses a relative MAIL_CONFIG on the command line and on the endpoint, naming why', async () => {
    const why = 'MAIL_CONFIG is config.ini: it must be an absolute path (/etc/npts/mail.ini), the same for the web server and for cron, which start in different folders';
    php.fresh();
    for (const script of ['admin.php', 'deliver.php']) {
      expect(await php.cli(script, script === 'admin.php' ? ['status'] : [], { MAIL_CONFIG: 'config.ini' })).toEqual({ code: 2, stdout: '', stderr: `${script}: ${why}\n` });
    }
    const relative = await startPhpServer({ env: { MAIL_CONFIG: 'config.ini' } });
    try {
      relative.configure({ ...testConfig, MAIL_STORAGE_DIR: tempDir('npts-store-') });
      const reply = await relative.postJson(validMessage);
      expect(reply.status).toBe(500);
      expect(reply.json?.message).toBe(FAILURE);
      await relative.expectLog(new RegExp(why.replace(/[()/.]/g, '\\$&')));
    } finally {
      await relative.stop();
    }
  });

  it('refuses a MAIL_CONFIG that names a PHP file, saying how to write it as data', async () => {
    const file = join(tempDir(), 'mail.php');
    writeFileSync(file, `<?php file_put_contents('${ran}/named', 'ran'); return [];\n`);
    const status = await php.cli('admin.php', ['status'], { MAIL_CONFIG: file });
    expect(status.code).toBe(2);
    expect(status.stderr).toBe(`admin.php: MAIL_CONFIG names ${file}, a PHP file: the configuration is data now, never run. Write its settings as KEY = "value" lines into a .ini file (mail/config.example.ini has every key) and name that one\n`);
    expect(readdirSync(ran)).toEqual([]);
  });
});
