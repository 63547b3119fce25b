import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = resolve(__dirname, '..', '..');
const fakeSendmail = join(repo, '__tests__', 'helpers', 'fake-sendmail.sh');

export type Reply = { status: number; headers: Headers; text: string; json: { success: boolean; message: string } | null };

export type PhpServer = {
  url: string;
  origin: string;
  docroot: string;
  /** Directory where the fake sendmail leaves the messages PHP's mail() sent. */
  captured: string;
  /** Writes mail/config.php (read on every request) with these keys. */
  configure: (config: Record<string, string>) => void;
  post: (body: string, headers?: Record<string, string>) => Promise<Reply>;
  postJson: (data: unknown, headers?: Record<string, string>) => Promise<Reply>;
  postForm: (data: Record<string, string>, headers?: Record<string, string>) => Promise<Reply>;
  request: (path: string, init?: RequestInit) => Promise<Reply>;
  /** Runs `php mail/deliver.php` with the same php.ini switches and environment as the server. */
  deliver: () => Promise<{ code: number; stdout: string; stderr: string }>;
  capturedMessages: () => string[];
  stop: () => Promise<void>;
};

/** A fresh temporary directory, removed by cleanupTemp(). */
const temps: string[] = [];
export function tempDir(prefix = 'npts-mail-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}
export function cleanupTemp(): void {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/**
 * Starts PHP's built-in server on a free loopback port, serving a temporary docroot with a copy
 * of mail/ (no local config, store or vendor), like the uploaded out/ folder. display_errors is
 * on, so a leaking warning would show in a response.
 */
export async function startPhpServer(options: { env?: Record<string, string>; router?: boolean; workers?: number } = {}): Promise<PhpServer> {
  const docroot = tempDir('npts-docroot-');
  const captured = tempDir('npts-captured-');
  const skip = ['config.php', 'storage', 'outbox', 'vendor'].map((name) => join(repo, 'mail', name));
  cpSync(join(repo, 'mail'), join(docroot, 'mail'), { recursive: true, filter: (source) => !skip.includes(source) });
  writeFileSync(join(docroot, '404.html'), '<!doctype html><title>Not found</title>');
  writeFileSync(join(docroot, 'index.html'), '<!doctype html><title>Home</title>');

  const port = await freePort();
  const ini = ['-d', 'display_errors=1', '-d', 'display_startup_errors=1', '-d', 'error_reporting=-1', '-d', 'opcache.enable=0', '-d', 'opcache.enable_cli=0', '-d', `sendmail_path=sh ${fakeSendmail} ${captured}`];
  // Only the MAIL_/SMTP_ variables the test chooses: none leak in from the machine running it.
  const env: NodeJS.ProcessEnv = { ...process.env, PHP_CLI_SERVER_WORKERS: String(options.workers ?? 1) };
  for (const name of Object.keys(env)) if (/^(MAIL|SMTP)_/.test(name)) delete env[name];
  Object.assign(env, options.env);
  const args = ['-S', `127.0.0.1:${port}`, '-t', docroot, ...ini];
  if (options.router) args.push(join(repo, 'scripts', 'router.php'));
  const child: ChildProcess = spawn('php', args, { env, stdio: 'ignore' });
  const origin = `http://127.0.0.1:${port}`;
  const url = `${origin}/mail/send.php`;
  await waitForServer(origin, child);

  const toReply = async (response: Response): Promise<Reply> => {
    const text = await response.text();
    let json: Reply['json'] = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: response.status, headers: response.headers, text, json };
  };
  const post = async (body: string, headers: Record<string, string> = {}) =>
    toReply(await fetch(url, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers }, redirect: 'manual' }));

  return {
    url,
    origin,
    docroot,
    captured,
    configure: (config) => {
      const json = JSON.stringify(config).replace(/\\/g, '\\\\').replace(/'/g, "\\'");
      writeFileSync(join(docroot, 'mail', 'config.php'), `<?php return json_decode('${json}', true);\n`);
    },
    post,
    postJson: (data, headers) => post(JSON.stringify(data), headers),
    postForm: (data, headers = {}) => post(new URLSearchParams(data).toString(), { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }),
    request: async (path, init = {}) => toReply(await fetch(origin + path, { redirect: 'manual', ...init })),
    deliver: () =>
      new Promise((done) => {
        execFile('php', [...ini, join(docroot, 'mail', 'deliver.php')], { env, encoding: 'utf8' }, (error, stdout, stderr) => {
          done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
        });
      }),
    capturedMessages: () =>
      readdirSync(captured)
        .filter((name) => name.endsWith('.eml'))
        .sort()
        .map((name) => readFileSync(join(captured, name), 'utf8')),
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

async function waitForServer(origin: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`php -S exited with ${child.exitCode}`);
    try {
      await fetch(`${origin}/index.html`);
      return;
    } catch {
      await new Promise((wait) => setTimeout(wait, 50));
    }
  }
  throw new Error('php -S did not start');
}

/** Lines of a JSON lines file in the store (an empty list when it does not exist). */
export function readJsonLines(file: string): string[] {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((line) => line !== '') : [];
}

export function ensureDir(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}
