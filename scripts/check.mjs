// `npm run check`: the editor's fast gate, and the first step of `npm test` and CI. Runs the
// content checks (scripts/check-content.mjs), lint and the type check side by side, then the unit
// and component tests; shows every failure, not just the first, and how long each part took.
//   npm run check                 before committing an edit
//   npm run check -- --release    before a release: also fails on every placeholder left
import { spawn } from 'node:child_process';

const release = process.argv.includes('--release');
const vmModules = '--experimental-vm-modules --disable-warning=ExperimentalWarning';

/** The parts, in groups run one after another; the parts of a group run side by side. */
const groups = [
  [
    { name: 'content', command: ['node', 'scripts/check-content.mjs', ...(release ? ['--release'] : [])] },
    { name: 'lint', command: ['npx', 'eslint', '.'] },
    { name: 'types', command: ['npx', 'tsc', '--noEmit'] },
  ],
  [{ name: 'unit tests', command: ['npx', 'jest', '--selectProjects', 'unit'], env: { NODE_OPTIONS: vmModules } }],
];

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

const started = Date.now();
const results = [];
for (const group of groups) {
  for (const result of await Promise.all(group.map(run))) {
    results.push(result);
    // A part's own words only when it failed: a passing check stays short.
    if (!result.ok) console.log(`\n── ${result.name} failed ──\n${result.output.trim()}\n`);
  }
}
for (const { name, ok, seconds } of results) console.log(`${ok ? 'ok  ' : 'FAIL'}  ${name.padEnd(11)} ${seconds.toFixed(1)} s`);
const failed = results.filter((result) => !result.ok).map((result) => result.name);
console.log(failed.length === 0 ? `\nnpm run check passed in ${((Date.now() - started) / 1000).toFixed(0)} s.` : `\nnpm run check failed: ${failed.join(', ')}.`);
process.exit(failed.length === 0 ? 0 : 1);
