// Measurements that run inside the page, shared by the Chromium tests (`page.evaluate(fn)`) and
// the Firefox and WebKit ones (`driver.evaluate(inPage(fn))`). Each is self-contained: it runs in
// the browser, where nothing from this module exists.

/** The expression that runs one of these functions in a page through a WebDriver-style driver. */
export const inPage = (measure: () => unknown) => `(${measure.toString()})()`;

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
  for (const step of document.querySelectorAll('main ol > li')) {
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
