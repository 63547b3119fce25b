import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { ownRun } from './scripts/check/test-run.mjs';

// Run on its own (not by npm test), Playwright owns what its tests start: swept away if it is
// killed (scripts/check/test-run.mjs). Its workers load this file again and belong to its run.
ownRun();

// Free loopback ports for the whole run: Apache's and nginx's. Workers load this file again and
// inherit the environment, so they reuse the ports chosen here instead of picking others.
const freePorts = () =>
  execFileSync(process.execPath, ['-e', "const a=require('net').createServer().listen(0,'127.0.0.1',()=>{const b=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(a.address().port,b.address().port);a.close();b.close()})})"])
    .toString()
    .trim()
    .split(' ');
if (!process.env.E2E_PORT || !process.env.E2E_NGINX_PORT) [process.env.E2E_PORT, process.env.E2E_NGINX_PORT] = freePorts();
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const nginxURL = `http://127.0.0.1:${process.env.E2E_NGINX_PORT}`;
// The contact store's health check answers only with its token; the tests know this one.
process.env.E2E_HEALTH_TOKEN ??= randomBytes(16).toString('hex');

// Debian's Chromium when installed (CI installs it); Playwright's own browser otherwise.
const systemChromium = '/usr/bin/chromium';

export default defineConfig({
  testDir: '__tests__/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  // The JSON report gives docs/testing.md its table of times (node scripts/check/test-timings.mjs).
  reporter: [['list'], ['json', { outputFile: '.e2e/report.json' }], ...(process.env.CI ? [] : [['html', { open: 'never' }] as const])],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: existsSync(systemChromium) ? systemChromium : undefined,
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    // First: the slowest tests, one engine each and one after the other within it, start at once.
    { name: 'firefox and webkit', testMatch: 'engines.spec.ts' },
    // But what a page's visit in every-page.spec.ts checks there already (@nginx-only).
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: 'engines.spec.ts', grepInvert: /@nginx-only/, metadata: { server: 'apache' } },
    // The server-facing tests again, against nginx with docs/nginx.conf (scripts/test-servers/nginx.mjs),
    // but those tagged @any-server: what they check holds whatever serves the build.
    {
      name: 'nginx',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: nginxURL },
      testMatch: ['routes.spec.ts', 'security.spec.ts', 'contact.spec.ts', 'compression.spec.ts', 'verify.spec.ts'],
      grepInvert: /@any-server/,
      metadata: { server: 'nginx' },
    },
  ],
  // Tests send many messages from one address; the rate limit has its own endpoint tests, and the
  // proof of work's difficulty its benchmark (npm run bench:proof), so both are set low. Each
  // server is ready when its contact store's health check answers (PHP runs).
  webServer: [
    { command: 'node scripts/test-servers/apache.mjs', port: process.env.E2E_PORT, name: 'apache' },
    { command: 'node scripts/test-servers/nginx.mjs', port: process.env.E2E_NGINX_PORT, name: 'nginx' },
  ].map(({ command, port, name }) => ({
    command,
    name,
    url: `http://127.0.0.1:${port}/mail/health.php?token=${process.env.E2E_HEALTH_TOKEN}`,
    env: { PORT: port!, MAIL_RATE_LIMIT: '0', MAIL_PROOF_MAXNUMBER: '1000', MAIL_HEALTH_TOKEN: process.env.E2E_HEALTH_TOKEN! },
    reuseExistingServer: false,
    timeout: 30_000,
    // SIGTERM, so each script stops what it started (PHP-FPM runs in a session of its own).
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
