// `npm run bench`: Lighthouse (mobile and desktop, median of 3 runs) on every route of the build
// served by Apache with the project's .htaccess, third-party hosts blocked; and each route's
// JavaScript (what a modern browser downloads, gzip and Brotli) against a bare Next.js static
// export built with the same versions.
// It prints numbers and writes bench-results.json; it passes or fails nothing.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { audit as lighthouseAudit, freePort, kib, launchChrome, medianOf, serve, waitFor } from './bench-kit.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// For a quick look at a few routes or one preset: BENCH_ROUTES=/,/about BENCH_PRESETS=mobile.
const ONLY_ROUTES = process.env.BENCH_ROUTES?.split(',');
const PRESETS = process.env.BENCH_PRESETS?.split(',') ?? ['mobile', 'desktop'];
const root = process.cwd();

if (!process.argv.includes('--no-build')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
const routes = sitemapRoutes().filter((path) => !ONLY_ROUTES || ONLY_ROUTES.includes(path));

const bareOut = buildBareExport();
const baseline = routeJsBytes('/', bareOut);
const port = await freePort();
const barePort = await freePort();
const apache = serve(port, join(root, 'out'));
const bareApache = serve(barePort, bareOut);
const chrome = await launchChrome();
const audit = (url, preset) => lighthouseAudit(chrome, url, preset);

const results = [];
try {
  await waitFor(`http://127.0.0.1:${port}/`);
  await waitFor(`http://127.0.0.1:${barePort}/`);
  // The same audit of the bare export, for reference: what Next.js alone scores on this machine.
  for (const preset of PRESETS) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(`http://127.0.0.1:${barePort}/`, preset));
    const row = { path: '(bare Next.js)', preset, ...medianOf(runs), ...baseline, jsRatio: 1 };
    results.push(row);
    printRow(row);
  }
  for (const path of routes) {
    const js = routeJsBytes(path);
    for (const preset of PRESETS) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(`http://127.0.0.1:${port}${path}`, preset));
      const row = { path, preset, ...medianOf(runs), ...js, jsRatio: js.jsGzip / baseline.jsGzip };
      results.push(row);
      printRow(row);
    }
  }
} finally {
  await chrome.kill();
  apache.kill('SIGTERM');
  bareApache.kill('SIGTERM');
  rmSync(join(root, '.bench'), { recursive: true, force: true });
}

writeFileSync('bench-results.json', JSON.stringify({ date: new Date().toISOString(), runs: RUNS, baseline, results }, null, 2));
console.log(`\nBare Next.js export: ${kib(baseline.jsGzip)} of JavaScript gzipped, ${kib(baseline.jsBrotli)} with Brotli. Results in bench-results.json.`);
for (const preset of PRESETS) printTable(results.filter((row) => row.preset === preset), preset);

/**
 * Compressed size (gzip level 9 and Brotli quality 11, as the build's twins) of the scripts a page
 * loads, read from the built HTML. A modern browser skips the noModule fallback for old browsers,
 * so it is not counted.
 */
function routeJsBytes(path, dir = join(root, 'out')) {
  const file = path === '/' ? 'index.html' : `${path.slice(1)}.html`;
  const html = readFileSync(join(dir, file), 'utf8');
  const tags = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"[^>]*>/g)].filter((match) => !/\snoModule\b/i.test(match[0]));
  const scripts = [...new Set(tags.map((match) => match[1].split('?')[0]))].map((src) => readFileSync(join(dir, src)));
  return {
    jsGzip: scripts.reduce((sum, script) => sum + gzipSync(script, { level: 9 }).length, 0),
    jsBrotli: scripts.reduce((sum, script) => sum + brotliCompressSync(script, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length, 0),
  };
}

/** Builds the smallest app-router page Next.js can export, with this project's packages. */
function buildBareExport() {
  // Inside the project, so it resolves this project's node_modules (Turbopack follows no link
  // out of its root).
  const dir = join(root, '.bench', 'bare');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'app'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  writeFileSync(join(dir, 'next.config.mjs'), "export default { output: 'export', images: { unoptimized: true } };\n");
  // A title, a language and a description, as every page of the site has: its accessibility and
  // SEO scores then measure the framework, not a page missing what any real page carries.
  writeFileSync(
    join(dir, 'app', 'layout.tsx'),
    `export const metadata = { title: 'Bare Next.js page', description: 'The smallest page Next.js exports, with a title, a language and a description.' };
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (<html lang="en"><body>{children}</body></html>);
}
`,
  );
  writeFileSync(join(dir, 'app', 'page.tsx'), 'export default function Page() {\n  return <h1>Hello</h1>;\n}\n');
  execFileSync(process.execPath, [resolve(root, 'node_modules/next/dist/bin/next'), 'build'], {
    cwd: dir,
    stdio: 'ignore',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  // Compressed like the site, so the comparison is about the pages, not the server.
  writeFileSync(
    join(dir, 'out', '.htaccess'),
    'AddOutputFilterByType DEFLATE text/html text/css text/plain application/javascript text/javascript\n',
  );
  return join(dir, 'out');
}

/** Every route, as the built sitemap lists them. */
function sitemapRoutes() {
  const sitemap = readFileSync(join(root, 'out', 'sitemap.xml'), 'utf8');
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}

function printRow(row) {
  console.log(`${row.preset.padEnd(7)} ${row.path.padEnd(12)} perf ${row.performance} a11y ${row.accessibility} bp ${row.bestPractices} seo ${row.seo} FCP ${Math.round(row.fcpMs)} ms LCP ${Math.round(row.lcpMs)} ms TBT ${Math.round(row.tbtMs)} ms CLS ${row.cls.toFixed(3)}`);
}

function printTable(rows, preset) {
  console.log(`\n${preset} (median of ${RUNS})`);
  console.log('| Route | Perf | A11y | BP | SEO | FCP | LCP | TBT | CLS | Total | JS (gzip) | JS (Brotli) | JS ÷ bare | JS downloaded |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.path} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${(row.fcpMs / 1000).toFixed(2)} s | ${(row.lcpMs / 1000).toFixed(2)} s | ${Math.round(row.tbtMs)} ms | ${row.cls.toFixed(2)} | ${kib(row.totalBytes)} | ${kib(row.jsGzip)} | ${kib(row.jsBrotli)} | ${row.jsRatio.toFixed(2)} | ${kib(row.transferredJs)} |`,
    );
  }
}
