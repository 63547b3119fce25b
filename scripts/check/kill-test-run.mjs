// `node scripts/check/kill-test-run.mjs`: shows that `npm test` killed with kill -9 leaves nothing
// behind once the next `npm test` has started, and that a run's start-up sweep leaves a running
// run alone. It really kills (it is not part of npm test, which it runs four times):
//   1. kill -9 of the npm of a running `npm test`, once its endpoint tests' php -S servers run:
//      the run stops itself and leaves none of its processes or its temporary folder;
//   2. the next `npm test` starts with nothing of the first;
//   3. kill -9 of a whole running `npm test` (npm and every process of its run), then two at once:
//      either's sweep removes what the killed one left, neither touches the other's;
//   4. Ctrl+C (SIGINT to the terminal's process group) stops a run, leaving nothing.
// Each killed run interrupts its build: run it in a clone, not in the working copy whose out/
// you test (e.g. git clone . /tmp/npts-kill && cp -al node_modules /tmp/npts-kill/ && cd /tmp/npts-kill).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const problems = [];
const check = (ok, what) => {
  console.log(`${ok ? '✓' : '✗'} ${what}`);
  if (!ok) problems.push(what);
};

const stat = (pid) => {
  try {
    const line = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return line.slice(line.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
};
/** Whether a process runs: a zombie waiting for its parent to collect it does not. */
const alive = (pid) => {
  const state = stat(pid)?.[0];
  return state !== undefined && state !== 'Z';
};
const commandOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
};
const processes = () => readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
/** The processes that carry the run's tag (scripts/check/test-run.mjs). */
const taggedWith = (run) =>
  processes().filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(`NPTS_TEST_RUN=${run}`) && alive(pid);
    } catch {
      return false;
    }
  });
const descendants = (root) => {
  const children = new Map();
  for (const pid of processes()) {
    const parent = Number(stat(pid)?.[1]);
    children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const all = [];
  for (let queue = [root]; queue.length > 0; ) {
    const pid = queue.shift();
    all.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return all;
};
const wait = async (condition, seconds, what) => {
  for (const until = Date.now() + seconds * 1000; Date.now() < until; await new Promise((done) => setTimeout(done, 250))) {
    const value = condition();
    if (value) return value;
  }
  throw new Error(`${what}: not within ${seconds} s`);
};

const started = [];

/** Starts `npm test` in a process group of its own, as a terminal would; resolves once its endpoint tests run php -S. */
async function startTest(name) {
  const npm = spawn('npm', ['test'], { detached: true, stdio: 'ignore' });
  started.push(npm);
  // The runner itself, not the shell npm runs it in.
  const runner = await wait(() => descendants(npm.pid).find((pid) => /^node .*scripts\/check\/run-tests\.mjs$/.test(commandOf(pid))), 60, `${name}: the runner`);
  const run = `${runner}-${stat(runner)[19]}`;
  const servers = await wait(() => {
    const php = taggedWith(run).filter((pid) => commandOf(pid).startsWith('php -S'));
    return php.length > 0 && php;
  }, 300, `${name}: a php -S of its run`);
  const folder = join(tmpdir(), `npts-run-${run}`);
  const held = readdirSync(folder);
  console.log(`${name}: npm ${npm.pid}, run ${run}, php -S ${servers.join(' ')}, ${held.length} folders in ${folder}`);
  return { name, npm, run, folder };
}

const leftNothing = async ({ name, run, folder }, seconds) => {
  try {
    await wait(() => taggedWith(run).length === 0 && !existsSync(folder), seconds, name);
  } catch {
    // Reported below.
  }
  const left = taggedWith(run);
  check(left.length === 0, `nothing of ${name} runs${left.length ? `: ${left.map((pid) => `${pid} ${commandOf(pid)}`).join('; ')}` : ''}`);
  check(!existsSync(folder), `${name}'s temporary folder is gone (${folder})`);
};

const killWhole = (test) => {
  const tree = new Set([...descendants(test.npm.pid), ...taggedWith(test.run)]);
  for (const pid of tree) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone.
    }
  }
  return tree.size;
};

try {
  const first = await startTest('run 1');
  process.kill(first.npm.pid, 'SIGKILL');
  console.log('run 1: kill -9 of its npm');
  await leftNothing(first, 30);

  const second = await startTest('run 2');
  await leftNothing(first, 0);
  console.log(`run 2: kill -9 of all ${killWhole(second)} processes of its tree and run`);
  check(existsSync(second.folder), "run 2's temporary folder stays behind, for the next run to sweep");

  const [third, fourth] = await Promise.all([startTest('run 3'), startTest('run 4')]);
  await leftNothing(second, 0);
  for (const test of [third, fourth]) check(taggedWith(test.run).some((pid) => commandOf(pid).startsWith('php -S')) && existsSync(test.folder), `${test.name}'s php -S and folder survive the other's start-up sweep`);

  for (const test of [third, fourth]) process.kill(-test.npm.pid, 'SIGINT');
  console.log('runs 3 and 4: Ctrl+C');
  for (const test of [third, fourth]) await leftNothing(test, 30);
} catch (error) {
  problems.push(error.message);
  console.log(`✗ ${error.message}`);
} finally {
  // A run this script started and did not stop (it failed half-way) is killed, and swept.
  for (const npm of started) for (const pid of descendants(npm.pid)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  (await import('./test-run.mjs')).sweep();
}
console.log(problems.length === 0 ? '\nA killed npm test leaves nothing behind.' : `\n${problems.length} problems.`);
process.exit(problems.length === 0 ? 0 : 1);
