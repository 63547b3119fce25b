import { messages } from '@/lib/contact';
import { CONSENT_COOKIE } from '@/lib/analytics';
import { routes, serviceLinks } from '@/lib/site';
import { firefox, webkit, type Driver } from './engines/drivers';
import { delivered, expect, test, visits } from './fixtures';
import { frameProblems, inInter, inPage, loneWordHeadings, undrawnIcons } from './measure';

// What the Chromium tests prove, in the two other engines a visitor may use (every browser on an
// iPhone is WebKit), against the same Apache-served build. Each engine's tests run one after
// the other in one browser; the two engines may run side by side.
const nav = "//nav[@aria-label='Main']";
const button = (name: string, within = '') => `${within}//button[normalize-space()='${name}']`;
const field = (name: string) => `//form//*[@name='${name}']`;

for (const [engine, launch] of [['Firefox', firefox], ['WebKit', webkit]] as const) {
  test.describe(engine, () => {
    test.describe.configure({ mode: 'serial', timeout: 60_000 });
    let driver: Driver;
    let origin: string;

    /** Polls an expression in the page until it is truthy (or equals `value`), as a user waits. */
    const waitFor = async (expression: string, value: unknown = true, timeout = 5000) => {
      await expect.poll(() => driver.evaluate(expression), { timeout, message: expression }).toEqual(value);
    };
    const open = async (path: string) => {
      await driver.goto(origin + path);
      // Hydrated: the page's own controls answer from here on.
      await waitFor("Object.keys(document.querySelector('main')).some((key) => key.startsWith('__reactFiber'))");
    };

    test.beforeAll(async ({ baseURL }) => {
      origin = baseURL!;
      driver = await launch();
      await driver.setViewport(1280, 900);
    });
    test.afterAll(async () => {
      await driver?.close();
    });

    test('every route answers 200 with one h1 and no script error, an unknown one the not-found page; at 1280 and 375 px no page scrolls sideways, no heading ends with a lone word, every process step draws its number and every icon is drawn', async ({ request }) => {
      visits(routes.length + 1);
      for (const path of routes) expect((await request.get(path)).status(), path).toBe(200);
      expect((await request.get('/nope')).status()).toBe(404);
      // Each page loaded once, on the laptop, then laid out again on the phone.
      const problems: string[] = [];
      try {
        for (const path of [...routes, '/nope']) {
          await driver.setViewport(1280, 800);
          if (path === '/nope') {
            await driver.goto(origin + path);
            expect(await driver.evaluate('document.querySelector("h1").textContent')).toBe('Page not found');
          } else {
            await open(path);
            expect(await driver.evaluate('document.querySelectorAll("h1").length'), path).toBe(1);
          }
          expect(await driver.evaluate(inPage(inInter)), `${path} drawn in Inter`).toBe(true);
          // The sprite may come after the load event.
          await waitFor(inPage(undrawnIcons), []);
          for (const [width, height] of [[1280, 800], [375, 812]]) {
            if (width !== 1280) {
              await driver.setViewport(width, height);
              await waitFor(`innerWidth <= ${width}`);
            }
            for (const problem of [...(await driver.evaluate<string[]>(inPage(loneWordHeadings))), ...(await driver.evaluate<string[]>(inPage(frameProblems)))]) problems.push(`${path} at ${width} px: ${problem}`);
          }
          if (path !== '/nope') expect(await driver.errors(), path).toEqual([]);
        }
      } finally {
        await driver.setViewport(1280, 900);
      }
      expect(problems).toEqual([]);
    });

    test('the Services dropdown opens on click with its five pages; Escape closes it and gives focus back', async () => {
      await open('/');
      const services = button('Services', nav);
      await driver.click(services);
      const menu = `document.getElementById(document.evaluate(${JSON.stringify(services)}, document, null, 9, null).singleNodeValue.getAttribute('aria-controls'))`;
      await waitFor(`${menu} && getComputedStyle(${menu}).visibility !== 'hidden' && ${menu}.getBoundingClientRect().height > 0`);
      expect(await driver.evaluate(`[...${menu}.querySelectorAll('a')].map((link) => link.textContent.trim())`)).toEqual(serviceLinks.map((link) => link.label));
      await driver.pressEscape();
      await waitFor(`document.evaluate(${JSON.stringify(services)}, document, null, 9, null).singleNodeValue.getAttribute('aria-expanded')`, 'false');
      expect(await driver.evaluate("document.activeElement.textContent.trim()")).toBe('Services');
    });

    test('at 375 px the menu opens, and choosing a page goes there and closes it', async () => {
      await driver.setViewport(375, 812);
      try {
        await open('/');
        const menuButton = button('Menu', nav);
        await driver.click(menuButton);
        const expanded = `document.evaluate(${JSON.stringify(menuButton)}, document, null, 9, null).singleNodeValue.getAttribute('aria-expanded')`;
        await waitFor(expanded, 'true');
        await driver.click(`${nav}//a[normalize-space()='About']`);
        await waitFor('location.pathname', '/about');
        await waitFor(expanded, 'false');
        expect(await driver.evaluate('document.querySelector("h1").textContent.length > 0')).toBe(true);
      } finally {
        await driver.setViewport(1280, 900);
      }
    });

    test('consent: Reject closes the banner, and it stays closed after a reload; Accept runs the field measurement without a script error', async () => {
      await driver.clearCookies();
      await open('/');
      const banner = "document.querySelector('[aria-labelledby=\"consent-title\"]')";
      await waitFor(`!!${banner} && ${banner}.getBoundingClientRect().height > 0`);
      await driver.click(button('Reject', "//*[@aria-labelledby='consent-title']"));
      await waitFor(`!${banner}`);
      expect(await driver.evaluate('document.cookie')).toContain(`${CONSENT_COOKIE}=denied`);
      await open('/');
      expect(await driver.evaluate(`!${banner}`)).toBe(true);

      // Accepted from Cookie settings: this engine measures fewer metrics than Chromium (no layout
      // shifts; older versions no largest paint or interactions). What it reports is reported, with
      // every field, also when the page is hidden; nothing fails.
      await driver.click(button('Cookie settings'));
      await driver.click(button('Accept', "//*[@aria-labelledby='consent-title']"));
      const events = "(window.dataLayer || []).filter((entry) => entry.event === 'web_vitals')";
      await waitFor(`${events}.some((event) => event.metric_name === 'FCP')`);
      await driver.evaluate(
        "(Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true }), document.dispatchEvent(new Event('visibilitychange', { bubbles: true })))",
      );
      await waitFor("new Promise((idle) => setTimeout(() => requestAnimationFrame(() => idle(true)), 100))");
      expect(await driver.errors()).toEqual([]);
      const sent = await driver.evaluate<Array<Record<string, unknown>>>(events);
      for (const event of sent) {
        expect(event).toMatchObject({ page_path: '/', sent_from_path: '/', navigation_type: expect.any(String), metric_id: expect.any(String), metric_rating: expect.any(String) });
        expect(event.metric_value).toEqual(expect.any(Number));
      }
    });

    test('the carousel moves with its next arrow and its dots', async () => {
      // The consent was answered above, so the banner covers nothing.
      await open('/');
      const current = "document.querySelector('[aria-roledescription=\"slide\"]:not([aria-hidden])').getAttribute('aria-label')";
      expect(await driver.evaluate(current)).toBe('1 of 3');
      await driver.click("//button[@aria-label='Next slide']");
      await waitFor(current, '2 of 3');
      await driver.click("//button[@aria-label='Go to slide 3']");
      await waitFor(current, '3 of 3');
      await driver.click("//button[@aria-label='Go to slide 1']");
      await waitFor(current, '1 of 3');
    });

    test('contact: an empty form shows the error and focuses its first field; a valid one is sent, cleared and mailed once', async () => {
      await open('/contact');
      // The form counts a visitor's fill time from when it came to life, not from the page's
      // start: on a slow machine that is a second or more later, and a send under three seconds
      // is thanked and dropped as a bot's.
      const hydratedAt = await driver.evaluate<number>('performance.now()');
      const send = button('Send message', '//form');
      await driver.click(send);
      await waitFor("document.querySelector('main [role=alert]')?.textContent.trim()", messages.invalid);
      expect(await driver.evaluate('document.activeElement.getAttribute("name")')).toBe('firstName');

      await driver.type(field('firstName'), 'Ana');
      await driver.type(field('lastName'), 'Petrova');
      await driver.type(field('email'), 'ana@example.com');
      const marker = `e2e-${Date.now()}-${engine}`;
      await driver.type(field('message'), `Sent from ${engine}. ${marker}`);
      // A person takes a few seconds to fill in the form; faster than that counts as a bot.
      await waitFor(`performance.now() > ${hydratedAt + 3500}`, true, 10_000);
      await driver.click(send);
      await waitFor(`[...document.querySelectorAll('main [role=status]')].some((status) => status.textContent.includes(${JSON.stringify(messages.success)}))`, true, 15_000);
      expect(await driver.evaluate("['firstName', 'lastName', 'email', 'message'].map((name) => document.querySelector(`[name=${name}]`).value)")).toEqual(['', '', '', '']);
      // Sent with a proof of work this engine solved: the endpoint mails nothing without one.
      await expect.poll(() => delivered(marker).length).toBe(1);
    });

    test('Copy link shows Copied! for two seconds', async () => {
      await open('/about');
      await driver.click(button('Copy link'));
      const status = "document.evaluate(\"//button[normalize-space()='Copy link']\", document, null, 9, null).singleNodeValue.parentElement.querySelector('[role=status]').textContent";
      await waitFor(status, 'Copied!', 2000);
      const shownAt = Date.now();
      await waitFor(status, '', 5000);
      // Two seconds as the visitor sees them, with room for a busy machine.
      expect(Date.now() - shownAt).toBeGreaterThan(1500);
    });
  });
}
