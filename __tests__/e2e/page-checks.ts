import type { Locator, Page } from '@playwright/test';
import { illustrations } from '@/components/illustration';
import { contrastRatio } from '@/lib/contrast';
import { expect } from './fixtures';
import { content } from '@/lib/content';

// What one page has and others do not, checked in that page's every-page.spec.ts visit: in light
// at each screen (1280×800, then 375×812), and once per page after them. The checks are soft, as
// the visit's others, and each message names the page, the width and the check.

export type Box = { x: number; y: number; width: number; height: number };
export const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

export async function box(locator: Locator): Promise<Box> {
  const measured = await locator.boundingBox();
  expect(measured, 'the element is laid out').not.toBeNull();
  return measured!;
}

type Screen = { page: Page; width: number; height: number; at: (check: string) => string };

/** Every page with a share strip: it and the footer sit on the content's edges, the logo's left and the header's last control's right. */
export async function frameEdges({ page, width, at }: Screen): Promise<void> {
  const logo = await box(page.getByRole('link', { name: 'NPTS home' }));
  const last = await box(page.getByRole('banner').getByRole('button', { name: 'Menu' }).or(page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true })).last());
  const [left, right] = [logo.x, last.x + last.width];
  const copy = await box(page.getByRole('button', { name: 'Copy link' }));
  expect.soft(Math.abs(copy.x + copy.width - right), at('Copy link on the right edge')).toBeLessThanOrEqual(2);
  const bottom = await box(page.getByRole('contentinfo').locator('p', { hasText: 'All rights reserved' }).locator('..'));
  expect.soft(Math.abs(bottom.x - left), at('the footer divider on the left edge')).toBeLessThanOrEqual(2);
  expect.soft(Math.abs(bottom.x + bottom.width - right), at('the footer divider on the right edge')).toBeLessThanOrEqual(2);
  const columns = await page.getByRole('contentinfo').getByRole('heading', { level: 2 }).all();
  const tops = new Set(await Promise.all(columns.map(async (heading) => Math.round((await box(heading)).y))));
  // Four columns side by side on a laptop; two by two on a phone.
  expect.soft(tops.size, at('the footer’s columns in rows')).toBe(width < 900 ? 2 : 1);
  for (const heading of columns) {
    const edge = await box(heading);
    expect.soft(edge.x >= left - 2 && edge.x + edge.width <= right + 2, at(`the footer column “${await heading.textContent()}” within the edges`)).toBe(true);
  }
}

/** At each screen, by page. */
export const screenChecks: Record<string, (screen: Screen) => Promise<void>> = {
  '/': async ({ page, width, at }) => {
    // The h1 is the largest text of the first screen.
    const { h1, largest } = await page.evaluate(() => {
      const size = (element: Element) => parseFloat(getComputedStyle(element).fontSize);
      const texts = [...document.querySelectorAll('body *')].filter((element) => {
        const own = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim());
        const rect = element.getBoundingClientRect();
        return own && rect.width > 0 && rect.top < innerHeight && rect.bottom > 0 && getComputedStyle(element).visibility === 'visible';
      });
      const biggest = texts.reduce((a, b) => (size(b) > size(a) ? b : a));
      return { h1: size(document.querySelector('h1')!), largest: { size: size(biggest), text: biggest.textContent!.slice(0, 40) } };
    });
    expect.soft(h1, at('the h1’s size')).toBeGreaterThanOrEqual(width < 900 ? 28 : 40);
    expect.soft(largest.size, at(`the h1 the largest text of the first screen, not “${largest.text}”`)).toBeLessThanOrEqual(h1);
  },

  '/contact': async ({ page, width, height, at }) => {
    // The consent banner a first-time visitor sees covers no form control, wherever the page is scrolled.
    const banner = page.getByRole('region', { name: 'Analytics cookies' });
    const form = page.locator('form');
    const controls = [...(await form.getByRole('textbox').all()), form.getByRole('button', { name: 'Send message' })];
    for (const scroll of [0, 400, 800, 1200, 100_000]) {
      await page.evaluate((y) => window.scrollTo(0, y), scroll);
      const covered = await box(banner);
      for (const control of controls) {
        expect.soft(intersects(await box(control), covered), at(`the consent banner clear of ${await control.getAttribute('name')} at scroll ${scroll}`)).toBe(false);
      }
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    // The first field on the first screen, below the header.
    const first = await box(page.getByLabel('First name'));
    const header = await box(page.getByRole('banner'));
    expect.soft(first.y >= header.y + header.height && first.y + first.height <= height, at('the first field on the first screen')).toBe(true);

    if (width < 900) {
      // On a phone the form and “Other ways to reach us” stack, their text on one left edge.
      const field = await box(page.getByRole('textbox', { name: /name/i }).first());
      const other = await box(page.getByRole('heading', { name: 'Other ways to reach us' }));
      expect.soft(other.y, at('“Other ways to reach us” below the form')).toBeGreaterThan(field.y);
      expect.soft(Math.abs(other.x - field.x), at('“Other ways to reach us” on the form’s left edge')).toBeLessThanOrEqual(1);
    } else {
      // Beside the send button, on its row and to its right: when we reply, and a link to the privacy notice.
      const next = page.locator('form p').filter({ hasText: `We reply within ${content.company.replyTime}.` });
      await expect.soft(next.getByRole('link', { name: 'privacy notice' }), at('the link to the privacy notice beside the send button')).toHaveAttribute('href', '/privacy');
      const [button, text] = [await box(page.getByRole('button', { name: 'Send message' })), await box(next)];
      expect.soft(text.x > button.x + button.width && Math.abs(text.y + text.height / 2 - (button.y + button.height / 2)) < button.height, at('when we reply, beside the send button')).toBe(true);
    }
  },

  '/privacy': async ({ page, width, at }) => {
    if (width < 900) return;
    // Its prose at no more than 80 characters to a line, counted from the box of each character.
    const longest = await page.getByRole('main').locator('section p').evaluateAll((paragraphs) =>
      Math.max(
        ...paragraphs.flatMap((paragraph) => {
          const lines = new Map<number, number>();
          const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (let index = 0; index < node.textContent!.length; index++) {
              const range = document.createRange();
              range.setStart(node, index);
              range.setEnd(node, index + 1);
              const rect = range.getBoundingClientRect();
              if (rect.height > 0) lines.set(Math.round(rect.top), (lines.get(Math.round(rect.top)) ?? 0) + 1);
            }
          }
          return [...lines.values()];
        }),
      ),
    );
    expect.soft(longest, at('the longest line of prose, in characters')).toBeGreaterThan(40);
    expect.soft(longest, at('the longest line of prose, in characters')).toBeLessThanOrEqual(80);
  },

  '/about': async ({ page, width, at }) => {
    if (width >= 900) return;
    // On a phone every value stays, listed compactly, not as six more cards.
    const values = page.getByRole('main').getByRole('list').filter({ has: page.getByRole('heading', { name: 'Innovation' }) });
    await expect.soft(values.getByRole('heading', { level: 3 }), at('the six values')).toHaveCount(6);
    expect.soft((await box(values)).height, at('six values in less than a phone screen')).toBeLessThan(812);
    // It was 6 435 px with twelve cards. The sections of the test entries the tests' build shows
    // (clients, certificates and partners, people, results: empty on the site) are left out of the measure.
    const height = await page.evaluate(() => {
      const fixtures = [...document.querySelectorAll('main > section')].filter((section) => /certifications|who you will work with|recent results/i.test(section.querySelector('h2')?.textContent ?? ''));
      return document.documentElement.scrollHeight - fixtures.reduce((sum, section) => sum + section.getBoundingClientRect().height, 0);
    });
    expect.soft(height, at('the page’s height without the test entries')).toBeLessThan(6200);
  },
};

/** Once per page, after its screens, by page. */
export const onceChecks: Record<string, (page: Page) => Promise<void>> = {
  '/services': async (page) => {
    // Each service's illustration on its card, drawn once scrolled into view (they are lazy).
    const cards = page.getByRole('main').getByRole('article');
    await expect.soft(cards, '/services: eight cards').toHaveCount(8);
    for (const card of await cards.all()) {
      const picture = card.getByRole('img');
      await picture.scrollIntoViewIfNeeded();
      expect.soft(Object.values(illustrations), '/services: a service’s illustration on each card').toContain(await picture.getAttribute('alt'));
      await expect.soft.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), `/services: ${await picture.getAttribute('alt')} drawn`).toBe(true);
    }
  },

  '/software': async (page) => {
    // A step's drawn number is not read out a second time after the list's own: the text
    // Chromium's accessibility tree gives a screen reader.
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    await cdp.detach();
    const texts = nodes.filter((node) => !node.ignored && node.role?.value === 'StaticText').map((node) => String(node.name?.value));
    const steps = texts.indexOf('Discovery');
    expect.soft(texts.slice(steps, steps + 8), '/software: the process read out as its steps, each with its text').toEqual([
      'Discovery',
      'Workshops with future users and those who pay: the problem, the systems involved, what success means. You get a written scope and an estimate.',
      'Design',
      'The architecture, the data and clickable screens, reviewed with your users while a change still costs a sketch rather than a rewrite.',
      'Development',
      'Short iterations, each closing with a demo on a test system you can use yourself. Priorities may change between them.',
      'Delivery',
      'Tested with real data, installed where it will run, and handed over: users shown how to work with it, administrators how to run it.',
    ]);
    expect.soft(texts[steps - 1], '/software: no drawn number read before a step').not.toBe('1');
  },
};

/** In dark, on the home page: the page, alternate sections and cards are told apart, and illustration panels keep an edge. */
export async function darkSurfaces(page: Page): Promise<void> {
  const colours = await page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    return ['--color-bg', '--color-bg-alt', '--color-surface'].map((name) => style.getPropertyValue(name).trim());
  });
  for (const [a, b] of [[0, 1], [1, 2], [0, 2]]) expect.soft(contrastRatio(colours[a], colours[b]), `/ in dark: ${colours[a]} and ${colours[b]} told apart`).toBeGreaterThanOrEqual(1.12);
  const panel = page.getByRole('img', { name: illustrations.software }).locator('..');
  expect.soft(await panel.evaluate((element) => getComputedStyle(element).boxShadow), '/ in dark: the illustration panel’s edge').not.toBe('none');
}
