/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cleanEnv, cleanupTemp, setupPhpServer, tempDir, testConfig, validMessage } from '../helpers/php-server';

// Root never runs the site's code: started as root, every command of mail/ stops before it reads
// a file of the site beyond mail/'s own code (no configuration, nothing of the store), and says in
// one line how to run it instead. The store here is the web server's (www-data's), made by the
// endpoint, with the configuration beside it, as on a host.
const asRoot = process.getuid?.() === 0;
const php = setupPhpServer();
let host: string;
let store: string;

type Traced = { code: number | null; stdout: string; stderr: string; calls: { call: string; path: string }[] };

/** Runs `php args` as root under strace, recording every system call that names a file. */
function traced(args: string[], env: Record<string, string> = {}): Traced {
  const trace = join(tempDir(), 'trace');
  const run = spawnSync('strace', ['-f', '-qq', '-e', 'trace=%file', '-o', trace, 'php', ...args], { env: cleanEnv(env), encoding: 'utf8' });
  const calls = readFileSync(trace, 'utf8')
    .split('\n')
    .map((line) => /^\d+ +(\w+)\((?:AT_FDCWD, |\d+, )?"([^"]*)"/.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({ call: match[1], path: match[2] }));
  return { code: run.status, stdout: run.stdout, stderr: run.stderr, calls };
}

(asRoot ? describe : describe.skip)('the commands of mail/, started as root', () => {
  beforeAll(async () => {
    host = dirname(php.docroot);
    store = join(host, 'npts-private');
    // No MAIL_STORAGE_DIR: the store goes where root looks for it, beside the site.
    php.configure({ ...testConfig });
    expect((await php.postJson(validMessage)).status).toBe(200);
    expect(readFileSync(join(store, 'config.ini'), 'utf8')).toContain('MAIL_TO');
  });
  afterAll(cleanupTemp);

  const commands = [['admin.php', 'status'], ['admin.php', 'help'], ['deliver.php']];
  it.each(commands.map((command) => [command.join(' '), command]))('refuse to run: php mail/%s exits non-zero with one line naming sudo -u www-data, having opened no file of the site outside mail/', (_name, [script, ...args]) => {
    const path = join(php.docroot, 'mail', script);
    const run = traced([path, ...args]);
    expect(run.code).toBe(77);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`Not as root: root never runs the site's code. Run it as the owner of the store's folder: sudo -u www-data php ${[path, ...args].join(' ')}\n`);
    const opened = run.calls.filter(({ call }) => /^(open|openat|openat2|creat)$/.test(call)).map(({ path: file }) => file);
    // mail/'s own code and the system's files (PHP's, the user database), nothing else of the host.
    expect(opened.filter((file) => file.startsWith(host) && !file.startsWith(join(php.docroot, 'mail')))).toEqual([]);
    expect(opened.filter((file) => file.startsWith(join(php.docroot, 'mail')) && !file.endsWith('.php'))).toEqual([]);
    // Of the store's folder, only its own entry is looked at (stat, lstat: whether it is there, whose
    // it is), and nothing in it: the configuration beside the store is never read.
    const storeCalls = run.calls.filter(({ path: file }) => file.startsWith(store));
    expect(storeCalls.length).toBeGreaterThan(0);
    expect(storeCalls).toEqual(storeCalls.map(() => ({ call: 'newfstatat', path: store })));
  });

  it('name a placeholder for the web server\'s user where the store\'s folder is root\'s, a symlink or not there yet', () => {
    const roots = join(tempDir(), 'roots');
    mkdirSync(roots);
    const link = join(tempDir(), 'link');
    symlinkSync(store, link);
    const admin = join(php.docroot, 'mail', 'admin.php');
    for (const dir of [roots, link, join(tempDir(), 'missing')]) {
      const run = traced([admin, 'status'], { MAIL_STORAGE_DIR: dir });
      expect(run.code).toBe(77);
      expect(run.stderr).toBe(`Not as root: root never runs the site's code. Run it as the web server's user, who owns the store's folder (WWW_USER below, e.g. www-data): sudo -u WWW_USER php ${admin} status\n`);
      expect(run.calls.filter(({ path: file }) => file.startsWith(store))).toEqual([]);
    }
  });
});
