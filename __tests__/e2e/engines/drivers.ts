import { By, Key } from 'selenium-webdriver';
import { launchFirefox, launchWebKit } from '../../../scripts/engines.mjs';

/**
 * The same few things done in any engine: Debian's Firefox and WebKit, as scripts/engines.mjs
 * starts them. Elements are named by XPath, which both understand.
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
  const { browser, page } = await launchFirefox();
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

export async function webkit(): Promise<Driver> {
  const { driver, stop } = await launchWebKit();
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
    close: stop,
  };
}
