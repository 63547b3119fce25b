import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// One free loopback port for the whole run. Workers load this file again and inherit the
// environment, so they reuse the port chosen here instead of picking another.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
])
  .toString()
  .trim();
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
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
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: existsSync(systemChromium) ? systemChromium : undefined,
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: 'engines.spec.ts' },
    // Debian's Firefox and WebKit, driven by puppeteer-core and selenium-webdriver (engines/drivers.ts).
    { name: 'firefox and webkit', testMatch: 'engines.spec.ts' },
  ],
  webServer: {
    command: 'node scripts/apache.mjs',
    url: `${baseURL}/`,
    // Tests send many messages from one address; the rate limit has its own endpoint tests.
    env: { PORT: process.env.E2E_PORT, MAIL_RATE_LIMIT: '0', MAIL_HEALTH_TOKEN: process.env.E2E_HEALTH_TOKEN },
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
