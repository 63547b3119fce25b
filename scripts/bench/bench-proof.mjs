// `npm run bench:proof`: what the contact form's proof of work (mail/lib/proof.php, lib/proof.ts)
// costs, at the endpoint's difficulty (MAIL_PROOF_MAXNUMBER, as the environment sets it, else the
// default). Serves the build (out/: run `npm run build` first) through Apache and prints:
// - the solver's JavaScript: what /contact downloads for it when the form is first used (gzip),
//   and what every other page downloads of it (nothing);
// - how long a visitor waits for the proof, from the first focus of the form to the solution,
//   in Chromium (as is and at Lighthouse's mobile CPU slowdown, 4×), Firefox and WebKit;
// - what one message costs a script: CPU time to solve a challenge with native SHA-256;
// - with --lighthouse-before=REF, mobile Lighthouse on /contact for REF and HEAD, each built
//   from git, alternately in one run: the form's cost to the page itself.
// send.php's own time per message is in `npm run bench:mail`. It measures; it passes or fails
// nothing. BENCH_SOLVES=15 sets how many challenges each engine solves, BENCH_RUNS=3 the
// Lighthouse runs.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import puppeteer from 'puppeteer-core';
import { audit, buildAt, freePort, kib, launchChrome, medianOf, serve, waitFor } from './bench-kit.mjs';
import { launchFirefox, launchWebKit } from '../engines.mjs';

const SOLVES = Number(process.env.BENCH_SOLVES ?? 15);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const before = parseArgs({ options: { 'lighthouse-before': { type: 'string' } } }).values['lighthouse-before'];
const root = process.cwd();
const store = mkdtempSync(join(tmpdir(), 'npts-bench-proof-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const apache = serve(port, join(root, 'out'), { MAIL_STORAGE_DIR: store, MAIL_RATE_LIMIT: '0' });

/**
 * Run in the page: times each Web Worker from its start to its end (the form ends the solver's
 * once it has the answer) and from the form's first focus, which it then gives.
 */
const MEASURE = `(() => {
  const input = document.querySelector('[name=firstName]');
  if (!input || !Object.keys(input).some((key) => key.startsWith('__reactFiber'))) return false;
  if (!window.__proof) {
    window.__proof = { focus: performance.now(), done: [] };
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(...args) {
        super(...args);
        this.started = performance.now();
        this.addEventListener('message', (event) => { this.solution = event.data; });
      }
      terminate() {
        const { number = 0, took = 1 } = this.solution || {};
        window.__proof.done.push({ worker: performance.now() - this.started, total: performance.now() - window.__proof.focus, rate: number / (took / 1000) });
        super.terminate();
      }
    };
    input.focus();
    input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  }
  return true;
})()`;
const RESULT = 'window.__proof && window.__proof.done[0] || null';

try {
  await waitFor(`${origin}/mail/send.php?challenge`);
  const { maxnumber } = await (await fetch(`${origin}/mail/send.php?challenge`)).json();
  console.log(`Proof of work: MAIL_PROOF_MAXNUMBER ${maxnumber.toLocaleString('en')} (a browser tries half of it on average)\n`);

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    await printScripts(browser);
    const rows = [];
    rows.push(['Chromium', await solveTimes(chromiumSession)]);
    for (const rate of [1, 4]) rows.push([`Chromium, on the page's main thread, ${rate}× CPU slowdown`, await throttledSolveTimes(rate)]);
    rows.push(['Firefox', await solveTimes(firefoxSession)]);
    rows.push(['WebKit', await solveTimes(webkitSession)]);
    console.log(`\nWaiting for the proof, ${SOLVES} challenges each: from the form's first focus (the solver's worker alone in brackets); on the main thread, the solving alone`);
    console.log('| Browser | Median | p90 | Max | Hashes per second |');
    console.log('|---|---|---|---|---|');
    for (const [name, times] of rows) {
      const [total, worker, rate] = ['total', 'worker', 'rate'].map((key) => times.map((time) => time[key]).sort((a, b) => a - b));
      const at = (sorted, share) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
      console.log(`| ${name} | ${seconds(at(total, 0.5))} (${seconds(at(worker, 0.5))}) | ${seconds(at(total, 0.9))} (${seconds(at(worker, 0.9))}) | ${seconds(total.at(-1))} (${seconds(worker.at(-1))}) | ${Math.round(at(rate, 0.5)).toLocaleString('en')} |`);
    }
  } finally {
    await browser.close();
  }

  await printBotCost();
  if (before) await compareLighthouse(before);
} finally {
  apache.kill('SIGTERM');
  rmSync(store, { recursive: true, force: true });
  rmSync(join(root, '.bench'), { recursive: true, force: true });
}

/**
 * The JavaScript each page loads, and what /contact adds when its form is first focused, as
 * Apache's access log records it: the worker's own requests included, each page in a browser
 * context of its own (an empty cache).
 */
async function printScripts(browser) {
  const routes = [...readFileSync(join(root, 'out', 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  const log = join(root, '.e2e', `apache-${port}`, 'access.log');
  const logged = () => readFileSync(log, 'utf8').length;
  const scriptsSince = (offset) => new Set([...readFileSync(log, 'utf8').slice(offset).matchAll(/"GET (\/\S+\.js) HTTP/g)].map((match) => match[1]));
  const loads = async (path, interact) => {
    const page = await browser.newPage();
    const start = logged();
    await page.goto(origin + path, { waitUntil: 'networkidle' });
    const first = scriptsSince(start);
    let later = [];
    if (interact) {
      const focused = logged();
      await poll(() => page.evaluate(MEASURE), '/contact to hydrate', 10_000);
      await poll(() => page.evaluate(RESULT), 'the proof', 120_000);
      await page.waitForLoadState('networkidle');
      later = [...scriptsSince(focused)].filter((script) => !first.has(script));
    }
    await page.close();
    return { first, later };
  };
  const contact = await loads('/contact', true);
  // The solver's files: the module that asks for the challenge, and the worker with what it loads.
  const isSolver = (script) => /\?challenge|solveChallenge|onmessage/.test(readFileSync(join(root, 'out', script), 'utf8')) || script.includes('turbopack-worker');
  const solver = contact.later.filter(isSolver);
  const others = contact.later.filter((script) => !solver.includes(script));
  console.log(`On /contact, when the form is first focused: the spam check ${kib(sum(solver))} gzip (${solver.length} files), the form's validation (zod) ${kib(sum(others))}`);
  for (const script of solver) console.log(`  ${script} ${kib(sum([script]))}`);
  const elsewhere = [];
  for (const path of routes) {
    const { first } = path === '/contact' ? contact : await loads(path, false);
    elsewhere.push(...[...first].filter((script) => solver.includes(script)).map((script) => `${path}: ${script}`));
  }
  console.log(`Of the spam check, the ${routes.length} pages load ${elsewhere.length === 0 ? 'nothing before the form is used' : elsewhere.join(', ')}`);
}

/** Solve times of SOLVES fresh challenges, each in a freshly loaded /contact. */
async function solveTimes(open) {
  const session = await open();
  try {
    const times = [];
    for (let index = 0; index < SOLVES; index++) {
      await session.goto(`${origin}/contact`);
      await poll(() => session.evaluate(MEASURE), `${session.name}: /contact to hydrate`, 10_000);
      times.push(await poll(() => session.evaluate(RESULT), `${session.name}: the proof`, 120_000));
    }
    return times;
  } finally {
    await session.close();
  }
}

async function chromiumSession() {
  const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking'], headless: true });
  const page = await browser.newPage();
  return { name: 'Chromium', goto: (url) => page.goto(url).then(() => undefined), evaluate: (expression) => page.evaluate(expression), close: () => browser.close() };
}

/**
 * DevTools' CPU throttling, which Lighthouse's mobile preset uses, slows pages but not workers
 * ("only supported for pages"). So at 4× the solver altcha-lib's worker runs, the library's own
 * solveChallenge, runs on the throttled page's main thread instead, SOLVES times, each on a
 * fresh challenge from the endpoint.
 */
async function throttledSolveTimes(rate) {
  const library = ['helpers.js', 'index.js']
    .map((file) => readFileSync(join(root, 'node_modules/altcha-lib/dist/esm/v1', file), 'utf8'))
    .join('\n')
    .replace(/^import [^;]+;$/gm, '')
    .replace(/^export default \{[^}]*\};$/m, '')
    .replace(/^export /gm, '');
  const solve = `(async () => { ${library}
    const challenge = await (await fetch('/mail/send.php?challenge', { cache: 'no-store' })).json();
    const started = performance.now();
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    const took = performance.now() - started;
    return { worker: took, total: took, rate: solution.number / (took / 1000) };
  })()`;
  const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking'], headless: true });
  try {
    const page = await browser.newPage();
    await (await page.createCDPSession()).send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(`${origin}/contact`);
    const times = [];
    for (let index = 0; index < SOLVES; index++) times.push(await page.evaluate(solve));
    return times;
  } finally {
    await browser.close();
  }
}

async function firefoxSession() {
  const { browser, page } = await launchFirefox();
  return { name: 'Firefox', goto: (url) => page.goto(url).then(() => undefined), evaluate: (expression) => page.evaluate(expression), close: () => browser.close() };
}

async function webkitSession() {
  const { driver, stop } = await launchWebKit();
  return { name: 'WebKit', goto: (url) => driver.get(url), evaluate: (expression) => driver.executeScript(`return ${expression}`), close: stop };
}

/**
 * What a script pays per message, solving as fast as one CPU core can: Node's native SHA-256 on
 * each number in turn. Challenges from the endpoint, so the numbers are as random as a visitor's.
 */
async function printBotCost() {
  const costs = [];
  for (let index = 0; index < SOLVES; index++) {
    const { challenge, salt, maxnumber } = await (await fetch(`${origin}/mail/send.php?challenge`)).json();
    const start = process.cpuUsage();
    let number = 0;
    while (number <= maxnumber && createHash('sha256').update(salt + number).digest('hex') !== challenge) number++;
    const used = process.cpuUsage(start);
    costs.push((used.user + used.system) / 1e6);
  }
  costs.sort((a, b) => a - b);
  const median = costs[Math.floor(costs.length / 2)];
  console.log(`\nA script's cost per message, native SHA-256 on one core: median ${(median * 1000).toFixed(0)} ms of CPU, ${(costs.reduce((a, b) => a + b, 0) / costs.length * 1000).toFixed(0)} ms on average (${SOLVES} challenges); 1 000 messages cost it about ${Math.round((costs.reduce((a, b) => a + b, 0) / costs.length) * 1000)} CPU seconds.`);
}

/** Mobile Lighthouse on /contact of REF and of HEAD, each built from git, alternately. */
async function compareLighthouse(ref) {
  const builds = { [ref]: buildAt(ref), HEAD: buildAt('HEAD') };
  const servers = [];
  const chrome = await launchChrome();
  try {
    const urls = {};
    for (const [name, docroot] of Object.entries(builds)) {
      const serverPort = await freePort();
      servers.push(serve(serverPort, docroot, { MAIL_STORAGE_DIR: mkdtempSync(join(store, 'lh-')), MAIL_RATE_LIMIT: '0' }));
      urls[name] = `http://127.0.0.1:${serverPort}/contact`;
      await waitFor(urls[name]);
    }
    const runs = Object.fromEntries(Object.keys(builds).map((name) => [name, []]));
    for (let index = 0; index < RUNS; index++) for (const name of Object.keys(builds)) runs[name].push(await audit(chrome, urls[name]));
    console.log(`\nMobile Lighthouse on /contact, median of ${RUNS}, run alternately`);
    console.log('| Build | Perf | FCP | LCP | TBT | CLS | JS downloaded |');
    console.log('|---|---|---|---|---|---|---|');
    for (const [name, results] of Object.entries(runs)) {
      const row = medianOf(results);
      console.log(`| ${name} | ${row.performance} | ${seconds(row.fcpMs)} | ${seconds(row.lcpMs)} | ${Math.round(row.tbtMs)} ms | ${row.cls.toFixed(3)} | ${kib(row.transferredJs)} |`);
    }
  } finally {
    await chrome.kill();
    for (const server of servers) server.kill('SIGTERM');
  }
}

function sum(scripts) {
  return scripts.reduce((total, script) => {
    const file = join(root, 'out', script);
    return total + (existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`).length : gzipSync(readFileSync(file), { level: 9 }).length);
  }, 0);
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** The first truthy value `check` gives, asked every 20 ms. */
async function poll(check, what, timeout) {
  for (const deadline = Date.now() + timeout; ; await new Promise((done) => setTimeout(done, 20))) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`bench: timed out waiting for ${what}`);
  }
}
