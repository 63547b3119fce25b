// Runs a script's parts, each in a process group of its own that this process owns: in groups,
// one group after another and the parts of a group side by side. Shows a part's output only when
// it failed, every failure rather than the first, and how long each part took. Interrupted (Ctrl+C,
// kill, a hangup), it passes the signal on to each running part's whole group and exits once they
// have stopped, so no part goes on without it. Shared by `npm run check` and `npm test`.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

const running = new Set();
let stopping = false;

/**
 * Starts one part; with `live`, its output shows as it comes (the browser tests' report) instead
 * of only when it fails. Resolves to { name, ok, output, seconds } once it has ended.
 */
export function start({ name, command: [file, ...args], env = {} }, { live = false } = {}) {
  const started = Date.now();
  return new Promise((done) => {
    if (stopping) return done({ name, ok: false, output: 'not started: the run was stopped', seconds: 0 });
    const child = spawn(file, args, {
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...env },
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.add(child);
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      running.delete(child);
      done({ name, ok: code === 0, output, seconds: (Date.now() - started) / 1000 });
    });
  });
}

/** Runs the groups and prints what happened; true when every part passed. */
export async function runParts(title, groups) {
  const started = Date.now();
  const results = [];
  for (const group of groups) {
    for (const result of await Promise.all(group.map((part) => start(part)))) {
      results.push(result);
      if (!result.ok) console.log(`\n── ${result.name} failed ──\n${result.output.trim()}\n`);
    }
  }
  const width = Math.max(...results.map(({ name }) => name.length));
  for (const { name, ok, seconds } of results) console.log(`${ok ? 'ok  ' : 'FAIL'}  ${name.padEnd(width)}  ${seconds.toFixed(1)} s`);
  const failed = results.filter((result) => !result.ok).map((result) => result.name);
  console.log(failed.length === 0 ? `\n${title} passed in ${((Date.now() - started) / 1000).toFixed(0)} s.` : `\n${title} failed: ${failed.join(', ')}.`);
  return failed.length === 0;
}

/** Whether the run is being stopped (stop() exits once its parts have ended). */
export const stopped = () => stopping;

/** Passes `signal` on to every running part's process group; exits once all have ended, or after 10 s. */
export function stop(signal, reason) {
  if (stopping) return;
  stopping = true;
  if (reason) console.log(`\n${reason}: stopping every part (${signal}).`);
  const code = 128 + constants.signals[signal];
  for (const child of running) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Ended already.
    }
  }
  setTimeout(() => process.exit(code), 10_000).unref();
  const exitWhenDone = () => (running.size === 0 ? process.exit(code) : setTimeout(exitWhenDone, 100));
  exitWhenDone();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
