// What the benchmarks share (npm run bench, bench:proof, bench:first-frame): the build served by
// Apache on a free port, a bare Next.js export and earlier commits built for comparison, Chromium
// for Lighthouse, and one Lighthouse audit with third-party hosts blocked.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

export function freePort() {
  return new Promise((resolvePort) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address();
      server.close(() => resolvePort(free));
    });
  });
}

/** Serves `docroot` with scripts/test-servers/apache.mjs; `env` adds to its environment (MAIL_… settings). */
export function serve(port, docroot, env = {}) {
  // Its own process group: Apache signals its whole group when it shuts down.
  return spawn(process.execPath, ['scripts/test-servers/apache.mjs'], {
    env: { ...process.env, ...env, PORT: String(port), DOCROOT: docroot },
    stdio: 'ignore',
    detached: true,
  });
}

/**
 * Builds the site as it was at `ref` under .bench/, inside the project so that it uses this
 * node_modules (as bench.mjs's bare export), and returns its export folder.
 */
export function buildAt(ref) {
  const root = process.cwd();
  const dir = join(root, '.bench', ref.replace(/[^\w.-]/g, '_'));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(dir)}`]);
  // Without a lock file of its own, Turbopack takes the project's root, and its node_modules.
  rmSync(join(dir, 'package-lock.json'));
  nextBuild(dir);
  // Commits from before scripts/ was sorted by purpose keep postbuild at its top.
  const postbuild = ['scripts/build/postbuild.mjs', 'scripts/postbuild.mjs'].find((path) => existsSync(join(dir, path)));
  execFileSync(process.execPath, [postbuild], { cwd: dir, stdio: 'ignore' });
  if (!existsSync(join(dir, 'out', 'index.html'))) throw new Error(`bench: the build of ${ref} has no index.html`);
  return join(dir, 'out');
}

/** Builds the smallest app-router page Next.js can export, with this project's packages. */
export function buildBareExport() {
  const root = process.cwd();
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
  nextBuild(dir);
  // Compressed like the site, so the comparison is about the pages, not the server.
  writeFileSync(
    join(dir, 'out', '.htaccess'),
    'AddOutputFilterByType DEFLATE text/html text/css text/plain application/javascript text/javascript\n',
  );
  return join(dir, 'out');
}

/** `next build` in `dir` with this project's Next.js. */
function nextBuild(dir) {
  execFileSync(process.execPath, [resolve('node_modules/next/dist/bin/next'), 'build'], { cwd: dir, stdio: 'ignore', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
}

export async function waitFor(url) {
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`bench: ${url} did not answer`);
}

export function launchChrome() {
  return chromeLauncher.launch({
    chromePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/**
 * One Lighthouse run (mobile, or the desktop preset) in the Chrome launchChrome started.
 * `throttling: 'devtools'` slows the real network and CPU instead of simulating them (Lighthouse's
 * default, `simulate`, estimates the metrics from an unthrottled load).
 */
export async function audit(chrome, url, preset = 'mobile', throttling = 'simulate') {
  const flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    throttlingMethod: throttling,
    // Nothing outside this machine: the tag manager and analytics hosts are blocked.
    blockedUrlPatterns: ['*googletagmanager.com*', '*google-analytics.com*', '*analytics.google.com*'],
  };
  const { lhr } = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  const requests = lhr.audits['network-requests'].details?.items ?? [];
  return {
    performance: lhr.categories.performance.score * 100,
    accessibility: lhr.categories.accessibility.score * 100,
    bestPractices: lhr.categories['best-practices'].score * 100,
    seo: lhr.categories.seo.score * 100,
    fcpMs: lhr.audits['first-contentful-paint'].numericValue,
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    tbtMs: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    lcpElement: lcpElement(lhr),
    totalBytes: lhr.audits['total-byte-weight'].numericValue,
    transferredJs: requests.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + item.transferSize, 0),
  };
}

/** What the page's largest paint was: `img hero-vessel.svg`, `p "A remote-first IT…"`. */
function lcpElement(lhr) {
  const node = lhr.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node');
  if (!node) return '?';
  const tag = node.snippet?.match(/^<([a-z0-9-]+)/i)?.[1] ?? '?';
  const src = node.snippet?.match(/\ssrc="([^"]+)"/)?.[1];
  // A picture inlined into the HTML is named by its type: its data would fill the column.
  if (src) return `${tag} ${src.startsWith('data:') ? `(inline ${src.slice(5).split(/[;,]/)[0]})` : src.split('/').pop()}`;
  const label = node.nodeLabel ?? '';
  return `${tag} "${label.length > 24 ? `${label.slice(0, 24)}…` : label}"`;
}

/**
 * The median of each numeric field over several runs; other fields (the LCP element) come from
 * the run whose LCP is the median.
 */
export function medianOf(runs) {
  const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
  const byLcp = runs.toSorted((a, b) => a.lcpMs - b.lcpMs)[Math.floor(runs.length / 2)];
  return Object.fromEntries(
    Object.keys(runs[0]).map((key) => [key, typeof runs[0][key] === 'number' ? median(runs.map((run) => run[key])) : byLcp[key]]),
  );
}

/**
 * The lab floor accepted in issue 42 (docs/performance.md): what the pages' delivery reached, with
 * the margin the machine's day-to-day speed needs. Checked against the bare export of the same run.
 */
export const FLOOR = { lcpDevtoolsOverBareMs: 550, jsRatio: 1.12, htmlOverBareBytes: 16 * 1024 };

/** Each bound a route's row (bench.mjs) breaks, as one line naming the route, its value and the bound. */
export function belowFloor(bare, rows) {
  const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
  return rows.flatMap((row) =>
    [
      row.lcpDevtoolsMs > bare.lcpDevtoolsMs + FLOOR.lcpDevtoolsOverBareMs &&
        `${row.path}: LCP devtools ${seconds(row.lcpDevtoolsMs)}, over the bare export's ${seconds(bare.lcpDevtoolsMs)} + ${seconds(FLOOR.lcpDevtoolsOverBareMs)}`,
      row.clsMax > 0 && `${row.path}: CLS ${row.clsMax.toFixed(5)} in a run, above 0`,
      row.jsRatio > FLOOR.jsRatio && `${row.path}: JavaScript ${row.jsRatio.toFixed(3)} × the bare export's (gzip), over ${FLOOR.jsRatio}`,
      row.htmlBrotli > bare.htmlBrotli + FLOOR.htmlOverBareBytes &&
        `${row.path}: HTML ${kib(row.htmlBrotli)} with Brotli, over the bare export's ${kib(bare.htmlBrotli)} + ${kib(FLOOR.htmlOverBareBytes)}`,
    ].filter(Boolean),
  );
}

export function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
