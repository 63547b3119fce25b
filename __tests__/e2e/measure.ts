// Measurements that run inside the page, shared by the Chromium tests (`page.evaluate(fn)`) and
// the Firefox and WebKit ones (`driver.evaluate(inPage(fn))`). Each is self-contained: it runs in
// the browser, where nothing from this module exists.

/** The expression that runs one of these functions in a page through a WebDriver-style driver. */
export const inPage = (measure: () => unknown) => `(${measure.toString()})()`;

/**
 * Draws the page in Inter, as every visit whose font came in time sees it; true once the face is
 * in. With font-display: optional a load that misses the font's short window (a first visit on
 * a slow link, or a busy test machine) keeps the fallback for the page's life, so a measure of the
 * layout would depend on the moment; it is taken in the font the design was made for. The page's
 * own font file, added again as a face: the one defined last wins. How the font loads is
 * first-frame.spec.ts's to test.
 */
export async function inInter(): Promise<boolean> {
  const rule = [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules])
    .find((face): face is CSSFontFaceRule => face instanceof CSSFontFaceRule && face.style.getPropertyValue('font-family').replace(/["']/g, '') === 'inter')!;
  const url = /url\(["']?([^"')]+)/.exec(rule.style.getPropertyValue('src'))![1];
  const face = new FontFace('inter', await (await fetch(url)).arrayBuffer(), { weight: rule.style.getPropertyValue('font-weight') });
  document.fonts.add(await face.load());
  return face.status === 'loaded';
}

/** Headings whose last line holds a single word, each word's line taken from the word's own box. */
export function loneWordHeadings(): string[] {
  return [...document.querySelectorAll('h1, h2, h3')].flatMap((heading) => {
    const tops: number[] = [];
    const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.textContent!.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index!);
        range.setEnd(node, word.index! + word[0].length);
        const rect = range.getBoundingClientRect();
        if (rect.height > 0) tops.push(Math.round(rect.top));
      }
    }
    const lines = [...new Set(tops)].sort((a, b) => a - b);
    const last = tops.filter((top) => Math.abs(top - lines[lines.length - 1]) < 4).length;
    return lines.length > 1 && last === 1 ? [`${location.pathname}: "${heading.textContent}"`] : [];
  });
}

/** A page wider than the window, and process steps whose number is not drawn. */
export function frameProblems(): string[] {
  const found: string[] = [];
  const width = document.documentElement.scrollWidth;
  if (width > innerWidth) found.push(`${location.pathname} scrolls sideways (${width} px in ${innerWidth})`);
  // A process step is a numbered item with a heading of its own; a plain numbered list has neither.
  for (const step of document.querySelectorAll('main ol > li:has(> h3)')) {
    const number = getComputedStyle(step, '::before');
    if (number.content === 'none' || parseFloat(number.width) < 40) found.push(`${location.pathname}: a step without its number (${number.content})`);
  }
  return found;
}

/** Feature lists whose points leave their columns, and card grids whose last row leaves an empty slot. */
export function gridProblems(): string[] {
  const found: string[] = [];
  for (const grid of document.querySelectorAll<HTMLElement>('[data-columns]:not([data-rest])')) {
    const items = [...grid.children].map((item) => item.getBoundingClientRect());
    const columns = items.filter((item) => Math.abs(item.top - items[0].top) < 2).map((item) => item.left);
    const astray = items.filter((item) => !columns.some((left) => Math.abs(item.left - left) < 1));
    if (astray.length) found.push(`${location.pathname}: ${astray.length} of a list's ${items.length} points leave its columns`);
  }
  for (const grid of document.querySelectorAll<HTMLElement>('[data-columns][data-rest]')) {
    const gridBox = grid.getBoundingClientRect();
    const cards = [...grid.children].map((card) => card.getBoundingClientRect());
    const lastTop = Math.max(...cards.map((card) => Math.round(card.top)));
    const lastRow = cards.filter((card) => Math.abs(Math.round(card.top) - lastTop) < 2);
    const rowRight = Math.max(...lastRow.map((card) => card.right));
    if (gridBox.right - rowRight > 2) found.push(`${location.pathname}: a grid of ${cards.length} leaves ${Math.round(gridBox.right - rowRight)} px empty`);
  }
  return found;
}

/** The page's bands, opening band first, each with the labels of its links to the contact form. */
export function contactLinksByBand(): { name: string; contact: string[] }[] {
  const main = document.querySelector('main')!;
  return [...main.querySelectorAll(':scope > *, :scope > article > *')]
    .filter((band) => band.tagName !== 'ARTICLE')
    .map((band) => ({
      name: band.querySelector('h1, h2')?.textContent ?? band.tagName,
      contact: [...band.querySelectorAll('a')].filter((link) => link.pathname === '/contact').map((link) => link.textContent!.replace(/\s*→$/, '')),
    }));
}

/**
 * The site's buttons (the calls in the page, the header's Contact, the form's and the consent
 * banner's), each as its look: filled (and in what) or outlined, and its corners. Text links and
 * the carousel's and share strip's round controls are not buttons of this kind.
 */
export function buttonLooks(): { text: string; look: string; radius: string }[] {
  const candidates = document.querySelectorAll<HTMLElement>('main a, header a, main button[type="submit"], [aria-labelledby="consent-title"] button');
  return [...candidates].flatMap((element) => {
    const style = getComputedStyle(element);
    const filled = style.backgroundColor !== 'rgba(0, 0, 0, 0)';
    const outlined = parseFloat(style.borderTopWidth) > 0 && style.borderTopStyle !== 'none' && style.borderTopColor !== 'rgba(0, 0, 0, 0)';
    if (!filled && !outlined) return [];
    return [{ text: element.textContent!.trim(), look: filled ? `filled ${style.backgroundColor}` : 'outlined', radius: style.borderTopLeftRadius }];
  });
}

/**
 * Pairs of calls to the contact form in the page's content whose boxes fit in one screen of
 * `height` px, whatever their labels: two offers to write in view at once read as a page that
 * nags. The header's Contact stays in view by design; a slide the carousel hides is not in view.
 * Measured as the page is drawn (`drawn`), then again without the sections whose `h2` matches
 * `fixtureOnly` (the test build's results, service levels and people, which the normal build
 * does not show, so its calls sit closer together: `normal`); the sections are put back after.
 */
export function contactCallsInOneScreen({ height, fixtureOnly }: { height: number; fixtureOnly: string }): { drawn: string[]; normal: string[] } {
  const tooClose = () => {
    const calls = [...document.querySelectorAll<HTMLAnchorElement>('main a')]
      .filter((link) => link.pathname === '/contact' && link.checkVisibility({ visibilityProperty: true }))
      .map((link) => {
        const box = link.getBoundingClientRect();
        return { label: link.textContent!.replace(/\s*→$/, '').trim(), top: box.top + scrollY, bottom: box.bottom + scrollY };
      });
    return calls.flatMap((call, index) =>
      calls
        .slice(index + 1)
        .filter((other) => Math.max(call.bottom, other.bottom) - Math.min(call.top, other.top) <= height)
        .map((other) => `“${call.label}” at ${Math.round(call.top)} px and “${other.label}” at ${Math.round(other.top)} px`),
    );
  };
  const drawn = tooClose();
  const pattern = new RegExp(fixtureOnly);
  const taken = [...document.querySelectorAll('main section')]
    .filter((section) => pattern.test(section.querySelector('h2')?.textContent ?? ''))
    .map((section) => ({ section, parent: section.parentNode!, next: section.nextSibling }));
  for (const { section } of taken) section.remove();
  const normal = tooClose();
  for (const { section, parent, next } of taken.reverse()) parent.insertBefore(section, next);
  return { drawn, normal };
}

/**
 * The band that ends the page: how far its content stops short of the band's right edge (the
 * content box), whether the ways to act sit beside the prompt, and its links other than the call
 * to the contact form (the second way in: phone, email or booking).
 */
export function closingBand(): { rightGap: number; besidePrompt: boolean; otherWays: string[] } {
  const bands = document.querySelectorAll('main > section, main > article > section');
  const inner = bands[bands.length - 1].firstElementChild!;
  const [prompt, actions] = [...inner.children].map((child) => child.getBoundingClientRect());
  const style = getComputedStyle(inner);
  const contentRight = inner.getBoundingClientRect().right - parseFloat(style.paddingRight);
  return {
    rightGap: Math.round(contentRight - actions.right),
    besidePrompt: actions.left >= prompt.right && actions.top < prompt.bottom,
    otherWays: [...inner.querySelectorAll<HTMLAnchorElement>('a')].filter((link) => link.pathname !== '/contact').map((link) => link.protocol.replace(/:$/, '')),
  };
}

/** The page's font preloads, as their attributes, and the URL of the font its @font-face draws Inter from. */
export function fontPreloads(): { preloads: string[]; face: string } {
  const rule = [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules])
    .find((face): face is CSSFontFaceRule => face instanceof CSSFontFaceRule && face.style.getPropertyValue('font-family').replace(/["']/g, '') === 'inter')!;
  const face = new URL(/url\(["']?([^"')]+)/.exec(rule.style.getPropertyValue('src'))![1], location.href).pathname;
  const preloads = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')].map(
    (link) => `${new URL(link.href).pathname} type=${link.type} crossorigin=${link.getAttribute('crossorigin')}`,
  );
  return { preloads, face };
}

/**
 * Each process on the page drawn as a timeline: numbered steps joined by a line, across the page
 * when `across`, down its edge when not. How many steps it found, and what is wrong, by step.
 */
export function timelineProblems(across: boolean): { steps: number; problems: string[] } {
  type Edges = { x: number; y: number; right: number; bottom: number };
  const middle = (edges: Edges) => ({ x: (edges.x + edges.right) / 2, y: (edges.y + edges.bottom) / 2 });
  const problems: string[] = [];
  let count = 0;
  for (const list of document.querySelectorAll('main ol:has(> li > h3)')) {
    const steps = [...list.querySelectorAll(':scope > li')].map((step) => {
      const item = step.getBoundingClientRect();
      // The step's drawn number (::before) and the line after it (::after), in page coordinates.
      const drawn = (pseudo: '::before' | '::after'): Edges | null => {
        const style = getComputedStyle(step, pseudo);
        if (style.content === 'none') return null;
        const x = item.x + parseFloat(style.left);
        const y = item.y + parseFloat(style.top);
        return { x, y, right: x + parseFloat(style.width), bottom: y + parseFloat(style.height) };
      };
      const { x, y, right, bottom } = step.querySelector('h3')!.getBoundingClientRect();
      return { number: drawn('::before'), line: drawn('::after'), heading: { x, y, right, bottom } };
    });
    count += steps.length;
    steps.forEach(({ number, line, heading }, index) => {
      const fail = (what: string) => problems.push(`${location.pathname} step ${index + 1}: ${what}`);
      if (!number || number.right - number.x < 40) return fail('no number you can see');
      const next = steps[index + 1]?.number;
      if (!next) return line && fail('a line after the last step');
      if (!line) return fail('no line to the next step');
      const off = (a: number, b: number, most: number) => Math.abs(a - b) > most;
      const checks: [boolean, string][] = across
        ? [
            [off(next.y, number.y, 1), 'not on one row with the next'],
            [heading.y <= number.bottom, 'the heading not under its number'],
            [off(heading.x, number.x, 1), 'heading and number not aligned'],
            [off(middle(line).y, middle(number).y, 2), "the line not through the numbers' middle"],
            [off(line.x, number.right, 1), 'the line not starting at its number'],
            [off(next.x, line.right, 1), 'the line not reaching the next number'],
          ]
        : [
            [off(next.x, number.x, 1), 'the numbers not in one column'],
            [heading.x <= number.right, 'the heading not beside its number'],
            [heading.y >= middle(number).y || heading.bottom <= middle(number).y, "the heading's first line not level with its number"],
            [off(middle(line).x, middle(number).x, 2), "the line not through the numbers' middle"],
            [off(line.y, number.bottom, 1), 'the line not starting at its number'],
            [off(next.y, line.bottom, 1), 'the line not reaching the next number'],
          ];
      for (const [wrong, what] of checks) if (wrong) fail(what);
    });
  }
  return { steps: count, problems };
}

/**
 * The icons the page lays out that are not drawn: their box under 10 px, or their symbol not
 * drawn from the sprite (/icons.svg). Each as its `href` and its box's size.
 */
export function undrawnIcons(): string[] {
  const icons = [...document.querySelectorAll<SVGUseElement>('svg > use')].filter((icon) => icon.parentElement!.getClientRects().length > 0);
  return icons.flatMap((icon) => {
    const box = icon.parentElement!.getBoundingClientRect();
    const symbol = icon.getBBox().width;
    return box.width >= 10 && box.height >= 10 && symbol > 0 ? [] : [`${location.pathname}: ${icon.getAttribute('href')} in ${box.width}×${box.height} px, symbol ${symbol} wide`];
  });
}

/**
 * The points of the page's feature lists and checklists: how many, and those whose icon is read
 * out or is not before and centred on the point's first line.
 */
export function iconProblems(): { points: number; problems: string[] } {
  const items = [...document.querySelectorAll('main ul > li:has(> span > svg)')];
  const problems = items.flatMap((item) => {
    const icon = item.querySelector(':scope > span')!;
    // A feature's title, or a checklist item's own words.
    const text = item.querySelector('h3') ?? [...item.childNodes].find((node) => node.nodeType === Node.TEXT_NODE)!;
    const range = document.createRange();
    range.selectNodeContents(text);
    const firstLine = [...range.getClientRects()].find((rect) => rect.width > 0)!;
    const tile = icon.getBoundingClientRect();
    const found = {
      hidden: icon.querySelector('svg')!.getAttribute('aria-hidden') === 'true',
      before: tile.right <= firstLine.x,
      offset: Math.abs(tile.y + tile.height / 2 - (firstLine.y + firstLine.height / 2)),
    };
    return found.hidden && found.before && found.offset <= 3 ? [] : [`${location.pathname} “${text.textContent!.slice(0, 30)}”: ${JSON.stringify(found)}`];
  });
  return { points: items.length, problems };
}

/**
 * Paragraphs of `words` words or more whose lines hold fewer than `least` characters on average,
 * counted from their line boxes: each text node's rectangles (a rectangle a line), grouped by the
 * line they sit on. A wall of short lines is what a narrow column does to running text.
 */
export function narrowParagraphs({ words, least }: { words: number; least: number }): string[] {
  return [...document.querySelectorAll('main p')].flatMap((paragraph) => {
    const text = paragraph.textContent!.replace(/\s+/g, ' ').trim();
    if (text.split(' ').length < words || !paragraph.checkVisibility()) return [];
    const middles: number[] = [];
    const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) middles.push(rect.top + rect.height / 2);
    }
    const lineHeight = parseFloat(getComputedStyle(paragraph).lineHeight) || 20;
    const lines = middles.sort((a, b) => a - b).filter((middle, index, all) => index === 0 || middle - all[index - 1] > lineHeight / 2).length;
    const perLine = text.length / lines;
    return perLine >= least ? [] : [`${location.pathname} “${text.slice(0, 40)}…”: ${Math.round(perLine)} characters a line (${text.length} in ${lines} lines)`];
  });
}
