// `npm run bench:first-frame` (after `npm run build`): why a page's largest paint comes when it
// does, for the bare Next.js export (as in `npm run bench`) and some routes.
// 1. The unthrottled load that Lighthouse's simulation starts from, traced in Chromium at
//    Lighthouse's mobile viewport, median of BENCH_RUNS (5) loads: when the HTML and the
//    framework's chunks arrive, when the main thread paints, how long raster takes, when the frame
//    is presented (FCP, LCP and its element), and what the main thread did before that frame.
// 2. What Lighthouse's simulated mobile LCP is made of: the requests and tasks of its graph
//    (scripts/bench/lantern-lcp-audit.mjs) with their simulated times.
// BENCH_ROUTES=/,/contact narrows the routes (default /, /about, /coms, /contact).
// BENCH_THROTTLE=devtools traces the loads as Lighthouse's devtools throttling slows them (4× CPU,
// 562.5 ms request latency, 1.47 Mbit/s): what a visitor on a slow phone and link waits for.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import puppeteer from 'puppeteer-core';
import { buildBareExport, freePort, launchChrome, medianOf, serve, waitFor } from './bench-kit.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROUTES = process.env.BENCH_ROUTES?.split(',') ?? ['/', '/about', '/coms', '/contact'];
// Lighthouse's mobile preset: a Moto G Power's screen.
const VIEWPORT = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink', 'blink.user_timing', 'v8.execute', 'cc', 'fonts'];
const DEVTOOLS = process.env.BENCH_THROTTLE === 'devtools';
// Lighthouse's mobile throttling, as its devtools method applies it.
const SLOW_4G = throttling.mobileSlow4G;
// Main-thread work before the first frame, by trace event: what the table calls it.
const PARTS = {
  ParseHTML: 'parse',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  'InlineNode::ShapeTextIncludingFirstLine': 'of it text shaping',
  // Finding each font, size and weight the text uses (on Linux, asked of the browser process).
  'FontCache::GetFontPlatformData': 'of style and layout, fonts',
  'IsolatedSVGDocumentHost::IsolatedSVGDocumentHost': 'SVG images',
  EvaluateScript: 'scripts',
  Paint: 'paint',
};

const root = process.cwd();
const bareOut = buildBareExport();
const port = await freePort();
const barePort = await freePort();
const servers = [serve(port, join(root, 'out')), serve(barePort, bareOut)];
const targets = [
  { name: '(bare Next.js)', url: `http://127.0.0.1:${barePort}/` },
  ...ROUTES.map((path) => ({ name: path, url: `http://127.0.0.1:${port}${path}` })),
];
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const chrome = await launchChrome();
try {
  for (const target of targets) await waitFor(target.url);
  const frames = new Map(targets.map((target) => [target, []]));
  // Alternately, as npm run bench does.
  for (let run = 0; run < RUNS; run++) for (const target of targets) frames.get(target).push(await traceLoad(target.url));

  console.log(`\nThe ${DEVTOOLS ? 'devtools-throttled' : 'unthrottled'} load (median of ${RUNS}; ms from navigation; LCP element from the median run)`);
  console.log(`| Page | HTML in | first paint | raster | FCP | LCP | LCP element | framework chunks in | main thread before the frame | ${Object.values(PARTS).join(' | ')} |`);
  console.log(`|${' --- |'.repeat(9 + Object.keys(PARTS).length)}`);
  for (const target of targets) {
    const row = medianOf(frames.get(target));
    const cells = [row.htmlMs, row.paintMs, row.rasterMs, row.fcpMs, row.lcpMs].map(Math.round);
    const parts = Object.values(PARTS).map((part) => Math.round(row[part]));
    console.log(`| ${target.name} | ${cells.join(' | ')} | ${row.lcpElement} | ${Math.round(row.chunksFirstMs)}–${Math.round(row.chunksLastMs)} | ${Math.round(row.busyMs)} | ${parts.join(' | ')} |`);
  }

  // The simulation starts from an unthrottled load: with devtools throttling it has nothing to add.
  if (!DEVTOOLS) {
    console.log('\nWhat simulated mobile LCP is made of (one Lighthouse run each; simulated ms)');
    for (const target of targets) {
      const graph = await lanternGraph(target.url);
      console.log(`\n${target.name}: LCP ${Math.round(graph.details.lcpMs)} (optimistic ${Math.round(graph.details.optimisticMs)}, pessimistic ${Math.round(graph.details.pessimisticMs)})`);
      for (const node of graph.details.nodes) console.log(`  ${String(Math.round(node.startMs)).padStart(5)} → ${String(Math.round(node.endMs)).padStart(5)}  ${node.what}`);
    }
  }
} finally {
  await browser.close();
  await chrome.kill();
  for (const server of servers) server.kill('SIGTERM');
  rmSync(join(root, '.bench'), { recursive: true, force: true });
}

/** One load in a fresh browser context, traced; the first frame's timings from the trace. */
async function traceLoad(url) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(VIEWPORT);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (DEVTOOLS) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_4G.cpuSlowdownMultiplier });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_4G.requestLatencyMs,
      downloadThroughput: (SLOW_4G.downloadThroughputKbps * 1024) / 8,
      uploadThroughput: (SLOW_4G.uploadThroughputKbps * 1024) / 8,
    });
  }
  await page.tracing.start({ categories: TRACE_CATEGORIES });
  await page.goto(url, { waitUntil: 'load' });
  // The carousel's and the analytics' first work after load is traced too, not counted.
  await new Promise((done) => setTimeout(done, 1000));
  const { traceEvents: events } = JSON.parse(Buffer.from(await page.tracing.stop()).toString());
  await context.close();

  const navigation = events.find((event) => event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame && event.args.data.documentLoaderURL?.startsWith('http'));
  const after = events.filter((event) => event.ts >= navigation.ts);
  const at = (event) => (event.ts - navigation.ts) / 1000;
  const fcp = after.find((event) => event.name === 'firstContentfulPaint');
  const lcp = after.filter((event) => event.name === 'largestContentfulPaint::Candidate').at(-1);
  const paint = after.find((event) => event.name === 'Paint' && event.ph === 'X' && event.args?.data?.frame === navigation.args.frame);
  const raster = after.filter((event) => event.name === 'RasterTask' && event.ph === 'X' && event.ts > paint.ts && event.ts < fcp.ts);

  const sent = new Map(after.filter((event) => event.name === 'ResourceSendRequest').map((event) => [event.args.data.requestId, { url: event.args.data.url, ms: at(event) }]));
  const finished = after.filter((event) => event.name === 'ResourceFinish' && sent.has(event.args.data.requestId)).map((event) => ({ ...sent.get(event.args.data.requestId), doneMs: at(event) }));
  const htmlMs = finished.find((request) => request.url === url)?.doneMs ?? NaN;
  // The framework's chunks: the scripts the HTML names, asked for while it arrives.
  const chunks = finished.filter((request) => /\/_next\/static\/chunks\/.+\.js$/.test(request.url) && request.ms <= htmlMs).map((request) => request.doneMs);

  const main = events.find((event) => event.name === 'thread_name' && event.args.name === 'CrRendererMain' && event.pid === navigation.pid);
  const beforeFrame = after.filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.ts <= fcp.ts);
  const total = (name) => beforeFrame.filter((event) => event.name === name).reduce((sum, event) => sum + event.dur / 1000, 0);
  return {
    htmlMs,
    paintMs: at(paint),
    rasterMs: raster.reduce((sum, event) => sum + event.dur / 1000, 0),
    fcpMs: at(fcp),
    lcpMs: at(lcp),
    lcpElement: lcp.args.data.nodeName?.replace(/ class='[^']*'/, '') ?? '?',
    chunksFirstMs: Math.min(...chunks),
    chunksLastMs: Math.max(...chunks),
    busyMs: total('RunTask'),
    ...Object.fromEntries(Object.entries(PARTS).map(([event, part]) => [part, total(event)])),
  };
}

async function lanternGraph(url) {
  const config = {
    extends: 'lighthouse:default',
    audits: [{ path: join(root, 'scripts', 'bench', 'lantern-lcp-audit.mjs') }],
    settings: { onlyAudits: ['lantern-lcp-graph'] },
  };
  const flags = { port: chrome.port, output: 'json', logLevel: 'error', blockedUrlPatterns: ['*googletagmanager.com*', '*google-analytics.com*'] };
  const { lhr } = await lighthouse(url, flags, config);
  return lhr.audits['lantern-lcp-graph'];
}
