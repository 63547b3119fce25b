// Each page's first frame from its HTML alone: the rules its own elements use, chosen by Beasties
// from the page's stylesheets, go into a <style> in its <head>, and the stylesheets move to the end
// of its content, where they no longer hold back the first frame. They still load in full, at once
// (preloaded where they were), and are cached for the next page. No script or event handler is
// added.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import Beasties from 'beasties';

const STYLESHEET = /<link rel="stylesheet" href="([^"]+\.css)"[^>]*\/>/g;
const FONT_FACE = /@font-face\{[^}]*\}/g;
// The first script of the body that runs (JSON-LD data does not): Next's bootstrap and page data.
const FIRST_BODY_SCRIPT = /<script(?![^>]*type="application\/ld\+json")[^>]*>/;

/**
 * Rewrites every page of `files` (HTML in the export `dir`) and the stylesheets they link.
 *
 * - Beasties only chooses the rules: the page is otherwise Next's, byte for byte (its own output
 *   serialises the whole document again).
 * - The stylesheets go just before the body's first script, not after all of them (Beasties'
 *   'body'): a script waits for the stylesheets above it, so the framework starts, as before, only
 *   once the full CSS is in, and nothing it draws (the consent banner) is ever without its rules.
 *   A preload where they were asks for them with the first requests, as before.
 * - The @font-face rules live in the pages only, and leave the stylesheets: a face declared again
 *   when the stylesheet arrives is a new face, and with the font already in, the browser would
 *   swap the fallback the first frame was laid out in for Inter, and move the text.
 *
 * Returns how many bytes the pages grew by, in all.
 */
export async function inlineCriticalCss(files, dir) {
  // Beasties cannot tell whether a selector with :has() matches (css-select), and leaves it out:
  // the bands' backgrounds around a section shown only when it has entries are chosen so
  // (components/section.module.css), and would turn only once the stylesheet came. Kept always.
  const beasties = new Beasties({ path: dir, publicPath: '/', preload: false, fonts: false, reduceInlineStyles: false, logLevel: 'warn', allowRules: [/:has\(/] });
  const sheets = new Map();
  let grown = 0;
  for (const file of files) {
    const html = readFileSync(file, 'utf8');
    const links = [...html.matchAll(STYLESHEET)];
    if (links.length === 0) continue;
    for (const [, href] of links) if (!sheets.has(href)) sheets.set(href, readFileSync(join(dir, href), 'utf8'));
    const chosen = [...(await beasties.process(html)).matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]);
    // Beasties keeps a @font-face only for a family a chosen rule names, and the site names Inter
    // through a custom property (next/font's --font-inter): the faces are taken whole.
    const faces = links.flatMap(([, href]) =>
      (sheets.get(href).match(FONT_FACE) ?? []).map((face) => face.replace(/url\(([^)]+)\)/g, (_, url) => `url(${posix.join(posix.dirname(href), url)})`)),
    );
    const preloads = links.map(([, href]) => `<link rel="preload" href="${href}" as="style"/>`).join('');
    let page = `${html.slice(0, links[0].index)}<style>${faces.join('')}${chosen.join('')}</style>${preloads}${html.slice(links[0].index)}`;
    for (const [tag] of links) page = page.replace(tag, '');
    const body = page.indexOf('<body');
    const script = body < 0 ? null : FIRST_BODY_SCRIPT.exec(page.slice(body));
    if (!script) throw new Error(`critical-css: ${file} has no script in its <body> to put the stylesheets before`);
    const at = body + script.index;
    page = page.slice(0, at) + links.map(([tag]) => tag).join('') + page.slice(at);
    writeFileSync(file, page);
    grown += page.length - html.length;
  }
  for (const [href, css] of sheets) writeFileSync(join(dir, href), css.replace(FONT_FACE, ''));
  return grown;
}
