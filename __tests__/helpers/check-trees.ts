import { execFile } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Copies of the site for the content check's tests (__tests__/check/): each a tree an editor has
 * changed in one way, checked by one rule, or by the whole check as npm run check runs it.
 */

export type Problem = { file: string; line: number; message: string };

export const repo = resolve(__dirname, '../..');
const roots: string[] = [];

/** A copy of what the check reads, to edit as an editor would. */
export function copyOfSite(): string {
  const root = mkdtempSync(join(tmpdir(), 'npts-content-'));
  roots.push(root);
  // The release gate asks mail/admin.php, which runs as the web server's user when the tests run as root.
  chmodSync(root, 0o755);
  const skip = ['mail/storage', 'mail/config.ini', 'mail/config.php', 'mail/vendor', 'public/people'].map((path) => join(repo, path));
  for (const dir of ['app', 'components', 'lib', 'public', 'mail', 'content']) {
    cpSync(join(repo, dir), join(root, dir), { recursive: true, filter: (source) => !skip.some((path) => source.startsWith(path)) });
  }
  cpSync(join(repo, 'cspell.json'), join(root, 'cspell.json'));
  return root;
}

/** Removes the copies this file made. */
export function removeCopies(): void {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
}

export function edit(root: string, file: string, from: string | RegExp, to: string): void {
  const text = readFileSync(join(root, file), 'utf8');
  const edited = text.replace(from, to);
  expect(edited).not.toBe(text);
  writeFileSync(join(root, file), edited);
}

export const write = (root: string, file: string, text: string) => writeFileSync(join(root, file), text);

/** The line of `file` in `root` that holds `text`. */
export const lineWith = (root: string, file: string, text: string) => readFileSync(join(root, file), 'utf8').split('\n').findIndex((line) => line.includes(text)) + 1;

/** The environment without the settings a build or the endpoint reads, plus `extra`. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (/^(MAIL|SMTP)_|^NEXT_PUBLIC_|^NPTS_REFERENCES_FIXTURE$/.test(name)) delete env[name];
  return { ...env, ...extra };
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((done, fail) => {
    execFile(process.execPath, args, { env, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) => (error ? fail(new Error(`${error.message}\n${stderr}`)) : done(stdout)));
  });
}

/** One rule of scripts/check/ over several trees, at once: their problems by root. */
export async function runRule(rule: string, trees: string[], env: NodeJS.ProcessEnv = cleanEnv()): Promise<Record<string, Problem[]>> {
  return JSON.parse(await run([join(repo, '__tests__/helpers/run-check.mjs'), rule, ...trees], env));
}

/** The whole content check (node scripts/check/check-content.mjs, as npm run check runs it) over several trees: their problems by root. */
export async function runCheck(trees: string[], { release = false, env = cleanEnv() } = {}): Promise<Record<string, Problem[]>> {
  return JSON.parse(await run([join(repo, 'scripts/check/check-content.mjs'), '--json', ...(release ? ['--release'] : []), ...trees.flatMap((root) => ['--root', root])], env));
}

/** The content check as npm run check runs it, on one tree: its exit status and what it printed. */
export function checkCommand(root: string): Promise<{ status: number; output: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [join(repo, 'scripts/check/check-content.mjs'), '--root', root], { env: cleanEnv(), encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) =>
      done({ status: error ? Number(error.code) : 0, output: `${stdout}${stderr}` }),
    );
  });
}
