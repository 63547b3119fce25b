/** @jest-environment node */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, lchownSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cleanupTemp, iniWithout, setupPhpServer, tempDir, testConfig, validMessage, type Challenge, type PhpServer, type Reply, type Run } from '../helpers/php-server';
import { quickProof } from '../helpers/quick-proof';

jest.setTimeout(120_000);

const POSTS = 300;
const CLIENTS = 4;

type Entry = { path: string; uid: number; mode: number; folder: boolean };

/**
 * Every folder and file under `dir`, itself included (or only those in it, not deeper); what
 * vanishes while it looks (SQLite's -wal and -shm) is left out.
 */
function entries(dir: string, deep = true): Entry[] {
  const found: Entry[] = [];
  const visit = (path: string) => {
    let stat;
    try {
      stat = lstatSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    found.push({ path, uid: stat.uid, mode: stat.mode & 0o7777, folder: stat.isDirectory() });
    if (stat.isDirectory()) {
      let names: string[] = [];
      try {
        names = readdirSync(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      if (deep || path === dir) for (const name of names) visit(join(path, name));
    }
  };
  visit(dir);
  return found;
}

/** What is wrong with an entry: owned by root, or not private to the store's group (folders 2770, files 0660). */
function wrong(entry: Entry): string | null {
  const want = entry.folder ? 0o2770 : 0o660;
  if (entry.uid === 0) return `${entry.path} is owned by root`;
  if (entry.mode !== want) return `${entry.path} has mode ${entry.mode.toString(8)}, not ${want.toString(8)}`;
  return null;
}

/** Posts as the form's script does, with a proof solved at once. */
async function postWithProof(php: PhpServer, fields: Record<string, string>): Promise<Reply> {
  const challenged = await php.request('/mail/send.php?challenge');
  return challenged.status === 200 ? php.postJson({ ...fields, altcha: quickProof(challenged.json as unknown as Challenge) }) : challenged;
}

beforeAll(() => {
  if (process.getuid?.() !== 0) throw new Error('These tests run the endpoint as www-data and the commands as root: run them as root (CI does).');
});
afterAll(cleanupTemp);

describe('a store the web server writes, with root at the command line', () => {
  const php = setupPhpServer({ user: 'www-data', workers: CLIENTS, config: 'named' });
  let store: string;

  beforeAll(() => {
    // The default store: npts-private beside the web root, made by the endpoint itself.
    store = join(dirname(php.docroot), 'npts-private');
    // Its 50 held posts come from one network: a cap of 1,000 gives it a share of 50.
    php.configure({ ...testConfig, MAIL_TRANSPORT: 'outbox', MAIL_HELD_MAX_MESSAGES: '1000' });
  });

  it(`stores all of ${POSTS} posts while root loops status, release, retry and deliver.php, and leaves no file of root's and none outside the group`, async () => {
    const replies: Reply[] = [];
    const problems = new Set<string>();
    const seen = new Set<string>();
    // While they run, the store's own folder, where SQLite's -wal and -shm come and go; at the end, all of it.
    const look = (deep = false) => {
      for (const entry of entries(store, deep)) {
        seen.add(entry.path.slice(store.length));
        const problem = wrong(entry);
        if (problem) problems.add(problem);
      }
    };

    // Visitors: JSON with a proof of work, and every sixth a form without one, held for root to release.
    const held = (index: number) => index % 6 === 5;
    const post = async (index: number) => {
      const fields = { ...validMessage, message: `Post ${index}` };
      replies[index] = held(index) ? await php.postForm({ ...fields, elapsedMs: '5000' }, { Origin: php.origin }) : await postWithProof(php, fields);
      look();
    };
    // The first makes the store, as on a new host; the rest come while root works on it.
    await post(0);
    let next = 1;
    const visitor = async () => {
      while (next < POSTS) await post(next++);
    };
    let posting = true;
    const visitors = Promise.all(Array.from({ length: CLIENTS }, visitor)).finally(() => (posting = false));

    // The operator, as root, meanwhile: what each command answered, in order.
    const runs: { command: string; run: Run }[] = [];
    const operator = async () => {
      const record = async (command: string, run: Promise<Run>) => {
        const done = await run;
        runs.push({ command, run: done });
        look();
        return done;
      };
      while (posting) {
        await record('status', php.admin('status'));
        const id = /^(\S+) {2}held /m.exec((await record('list --status held', php.admin('list', '--status', 'held'))).stdout)?.[1];
        if (id) {
          await record(`release ${id}`, php.admin('release', id));
          await record(`retry ${id}`, php.admin('retry', id));
        } else {
          await record('retry --dead', php.admin('retry', '--dead'));
        }
        await record('deliver.php', php.deliver());
      }
    };
    await Promise.all([visitors, operator()]);

    // Thanked: 200, or for the form the page that says so.
    const answers = replies.map((reply, index) => `post ${index}: ${reply.status} ${held(index) ? reply.headers.get('location') : reply.text}`);
    const thanked = (index: number) => `post ${index}: ${held(index) ? '303 /contact/sent' : `200 ${JSON.stringify({ success: true, message: 'Thank you for your message. We will get back to you soon!' })}`}`;
    expect(answers.filter((answer, index) => answer !== thanked(index))).toEqual([]);
    expect(runs.filter(({ run }) => run.code !== 0).map(({ command, run }) => `${command}: exit ${run.code}: ${run.stdout}${run.stderr}`)).toEqual([]);
    expect(runs.filter(({ command }) => command.startsWith('release')).length).toBeGreaterThan(0);
    const stored = await php.messages();
    expect(stored).toHaveLength(POSTS);
    expect(new Set(stored.map((message) => message.message)).size).toBe(POSTS);

    look(true);
    expect([...problems]).toEqual([]);
    // Each kind of file the store holds was looked at while it existed.
    for (const name of ['', '/.htaccess', '/messages.sqlite', '/messages.sqlite-wal', '/messages.sqlite-shm', '/outbox']) expect(seen).toContain(name);
    expect([...seen].some((name) => /^\/outbox\/[^/]+\.eml$/.test(name))).toBe(true);
    // 45 s at load 15, up to 102 s at load 25 with a CPU-bound process beside.
  }, 300_000);

  it('makes the files of an earlier version private to the group at the next message: the database 0660, the folders 2770', async () => {
    const old = join(dirname(php.docroot), 'old-store');
    mkdirSync(old);
    chownSync(old, Number(execFileSync('id', ['-u', 'www-data'], { encoding: 'utf8' })), Number(execFileSync('id', ['-g', 'www-data'], { encoding: 'utf8' })));
    php.configure({ ...testConfig, MAIL_TRANSPORT: 'outbox', MAIL_STORAGE_DIR: old });
    expect((await postWithProof(php, validMessage)).status).toBe(200);
    // As an earlier version left them, in a folder of 0755 that any local user may enter.
    chmodSync(old, 0o755);
    chmodSync(join(old, 'messages.sqlite'), 0o644);
    chmodSync(join(old, 'outbox'), 0o750);
    expect((await postWithProof(php, validMessage)).status).toBe(200);
    const modes = Object.fromEntries(entries(old).filter((entry) => !/\.eml$|-wal$|-shm$/.test(entry.path)).map((entry) => [entry.path.slice(old.length) || '/', entry.mode.toString(8)]));
    expect(modes).toEqual({ '/': '2770', '/.htaccess': '660', '/messages.sqlite': '660', '/outbox': '2770', '/outbox/.htaccess': '660' });
  });

  it('reads the file MAIL_CONFIG names as the store folder\'s owner, wherever that file is', async () => {
    const witness = tempDir('npts-witness-');
    chmodSync(witness, 0o777);
    // In a folder of root's alone, but readable: root decides from the store's folder, not from the file.
    const folder = join(dirname(php.docroot), 'config-elsewhere');
    mkdirSync(folder, { mode: 0o755 });
    const config = join(folder, 'config.php');
    writeFileSync(config, `<?php file_put_contents(${JSON.stringify(join(witness, 'uid'))}, (string) posix_geteuid());\nreturn ['MAIL_TRANSPORT' => 'outbox'];\n`, { mode: 0o644 });
    expect((await php.cli('admin.php', ['status'], { MAIL_CONFIG: config })).code).toBe(0);
    expect(Number(readFileSync(join(witness, 'uid'), 'utf8'))).toBe(Number(execFileSync('id', ['-u', 'www-data'], { encoding: 'utf8' })));
  });

  it('refuses, in one line that says how to run it, where root cannot become the store\'s owner', async () => {
    // A store whose owner has no name here (copied from another machine): no groups to take.
    const uid = [4242, 4243, 4244].find((id) => {
      try {
        execFileSync('getent', ['passwd', String(id)]);
        return false;
      } catch {
        return true;
      }
    })!;
    const orphan = join(dirname(php.docroot), 'orphan-store');
    mkdirSync(orphan);
    chownSync(orphan, uid, uid);
    // A configuration only root can change, which root reads as itself (a test above).
    const rootOnly = join(dirname(php.docroot), 'root-config');
    mkdirSync(rootOnly, { mode: 0o700 });
    writeFileSync(join(rootOnly, 'config.php'), "<?php return ['MAIL_TRANSPORT' => 'outbox'];\n", { mode: 0o600 });
    for (const [script, args] of [['admin.php', ['status']], ['deliver.php', []]] as const) {
      const run = await php.cli(script, [...args], { MAIL_STORAGE_DIR: orphan, MAIL_CONFIG: join(rootOnly, 'config.php') });
      const command = [join(php.docroot, 'mail', script), ...args].join(' ');
      expect(run).toEqual({
        code: 2,
        stdout: '',
        stderr: `${script}: started as root, it must become the owner of the store ${orphan}, and its owner, uid ${uid}, has no user name here: run it as that user: sudo -u '#${uid}' php ${command}\n`,
      });
    }
    expect(readdirSync(orphan)).toEqual([]);
  });
});

// What the web server's user (or a visitor through it) can leave in the store's folder, and what
// root then runs. Each planted configuration writes down who ran it, into a witness file.
describe('root at the command line, beside a store folder the web server owns', () => {
  const php = setupPhpServer({ user: 'www-data' });
  let home: string;
  let witness: string;
  let www: { uid: number; gid: number };
  /** Who ran the planted configuration, one entry per run: `uid HOME USER LOGNAME PATH`. */
  const ran = () => (existsSync(witness) ? readFileSync(witness, 'utf8').split('\n').filter(Boolean) : []);
  const recorder = `file_put_contents(${JSON.stringify('WITNESS')}, posix_geteuid() . ' ' . getenv('HOME') . ' ' . getenv('USER') . ' ' . getenv('LOGNAME') . ' ' . getenv('PATH') . "\\n", FILE_APPEND)`;
  const asWww = (path: string) => chownSync(path, www.uid, www.gid);

  beforeAll(() => {
    www = { uid: Number(execFileSync('id', ['-u', 'www-data'], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', 'www-data'], { encoding: 'utf8' })) };
    home = join(dirname(php.docroot), 'npts-private');
  });
  beforeEach(() => {
    // npts-private as the endpoint makes it: the web server's, its group's, 2770.
    rmSync(home, { recursive: true, force: true });
    mkdirSync(home);
    asWww(home);
    chmodSync(home, 0o2770);
    const dir = tempDir('npts-witness-');
    chmodSync(dir, 0o777);
    witness = join(dir, 'ran');
  });

  it('never runs as root a file of root\'s that npts-private/config.php links to, whose text a visitor wrote (a log)', async () => {
    // A root-owned log in a folder only root writes, with a visitor's User-Agent in it.
    const logs = tempDir('npts-logs-');
    chmodSync(logs, 0o755);
    const log = join(logs, 'access.log');
    writeFileSync(log, `127.0.0.1 - - [26/Nov/2026:10:00:00 +0000] "GET / HTTP/1.1" 200 512 "-" "<?= ${recorder.replace('WITNESS', witness)} ?>"\n`, { mode: 0o644 });
    symlinkSync(log, join(home, 'config.php'));
    lchownSync(join(home, 'config.php'), www.uid, www.gid);
    await php.deliver();
    await php.admin('status');
    const uids = ran().map((line) => Number(line.split(' ')[0]));
    expect(uids).not.toContain(0);
    // It ran, as the folder's owner: what the symlink names is read with that user's rights only.
    expect(uids).toEqual([www.uid, www.uid]);
  });

  it('never runs the configuration as root while the web server\'s user renames it away and back in a loop', async () => {
    const config = join(home, 'config.php');
    writeFileSync(config, `<?php ${recorder.replace('WITNESS', witness)};\nreturn [];\n`, { mode: 0o660 });
    asWww(config);
    const away = join(home, 'away.php');
    // The web server's user, in a process group of its own: rename, rename back, as fast as it can.
    const mutator = spawn('setpriv', ['--reuid=www-data', '--regid=www-data', '--init-groups', '--', 'php', '-r', `while (true) { @rename(${JSON.stringify(config)}, ${JSON.stringify(away)}); @rename(${JSON.stringify(away)}, ${JSON.stringify(config)}); }`], { stdio: 'ignore', detached: true });
    const runs = 150;
    try {
      for (let run = 0; run < runs; run++) await php.admin('help');
    } finally {
      process.kill(-mutator.pid!, 'SIGKILL');
      await new Promise((done) => (mutator.exitCode === null && mutator.signalCode === null ? mutator.once('exit', done) : done(null)));
    }
    const uids = ran().map((line) => Number(line.split(' ')[0]));
    expect(`${uids.filter((uid) => uid === 0).length} of ${runs} runs ran the configuration as root`).toBe(`0 of ${runs} runs ran the configuration as root`);
    // The race was run: the configuration was there for some of them, and ran as the web server's user.
    expect(uids.filter((uid) => uid === www.uid).length).toBeGreaterThan(0);
    // 150 commands beside a process that renames as fast as it can: 93 to 97 s at load 15, up to
    // 182 s at load 25, with a CPU-bound process beside.
  }, 400_000);

  it('reads the configuration as the folder\'s owner with that user\'s environment: HOME, USER, LOGNAME and PATH', async () => {
    const config = join(home, 'config.php');
    writeFileSync(config, `<?php ${recorder.replace('WITNESS', witness)};\nreturn [];\n`, { mode: 0o660 });
    asWww(config);
    const entry = execFileSync('getent', ['passwd', 'www-data'], { encoding: 'utf8' }).trim().split(':');
    await php.cli('admin.php', ['status'], { HOME: '/root', USER: 'root', LOGNAME: 'root', PATH: '/root/bin:/usr/sbin:/usr/bin:/sbin:/bin' });
    expect(ran()).toEqual([`${www.uid} ${entry[5]} www-data www-data /usr/local/bin:/usr/bin:/bin`]);
  });

  it('stays root with a store folder of root\'s alone, and runs only a configuration no other account can change', async () => {
    // Named in root's own environment: a store, and a configuration, in folders only root writes.
    const store = tempDir('npts-root-store-');
    const config = join(tempDir('npts-root-config-'), 'config.php');
    writeFileSync(config, `<?php ${recorder.replace('WITNESS', witness)};\nreturn [];\n`, { mode: 0o644 });
    const env = { MAIL_STORAGE_DIR: store, MAIL_CONFIG: config };
    expect((await php.cli('admin.php', ['status'], env)).code).toBe(0);
    expect(ran().map((line) => Number(line.split(' ')[0]))).toEqual([0]);
    // The web server's own file, in root's folder: root will not run it.
    asWww(config);
    expect(await php.cli('admin.php', ['status'], env)).toEqual({
      code: 2,
      stdout: '',
      stderr: `admin.php: started as root, it will not run ${config}, which another account can change (${config}: owner www-data, group www-data, mode 644): make it and every folder above it writable by root alone, or run it as the store's owner\n`,
    });
    expect(ran()).toHaveLength(1);
  });

  it('refuses in one line that says what to fix where it cannot tell safely whose the store folder is, or cannot switch', async () => {
    const command = `sudo -u www-data php ${join(php.docroot, 'mail', 'admin.php')} status`;
    // npts-private a symlink in the folder around the site, which the web server's user writes.
    const elsewhere = tempDir('npts-elsewhere-');
    rmSync(home, { recursive: true });
    symlinkSync(elsewhere, home);
    lchownSync(home, www.uid, www.gid);
    const host = dirname(home);
    expect(await php.admin('status')).toEqual({
      code: 2,
      stdout: '',
      stderr: `admin.php: started as root, it cannot tell whose the store ${home} is: ${home} is a symlink in ${host}, which another account can change (${host}: owner www-data, group www-data, mode 700). Fix: make it a folder reached without that link, or run it as the store's owner: ${command}\n`,
    });
    // The folder around the site is the web server's: root's folder in it is no more root's alone.
    rmSync(home);
    mkdirSync(home, { mode: 0o700 });
    expect((await php.admin('status')).stderr).toBe(
      `admin.php: started as root, it will not use the store ${home}: it is root's, but another account can change it (${host}: owner www-data, group www-data, mode 700). Fix: give it to the web server's user (chown www-data ${home}), or make it and every folder above it writable by root alone; or run it as that user: ${command}\n`,
    );
    // A folder of root's that the web server's group may write: root would run what that group leaves there.
    const shared = join(tempDir('npts-dir-'), 'shared');
    mkdirSync(shared);
    chownSync(shared, 0, www.gid);
    chmodSync(shared, 0o2770);
    expect((await php.cli('admin.php', ['status'], { MAIL_STORAGE_DIR: shared })).stderr).toBe(
      `admin.php: started as root, it will not use the store ${shared}: it is root's, but another account can change it (${shared}: owner root, group www-data, mode 2770). Fix: give it to the web server's user (chown www-data ${shared}), or make it and every folder above it writable by root alone; or run it as that user: ${command}\n`,
    );
    // A PHP without the posix extension cannot switch users: a folder of the web server's is refused, one of root's alone is root's.
    const withoutPosix = { PHP_INI_SCAN_DIR: iniWithout('posix') };
    rmSync(home, { recursive: true });
    mkdirSync(home);
    asWww(home);
    expect(await php.cli('admin.php', ['status'], withoutPosix)).toEqual({
      code: 2,
      stdout: '',
      stderr: `admin.php: started as root, it must become the owner of the store ${home}, and this PHP has no posix extension to switch users: run it as that user: sudo -u '#${www.uid}' php ${join(php.docroot, 'mail', 'admin.php')} status\n`,
    });
    expect(await php.cli('admin.php', ['status'], { ...withoutPosix, MAIL_STORAGE_DIR: tempDir('npts-root-store-') })).toMatchObject({ code: 0, stderr: '' });
  });
});
