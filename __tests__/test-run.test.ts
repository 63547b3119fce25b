/** @jest-environment node */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const testRun = resolve(__dirname, '../scripts/check/test-run.mjs');

/** A test run of its own, as Playwright or jest on their own are: it owns a php -S and a folder like the store tests' npts-host-*. */
const RUN = `
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const { ownRun } = await import(process.argv[1]);
const run = ownRun();
const php = spawn('php', ['-S', '127.0.0.1:0'], { detached: true, stdio: 'ignore' });
const folder = mkdtempSync(join(tmpdir(), 'npts-host-'));
console.log(JSON.stringify({ run, owner: process.pid, php: php.pid, folder }));
setInterval(() => {}, 1000);
`;

type Run = { run: string; owner: number; php: number; folder: string; process: ChildProcess };

let root: string;
const started: Run[] = [];

/** Starts a run whose temporary folder is under `root`, outside any run of the tests themselves. */
function startRun(): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: root };
  delete env.NPTS_TEST_RUN;
  const child = spawn(process.execPath, ['--input-type=module', '-e', RUN, testRun], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((done) => {
    child.stdout!.once('data', (line) => {
      const run = { ...JSON.parse(String(line)), process: child };
      started.push(run);
      done(run);
    });
  });
}

/** Whether a process runs (a zombie waiting for its parent to collect it does not). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** What `npm test` does first: sweeps what runs that are gone left under `root`. */
function sweep(): { processes: number; folders: number } {
  const script = 'const { sweep } = await import(process.argv[1]); console.log(JSON.stringify(sweep(process.argv[2])));';
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script, testRun, root], { encoding: 'utf8' }));
}

beforeAll(() => (root = mkdtempSync(join(tmpdir(), 'npts-runs-'))));
afterAll(() => {
  for (const run of started) for (const pid of [run.owner, run.php]) if (running(pid)) process.kill(pid, 'SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

const until = async (condition: () => boolean) => {
  for (let tries = 0; tries < 100 && !condition(); tries++) await new Promise((done) => setTimeout(done, 50));
  return condition();
};

describe('a test run', () => {
  it('runs its servers and temporary folders as its own, tagged, in a folder of its own', async () => {
    const run = await startRun();
    expect(readFileSync(`/proc/${run.php}/environ`, 'latin1').split('\0')).toContain(`NPTS_TEST_RUN=${run.run}`);
    expect(run.folder).toMatch(new RegExp(`^${root}/npts-run-${run.owner}-\\d+/npts-host-`));
  });

  it('killed with kill -9, leaves nothing once the next run has swept: its php -S and its folders go, a running run’s stay', async () => {
    const [killed, alive] = await Promise.all([startRun(), startRun()]);
    process.kill(killed.owner, 'SIGKILL');
    expect(await until(() => !running(killed.owner))).toBe(true);
    expect(running(killed.php)).toBe(true);

    expect(sweep()).toEqual({ processes: 1, folders: 1 });
    expect(await until(() => !running(killed.php))).toBe(true);
    expect(existsSync(killed.folder)).toBe(false);
    expect(running(alive.php)).toBe(true);
    expect(existsSync(alive.folder)).toBe(true);
  });

  it('killed with kill -9 whole, leaves its folder to the next run’s sweep', async () => {
    const run = await startRun();
    for (const pid of [run.php, run.owner]) process.kill(pid, 'SIGKILL');
    expect(await until(() => !running(run.owner) && !running(run.php))).toBe(true);
    expect(sweep()).toEqual({ processes: 0, folders: 1 });
    expect(readdirSync(root).filter((name) => name === `npts-run-${run.run}`)).toEqual([]);
  });

  it('stopped, ends what it started and removes its folder itself', async () => {
    const run = await startRun();
    run.process.kill('SIGTERM');
    expect(await until(() => !running(run.owner) && !running(run.php))).toBe(true);
    expect(existsSync(join(root, `npts-run-${run.run}`))).toBe(false);
  });
});
