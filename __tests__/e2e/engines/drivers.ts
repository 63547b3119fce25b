import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { Builder, By, Key, type WebDriver } from 'selenium-webdriver';

/**
 * The same few things done in any engine. Playwright drives Chromium only (its Firefox and WebKit
 * are its own builds, which cannot be downloaded here), so Debian's Firefox is driven by
 * puppeteer-core over WebDriver BiDi, and Debian's WebKit (MiniBrowser) by selenium-webdriver
 * over classic WebDriver. Elements are named by XPath, which both understand.
 */
export type Driver = {
  name: string;
  goto: (url: string) => Promise<void>;
  setViewport: (width: number, height: number) => Promise<void>;
  /** A real click (a user gesture), once the element is laid out and hydrated. */
  click: (xpath: string) => Promise<void>;
  type: (xpath: string, text: string) => Promise<void>;
  pressEscape: () => Promise<void>;
  /** Runs an expression in the page and returns its (JSON-able) value. */
  evaluate: <T>(expression: string) => Promise<T>;
  /** Script errors since the last goto. */
  errors: () => Promise<string[]>;
  clearCookies: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Where the element is, if a user could click it now: laid out (right after load a control may
 * briefly have no size), inside the window, on top at its centre (not covered), and hydrated by
 * React (its handlers are there); false otherwise. It must also have stopped moving (a menu
 * sliding in): see `settled`.
 */
const readyScript = (xpath: string) =>
  `(() => { const element = document.evaluate(${JSON.stringify(xpath)}, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue;
    if (!element) return false;
    element.scrollIntoView({ block: 'center', inline: 'nearest' });
    const box = element.getBoundingClientRect();
    const onTop = element.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
    const ready = box.width > 0 && box.height > 0 && box.left >= 0 && box.right <= innerWidth && onTop && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
    return ready && [box.left, box.top, box.width, box.height].join(); })()`;

/** Waits until the element is ready and at the same place twice in a row. */
async function settled(where: () => Promise<string | false>, what: string): Promise<void> {
  let last: string | false = false;
  await until(async () => {
    const now = await where();
    const still = now !== false && now === last;
    last = now;
    return still;
  }, what);
}

async function until<T>(check: () => Promise<T>, what: string, timeout = 10_000): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

export async function firefox(): Promise<Driver> {
  const browser: Browser = await puppeteer.launch({ browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: true });
  const page: Page = await browser.newPage();
  let errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // Everything but this machine is out of reach; asking would only slow the page down.
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    const url = new URL(request.url());
    return url.protocol === 'data:' || ['127.0.0.1', 'localhost'].includes(url.hostname) ? request.continue() : request.abort('blockedbyclient');
  });
  const element = async (xpath: string) => {
    await settled(() => page.evaluate(readyScript(xpath)) as Promise<string | false>, `${xpath} to be ready`);
    return (await page.$(`::-p-xpath(${xpath})`))!;
  };
  return {
    name: 'Firefox',
    goto: async (url) => {
      errors = [];
      await page.goto(url, { waitUntil: 'load' });
    },
    setViewport: (width, height) => page.setViewport({ width, height }),
    click: async (xpath) => (await element(xpath)).click(),
    type: async (xpath, text) => (await element(xpath)).type(text),
    pressEscape: () => page.keyboard.press('Escape'),
    evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
    errors: async () => errors,
    clearCookies: async () => page.deleteCookie(...(await page.cookies())),
    close: () => browser.close(),
  };
}

/** The TCP port a process listens on, read from /proc: the driver was given port 0, so no other process can hold it. */
function listeningPort(pid: number): number | null {
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

export async function webkit(): Promise<Driver> {
  // A display of its own (Xvfb names the free one it took), tall enough for long pages: WebDriver
  // screenshots and clicks stay within the window, and MiniBrowser runs full-screen in it, without
  // a toolbar that would shrink the page and refuse windows narrower than about 447 px.
  const xvfb: ChildProcess = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1920x7000x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'pipe', 'ignore'], detached: true });
  const display = await new Promise<string>((done, fail) => {
    xvfb.stdout!.once('data', (chunk: Buffer) => done(`:${chunk.toString().trim()}`));
    xvfb.once('exit', (code) => fail(new Error(`Xvfb exited with ${code}`)));
  });
  const service: ChildProcess = spawn('/usr/bin/WebKitWebDriver', ['--port=0', '--host=127.0.0.1'], { env: { ...process.env, DISPLAY: display }, stdio: 'ignore', detached: true });
  const stopAll = async () => {
    for (const child of [service, xvfb]) {
      const exited = child.exitCode === null && child.signalCode === null ? once(child, 'exit') : null;
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // Already gone.
      }
      await exited;
    }
  };
  let driver: WebDriver;
  try {
    const port = await until(async () => listeningPort(service.pid!), 'WebKitWebDriver to listen');
    driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', args: ['--automation', '--full-screen'] } })
      .build();
  } catch (error) {
    await stopAll();
    throw error;
  }
  const element = async (xpath: string) => {
    await settled(() => driver.executeScript(`return ${readyScript(xpath)}`) as Promise<string | false>, `${xpath} to be ready`);
    return driver.findElement(By.xpath(xpath));
  };
  return {
    name: 'WebKit',
    goto: async (url) => {
      await driver.get(url);
      // Classic WebDriver reports no console or errors: the page keeps them from load on.
      await driver.executeScript(`window.__errors = [];
        addEventListener('error', (event) => __errors.push(String(event.message)));
        addEventListener('unhandledrejection', (event) => __errors.push(String(event.reason)));
        const consoleError = console.error; console.error = (...args) => { __errors.push(args.join(' ')); consoleError(...args); };`);
    },
    setViewport: async (width, height) => {
      await driver.manage().window().setRect({ width, height });
    },
    click: async (xpath) => (await element(xpath)).click(),
    type: async (xpath, text) => (await element(xpath)).sendKeys(text),
    pressEscape: () => driver.actions().sendKeys(Key.ESCAPE).perform(),
    evaluate: <T>(expression: string) => driver.executeScript(`return ${expression}`) as Promise<T>,
    errors: () => driver.executeScript('return window.__errors || []'),
    clearCookies: () => driver.manage().deleteAllCookies(),
    close: async () => {
      try {
        await driver.quit();
      } finally {
        await stopAll();
      }
    },
  };
}
