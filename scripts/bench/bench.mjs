// `npm run bench`: Lighthouse (mobile and desktop, median of 3 runs) on a bare Next.js static
// export built with the same versions and on every route of the build, served by Apache with the
// project's .htaccess, third-party hosts blocked; all in one series, with simulated throttling
// (Lighthouse's score) and with devtools throttling (the real network and CPU slowed). Also each
// route's JavaScript (what a modern browser downloads, gzip and Brotli) against the bare export's,
// and its HTML as Brotli sends it.
// `--before=REF` adds the routes as built at an earlier commit to the same series.
// It prints numbers and writes bench-results.json. `--check` (mobile only) also holds each route of
// this build to the lab floor (FLOOR in bench-kit.mjs), names every route and bound it breaks, and
// exits non-zero if any: run it before merging a change to how the pages are delivered.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { FLOOR, audit, belowFloor, buildAt, buildBareExport, freePort, kib, launchChrome, medianOf, serve, waitFor } from './bench-kit.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const { values: options } = parseArgs({ options: { check: { type: 'boolean', default: false }, before: { type: 'string' }, 'no-build': { type: 'boolean', default: false } } });
const CHECK = options.check;
// For a quick look at a few routes or one preset: BENCH_ROUTES=/,/about BENCH_PRESETS=mobile.
const ONLY_ROUTES = process.env.BENCH_ROUTES?.split(',');
const PRESETS = CHECK ? ['mobile'] : (process.env.BENCH_PRESETS?.split(',') ?? ['mobile', 'desktop']);
const root = process.cwd();
const before = options.before;

if (!options['no-build']) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
const routes = sitemapRoutes().filter((path) => !ONLY_ROUTES || ONLY_ROUTES.includes(path));

const bareOut = buildBareExport();
const baseline = routeBytes('/', bareOut);
const beforeOut = before ? buildAt(before) : undefined;
const port = await freePort();
const barePort = await freePort();
const servers = [serve(port, join(root, 'out')), serve(barePort, bareOut)];
const beforePort = beforeOut ? await freePort() : undefined;
if (beforeOut) servers.push(serve(beforePort, beforeOut));
const chrome = await launchChrome();

// One series: each round measures the bare export and then every route, so a slower minute of
// the machine falls on all of them alike. Each page is measured twice per round: with Lighthouse's
// simulated throttling (its score) and with devtools throttling, which slows the real network and
// CPU; the second gives the LCP column a visitor on a slow phone and link would recognise.
const targets = [
  { path: '(bare Next.js)', url: `http://127.0.0.1:${barePort}/`, bytes: baseline },
  ...routes.flatMap((path) => [
    ...(beforeOut ? [{ path: `${path} (${before})`, url: `http://127.0.0.1:${beforePort}${path}`, bytes: routeBytes(path, beforeOut) }] : []),
    { path, url: `http://127.0.0.1:${port}${path}`, bytes: routeBytes(path), checked: true },
  ]),
];
const results = [];
try {
  for (const target of targets) await waitFor(target.url);
  for (const preset of PRESETS) {
    const runs = new Map(targets.map((target) => [target, { simulated: [], devtools: [] }]));
    for (let round = 1; round <= RUNS; round++) {
      for (const target of targets) {
        const { simulated, devtools } = runs.get(target);
        simulated.push(await audit(chrome, target.url, preset));
        devtools.push(await audit(chrome, target.url, preset, 'devtools'));
        console.log(`${preset} round ${round}/${RUNS} ${target.path}: LCP ${ms(simulated.at(-1).lcpMs)}, devtools ${ms(devtools.at(-1).lcpMs)}`);
      }
    }
    const bareLcp = medianOf(runs.get(targets[0]).simulated).lcpMs;
    for (const target of targets) {
      const { simulated, devtools } = runs.get(target);
      const row = { path: target.path, preset, ...medianOf(simulated), lcpDevtoolsMs: medianOf(devtools).lcpMs, ...target.bytes };
      row.lcpOverBareMs = row.lcpMs - bareLcp;
      row.jsRatio = target.bytes.jsGzip / baseline.jsGzip;
      // Any layout shift in any run, not the median's: one run in three that shifts is a shift.
      row.clsMax = Math.max(...simulated.map((run) => run.cls), ...devtools.map((run) => run.cls));
      row.checked = Boolean(target.checked);
      results.push(row);
    }
  }
} finally {
  await chrome.kill();
  for (const server of servers) server.kill('SIGTERM');
  rmSync(join(root, '.bench'), { recursive: true, force: true });
}

writeFileSync('bench-results.json', JSON.stringify({ date: new Date().toISOString(), runs: RUNS, baseline, results }, null, 2));
console.log(`\nBare Next.js export: ${kib(baseline.jsGzip)} of JavaScript gzipped, ${kib(baseline.jsBrotli)} with Brotli. Results in bench-results.json.`);
for (const preset of PRESETS) printTable(results.filter((row) => row.preset === preset), preset);

if (CHECK) {
  const [bare, ...rows] = results.filter((row) => row.path === targets[0].path || row.checked);
  const failures = belowFloor(bare, rows);
  const partial = [ONLY_ROUTES && 'BENCH_ROUTES', RUNS !== 3 && 'BENCH_RUNS'].filter(Boolean);
  console.log(`\nThe lab floor (mobile, median of ${RUNS}, against the bare export of this run): LCP devtools within bare + ${FLOOR.lcpDevtoolsOverBareMs / 1000} s, CLS 0 in every run, JS (gzip) at most ${FLOOR.jsRatio} × bare, HTML (Brotli) at most bare + ${kib(FLOOR.htmlOverBareBytes)}.`);
  if (partial.length > 0) console.log(`Not the full check: ${partial.join(' and ')} set.`);
  if (failures.length === 0) {
    console.log(`bench --check: ${rows.length} routes within the floor.`);
  } else {
    for (const failure of failures) console.error(`bench --check: ${failure}`);
    process.exitCode = 1;
  }
}

/**
 * Compressed size (gzip level 9 and Brotli quality 11, as the build's twins) of the scripts a page
 * loads, read from the built HTML, and of the HTML itself with Brotli. A modern browser skips the
 * noModule fallback for old browsers, so it is not counted.
 */
function routeBytes(path, dir = join(root, 'out')) {
  const file = path === '/' ? 'index.html' : `${path.slice(1)}.html`;
  const html = readFileSync(join(dir, file), 'utf8');
  const brotli = (bytes) => brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const tags = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"[^>]*>/g)].filter((match) => !/\snoModule\b/i.test(match[0]));
  const scripts = [...new Set(tags.map((match) => match[1].split('?')[0]))].map((src) => readFileSync(join(dir, src)));
  return {
    jsGzip: scripts.reduce((sum, script) => sum + gzipSync(script, { level: 9 }).length, 0),
    jsBrotli: scripts.reduce((sum, script) => sum + brotli(script), 0),
    htmlBrotli: brotli(html),
  };
}

/** Every route, as the built sitemap lists them. */
function sitemapRoutes() {
  const sitemap = readFileSync(join(root, 'out', 'sitemap.xml'), 'utf8');
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}

function ms(value) {
  return `${(value / 1000).toFixed(2)} s`;
}

function printTable(rows, preset) {
  console.log(`\n${preset} (median of ${RUNS}; LCP element from the median run; "LCP devtools" with real throttling)`);
  console.log('| Route | Perf | A11y | BP | SEO | FCP | LCP | LCP − bare | LCP element | LCP devtools | TBT | CLS | Total | JS (gzip) | JS (Brotli) | JS ÷ bare | JS downloaded | HTML (Brotli) |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const overBare = `${row.lcpOverBareMs >= 0 ? '+' : '−'}${(Math.abs(row.lcpOverBareMs) / 1000).toFixed(2)} s`;
    console.log(
      `| ${row.path} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${ms(row.fcpMs)} | ${ms(row.lcpMs)} | ${overBare} | ${row.lcpElement} | ${ms(row.lcpDevtoolsMs)} | ${Math.round(row.tbtMs)} ms | ${row.cls.toFixed(2)} | ${kib(row.totalBytes)} | ${kib(row.jsGzip)} | ${kib(row.jsBrotli)} | ${row.jsRatio.toFixed(2)} | ${kib(row.transferredJs)} | ${kib(row.htmlBrotli)} |`,
    );
  }
}
