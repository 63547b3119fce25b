/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cleanupTemp, startPhpServer, tempDir, testConfig, validMessage, type Challenge, type PhpServer, type Reply, type Run } from '../helpers/php-server';
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

describe('a store the web server writes, with root at the command line', () => {
  let php: PhpServer;
  let store: string;

  beforeAll(async () => {
    if (process.getuid?.() !== 0) throw new Error('These tests run the endpoint as www-data and the commands as root: run them as root (CI does).');
    php = await startPhpServer({ user: 'www-data', workers: CLIENTS, config: 'named' });
    // The default store: npts-private beside the web root, made by the endpoint itself.
    store = join(dirname(php.docroot), 'npts-private');
    php.configure({ ...testConfig, MAIL_TRANSPORT: 'outbox' });
  });
  afterAll(async () => {
    await php?.stop();
    cleanupTemp();
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
  });

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

  it('never runs as root a config.php that the web server may change: it reads it as its folder\'s owner; one only root can change, as root', async () => {
    const www = { uid: Number(execFileSync('id', ['-u', 'www-data'], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', 'www-data'], { encoding: 'utf8' })) };
    // Each configuration file writes down who ran it.
    const witness = tempDir('npts-witness-');
    chmodSync(witness, 0o777);
    const whoRan = async (folder: string, folderOwner: { uid: number; gid: number }, folderMode: number) => {
      mkdirSync(folder);
      const config = join(folder, 'config.php');
      const record = join(witness, `${folder.split('/').pop()}.uid`);
      writeFileSync(config, `<?php file_put_contents(${JSON.stringify(record)}, (string) posix_geteuid());\nreturn ['MAIL_STORAGE_DIR' => __DIR__, 'MAIL_TRANSPORT' => 'outbox'];\n`);
      chmodSync(config, 0o644);
      chownSync(folder, folderOwner.uid, folderOwner.gid);
      chmodSync(folder, folderMode);
      await php.cli('admin.php', ['status'], { MAIL_CONFIG: config });
      return Number(readFileSync(record, 'utf8'));
    };
    // DIR/shared as docs/operating.md sets it up, the web server's group's: root's own file in it, which
    // the web server could replace.
    expect(await whoRan(join(dirname(php.docroot), 'shared'), www, 0o2770)).toBe(www.uid);
    expect(await whoRan(join(dirname(php.docroot), 'root-only'), { uid: 0, gid: 0 }, 0o700)).toBe(0);
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
