// Who owns what a test run starts, so that nothing outlives it: not even a run killed with kill -9,
// which cannot clean up after itself.
//
// A run has one owner process: `npm test`'s runner (run-tests.mjs), or Playwright or jest when run
// on their own. ownRun() makes the calling process the owner, unless it already belongs to a run:
// - every process started from then on inherits NPTS_TEST_RUN=<owner>, whoever starts it (the
//   tests, Playwright, Apache, PHP-FPM, sshd, php -S, the browsers);
// - TMPDIR points into the run's own folder, <tmp>/npts-run-<owner>/, so every temporary folder
//   (the tests' npts-host-*, the browsers' profiles, PHP's files) is made in it;
// - when the owner exits, it ends whatever still carries its tag and removes its folder;
// - first, it sweeps away what runs whose owner is gone left behind: their processes, found by the
//   tag, and their folders. A run whose owner still runs (another worktree's, say) is left alone.
// An owner is its process id and start time, so a reused process id is not taken for it. The
// sweep reads /proc: on a system without it, runs are tagged but nothing is swept.
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';

const TAG = 'NPTS_TEST_RUN';
const FOLDER = 'npts-run-';
const linux = existsSync('/proc/self/stat');

/** The fields of /proc/PID/stat after the command's name (state, parent, …), or null when it is not running. */
function stat(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return line.slice(line.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** A process as a run's owner: its id and start time, or null when it is not running (a zombie has ended). */
function ownerId(pid) {
  const fields = stat(pid);
  return fields && fields[0] !== 'Z' ? `${pid}-${fields[19]}` : null;
}

const running = (owner) => ownerId(Number(owner.split('-')[0])) === owner;

/**
 * The run this process belongs to, made now with this process as its owner if it belongs to none.
 * Also jest's globalSetup (this module's default): it runs in jest's own process, before its
 * workers start, so they and all they start belong to the run.
 */
export function ownRun() {
  if (process.env[TAG]) return process.env[TAG];
  const owner = (linux && ownerId(process.pid)) || `${process.pid}-${Date.now()}`;
  const root = tmpdir();
  sweep(root);
  const folder = join(root, `${FOLDER}${owner}`);
  mkdirSync(folder, { recursive: true });
  // As /tmp is: the web servers' users write their files here too.
  chmodSync(folder, 0o1777);
  process.env[TAG] = owner;
  process.env.TMPDIR = folder;
  process.on('exit', () => {
    end(owner);
    rmSync(folder, { recursive: true, force: true });
  });
  // Stopped by a signal, Node exits without its exit handlers, unless someone listens.
  for (const signal of ['SIGTERM', 'SIGHUP']) if (process.listenerCount(signal) === 0) process.once(signal, () => process.exit(128 + constants.signals[signal]));
  return owner;
}

/**
 * Ends what runs whose owner is gone left: their processes and their folders under `root`.
 * Returns how many of each it removed.
 */
export function sweep(root = tmpdir()) {
  if (!linux) return { processes: 0, folders: 0 };
  let processes = 0;
  for (const [owner, pids] of tagged()) if (!running(owner)) processes += end(owner, pids);
  let folders = 0;
  for (const name of readdirSync(root)) {
    if (!name.startsWith(FOLDER) || running(name.slice(FOLDER.length))) continue;
    rmSync(join(root, name), { recursive: true, force: true });
    folders++;
  }
  return { processes, folders };
}

/**
 * Kills every process of the run but the caller, again until none is left: one may start
 * another between the look and the kill. Returns how many it killed.
 */
function end(owner, pids = tagged().get(owner) ?? []) {
  const killed = new Set();
  for (let round = 0; pids.length > 0 && round < 10; round++) {
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
        killed.add(pid);
      } catch {
        // Gone already, or not ours to end.
      }
    }
    pids = tagged().get(owner) ?? [];
  }
  return killed.size;
}

/** The processes that carry a run's tag, by owner, this one left out. */
function tagged() {
  const runs = new Map();
  if (!linux) return runs;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    let environment;
    try {
      environment = readFileSync(`/proc/${name}/environ`, 'latin1');
    } catch {
      continue;
    }
    const owner = new RegExp(`(?:^|\\0)${TAG}=([^\\0]+)`).exec(environment)?.[1];
    if (owner) runs.set(owner, [...(runs.get(owner) ?? []), Number(name)]);
  }
  return runs;
}

/**
 * Calls `gone` once the command that started this process is gone: its parent, or the one above
 * it (npm runs a script in a shell, which outlives npm killed with kill -9). Checked each second.
 */
export function whenStarterGone(gone) {
  const starters = [process.ppid];
  const grandparent = Number(stat(process.ppid)?.[1] ?? 0);
  if (grandparent > 1) starters.push(grandparent);
  const ids = starters.map(ownerId);
  const timer = setInterval(() => {
    if (process.ppid !== starters[0] || starters.some((pid, index) => ownerId(pid) !== ids[index])) {
      clearInterval(timer);
      gone();
    }
  }, 1000);
  timer.unref();
}

export default ownRun;
