// Debian's Firefox and WebKit, started for automation: Playwright drives Chromium only (its
// Firefox and WebKit are its own builds, which cannot be downloaded here). Firefox runs under
// puppeteer-core over WebDriver BiDi; WebKit (MiniBrowser) under selenium-webdriver over classic
// WebDriver, in an Xvfb display of its own. Shared by the engine tests
// (__tests__/e2e/engines/drivers.ts) and `npm run bench:proof`.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { Builder } from 'selenium-webdriver';

export async function launchFirefox() {
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: true });
  return { browser, page: await browser.newPage() };
}

/** The TCP port a process listens on, read from /proc: the driver was given port 0, so no other process can hold it. */
function listeningPort(pid) {
  const sockets = new Set(
    readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        return [/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1]].filter(Boolean);
      } catch {
        return [];
      }
    }),
  );
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
    if (state === '0A' && sockets.has(inode)) return parseInt(local.split(':')[1], 16);
  }
  return null;
}

/** A WebDriver session with MiniBrowser, and `stop`, which ends it, the driver and the display. */
export async function launchWebKit() {
  // A display of its own (Xvfb names the free one it took), tall enough for long pages: WebDriver
  // screenshots and clicks stay within the window, and MiniBrowser runs full-screen in it, without
  // a toolbar that would shrink the page and refuse windows narrower than about 447 px.
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1920x7000x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'pipe', 'ignore'], detached: true });
  const display = await new Promise((done, fail) => {
    xvfb.stdout.once('data', (chunk) => done(`:${chunk.toString('utf8').trim()}`));
    xvfb.once('exit', (code) => fail(new Error(`Xvfb exited with ${code}`)));
  });
  const service = spawn('/usr/bin/WebKitWebDriver', ['--port=0', '--host=127.0.0.1'], { env: { ...process.env, DISPLAY: display }, stdio: 'ignore', detached: true });
  const stopAll = async () => {
    for (const child of [service, xvfb]) {
      const exited = child.exitCode === null && child.signalCode === null ? once(child, 'exit') : null;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      await exited;
    }
  };
  try {
    let port = null;
    for (const deadline = Date.now() + 10_000; port === null; await new Promise((wait) => setTimeout(wait, 50))) {
      if (Date.now() > deadline) throw new Error('timed out waiting for WebKitWebDriver to listen');
      port = listeningPort(service.pid);
    }
    const driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', args: ['--automation', '--full-screen'] } })
      .build();
    const stop = async () => {
      try {
        await driver.quit();
      } finally {
        await stopAll();
      }
    };
    return { driver, stop };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
