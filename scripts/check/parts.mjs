// Runs a script's parts in groups, one group after another and the parts of a group side by side;
// shows a part's output only when it failed, every failure rather than the first, and how long
// each part took. Shared by `npm run check` and `npm test`.
import { spawn } from 'node:child_process';

function run({ name, command: [file, ...args], env = {} }) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(file, args, { env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => done({ name, ok: code === 0, output, seconds: (Date.now() - started) / 1000 }));
  });
}

/** Runs the groups and prints what happened; true when every part passed. */
export async function runParts(title, groups) {
  const started = Date.now();
  const results = [];
  for (const group of groups) {
    for (const result of await Promise.all(group.map(run))) {
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
