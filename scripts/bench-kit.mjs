// What the benchmarks share (npm run bench, npm run bench:proof): the build served by Apache on a
// free port, Chromium for Lighthouse, and one Lighthouse audit with third-party hosts blocked.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
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

/** Serves `docroot` with scripts/apache.mjs; `env` adds to its environment (MAIL_… settings). */
export function serve(port, docroot, env = {}) {
  // Its own process group: Apache signals its whole group when it shuts down.
  return spawn(process.execPath, ['scripts/apache.mjs'], {
    env: { ...process.env, ...env, PORT: String(port), DOCROOT: docroot },
    stdio: 'ignore',
    detached: true,
  });
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

/** One Lighthouse run (mobile, or the desktop preset) in the Chrome launchChrome started. */
export async function audit(chrome, url, preset = 'mobile') {
  const flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
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
    totalBytes: lhr.audits['total-byte-weight'].numericValue,
    transferredJs: requests.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + item.transferSize, 0),
  };
}

/** The median of each numeric field over several runs. */
export function medianOf(runs) {
  const keys = Object.keys(runs[0]);
  return Object.fromEntries(
    keys.map((key) => {
      const values = runs.map((run) => run[key]).sort((a, b) => a - b);
      return [key, values[Math.floor(values.length / 2)]];
    }),
  );
}

export function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
