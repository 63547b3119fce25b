// `npm test`: every test, in a run that owns all it starts (test-run.mjs). At start it sweeps away
// what killed runs left (their servers and temporary folders); each part runs in a process group
// of its own, stopped with the run (Ctrl+C, kill, or the npm that started it killed); and whatever
// a part leaves running or in the run's temporary folder is ended when the run ends.
//
// The endpoint's tests start at once and run beside the rest: the checks and the build the browser
// tests serve side by side, then the W3C checker over that build's pages, then the browser tests,
// with their own report. The browser tests do not wait for the endpoint's: on a machine with cores
// to spare those run beside them, on a small one they mostly end within the first phase.
import { execFileSync } from 'node:child_process';
import { start, runParts, stop, stopped } from './parts.mjs';
import { ownRun, whenStarterGone } from './test-run.mjs';

const started = Date.now();
// Which Node the tests run under, for the record: its parts (npm, jest, Playwright and the servers
// it starts) run the first node on PATH, named as well when it is another.
const pathNode = execFileSync('node', ['--version'], { encoding: 'utf8' }).trim();
console.log(`npm test: Node ${process.version}${pathNode === process.version ? '' : `, but the first node on PATH, which its parts run, is ${pathNode}`}.`);
ownRun();
whenStarterGone(() => stop('SIGINT', 'npm test: the command that started this run is gone'));

const endpoint = start({ name: 'npm run test:mail', command: ['npm', 'run', 'test:mail'] });
const built = await runParts('check and build', [
  [
    { name: 'npm run check', command: ['npm', 'run', 'check'] },
    { name: 'npm run build:e2e', command: ['npm', 'run', 'build:e2e'] },
  ],
  [{ name: 'npm run check:html', command: ['npm', 'run', 'check:html'] }],
]);
let browsers = { name: 'npx playwright test', ok: false, seconds: 0, output: 'not run: the build or a check failed' };
if (built) {
  console.log('');
  browsers = await start({ name: 'npx playwright test', command: ['npx', 'playwright', 'test'] }, { live: true });
}
const mail = await endpoint;
// Stopped, the run says so and exits with the signal's status once every part has ended.
if (stopped()) await new Promise(() => {});
if (!mail.ok) console.log(`\n── ${mail.name} failed ──\n${mail.output.trim()}\n`);
for (const { name, ok, seconds } of [mail, browsers]) console.log(`${ok ? 'ok  ' : 'FAIL'}  ${name.padEnd(20)}  ${seconds.toFixed(1)} s`);
const passed = built && mail.ok && browsers.ok;
console.log(`\nnpm test ${passed ? 'passed' : 'failed'} in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
process.exit(passed ? 0 : 1);
