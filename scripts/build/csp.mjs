// Builds the Content-Security-Policy for the export: scripts and styles only from this site (and
// scripts from the tag manager when one is configured), and the inline scripts and styles each page
// really contains, by hash.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Module from 'node:module';

const TAG_MANAGER = 'https://www.googletagmanager.com';
// Where Google Analytics 4, loaded by the tag manager, sends hits and fetches pixels.
const ANALYTICS = ['https://*.google-analytics.com', 'https://*.analytics.google.com'];

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/g;

export function sha256(source) {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** The bodies of the inline scripts in one HTML document. */
export function inlineScripts(html) {
  return [...html.matchAll(INLINE_SCRIPT)].map((match) => match[1]).filter((body) => body.length > 0);
}

/** The bodies of the <style> elements in one HTML document (the page's critical CSS). */
export function inlineStyles(html) {
  return [...html.matchAll(INLINE_STYLE)].map((match) => match[1]);
}

/** The container id the export was built with, read from the pages themselves. */
export function tagManagerId(html) {
  return /gtmId\\?":\\?"(GTM-[A-Z0-9]+)\\?"/.exec(html)?.[1] ?? null;
}

/**
 * The inline script @next/third-parties' GoogleTagManager inserts at run time. Rendered here with
 * the package itself (its next/script stubbed to record what it is given), so the hash follows
 * the installed version instead of a copy of its template.
 */
export function tagManagerInitScript(gtmId) {
  const require = Module.createRequire(import.meta.url);
  const scriptModule = require.resolve('next/script');
  const recorded = [];
  const original = require.cache[scriptModule];
  require.cache[scriptModule] = {
    id: scriptModule,
    filename: scriptModule,
    loaded: true,
    exports: { __esModule: true, default: (props) => (recorded.push(props), null) },
  };
  try {
    const { GoogleTagManager } = require('@next/third-parties/google');
    const { createElement } = require('react');
    const { renderToStaticMarkup } = require('react-dom/server');
    renderToStaticMarkup(createElement(GoogleTagManager, { gtmId }));
  } finally {
    if (original) require.cache[scriptModule] = original;
    else delete require.cache[scriptModule];
  }
  const init = recorded.find((props) => props.dangerouslySetInnerHTML);
  if (!init) throw new Error('csp: could not find the tag manager’s inline script');
  return init.dangerouslySetInnerHTML.__html;
}

/**
 * Each page carries its own policy in a <meta http-equiv="Content-Security-Policy"> ahead of any
 * script or style: the hashes of its own inline scripts (and the tag manager's, inserted at run
 * time) and of its own inline styles, so a page and the policy it is checked against always come
 * from one build, whatever the web server has loaded. The web server sends HEADER_POLICY beside
 * it, the same for every build. A browser enforces both, so what runs is what both allow.
 */
const directives = (tagManager, scriptHashes, styleHashes) => ({
  'default-src': ["'self'"],
  'script-src': ["'self'", ...scriptHashes, ...(tagManager ? [TAG_MANAGER] : [])],
  // The page's critical CSS, by hash; the markup has no style attribute (React sets styles
  // through the CSSOM, which the policy does not govern).
  'style-src': ["'self'", ...styleHashes],
  // The contact form's proof of work is solved in a Web Worker served from the site.
  'worker-src': ["'self'"],
  'img-src': ["'self'", 'data:', ...(tagManager ? [TAG_MANAGER, ...ANALYTICS] : [])],
  'font-src': ["'self'"],
  'connect-src': ["'self'", ...(tagManager ? [TAG_MANAGER, ...ANALYTICS] : [])],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
});

const serialize = (policy) =>
  Object.entries(policy)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');

// What only each page's policy decides: the sources of scripts and styles, whose inline ones are
// allowed by hash, and default-src, which would stand in for either where the header left it out.
const PAGE_ONLY = ['default-src', 'script-src', 'style-src'];

/**
 * The header of a page (an HTML answer): what holds for any build's pages, with or without the tag
 * manager, and what a <meta> cannot carry (frame-ancestors). It names no script or style source:
 * any list of them here would either have to allow every inline one ('unsafe-inline') or refuse
 * the next build's, whose hashes differ. Each page's own policy allows exactly its own, and the
 * browser enforces both. public/.htaccess and docs/nginx.conf send it to text/html answers.
 */
export const HEADER_POLICY = serialize({
  ...Object.fromEntries(Object.entries(directives(true, [], [])).filter(([name]) => !PAGE_ONLY.includes(name))),
  'frame-ancestors': ["'none'"],
});

/**
 * The header of every answer that is not a page and not a script (SVG, text, JSON, images,
 * fonts, styles, their compressed twins), which has no <meta> of its own: it runs nothing. An SVG
 * opened by itself may still style itself (the technology logos' dark mode is a <style> in them).
 */
export const ASSET_POLICY = serialize({ 'default-src': ["'none'"], 'style-src': ["'unsafe-inline'"], 'frame-ancestors': ["'none'"] });

/**
 * The header of a script. It runs as part of a page, under the page's policies; only a Web Worker
 * takes its script's own, and the contact form's worker loads its chunks from the site
 * (importScripts), nothing else.
 */
export const SCRIPT_POLICY = serialize({ 'default-src': ["'none'"], 'script-src': ["'self'"], 'frame-ancestors': ["'none'"] });

/** The policy of each built HTML file, for its <meta>: file → policy. */
export function pagePolicies(htmlFiles) {
  const pages = htmlFiles.map((file) => [file, readFileSync(file, 'utf8')]);
  const gtmId = pages.map(([, html]) => tagManagerId(html)).find(Boolean) ?? null;
  const tagManager = gtmId ? [sha256(tagManagerInitScript(gtmId))] : [];
  const policies = new Map(
    pages.map(([file, html]) => {
      const scriptHashes = [...new Set([...inlineScripts(html).map(sha256), ...tagManager])].sort();
      const styleHashes = [...new Set(inlineStyles(html).map(sha256))].sort();
      return [file, serialize(directives(Boolean(gtmId), scriptHashes, styleHashes))];
    }),
  );
  return { gtmId, policies };
}

/**
 * Whether a policy lets an inline script or style (`directive` script-src or style-src) with this
 * source run or apply, as browsers decide it: by the directive, or default-src in its place, and a
 * policy with neither does not restrict them; then by hash, or by 'unsafe-inline' with no hash or
 * nonce beside it (which would void it).
 */
export function allows(policy, directive, source) {
  const directives = policy.split(';').map((entry) => entry.trim().split(/\s+/));
  const sources = (directives.find(([name]) => name === directive) ?? directives.find(([name]) => name === 'default-src'))?.slice(1);
  if (!sources) return true;
  if (sources.includes(sha256(source))) return true;
  return sources.includes("'unsafe-inline'") && !sources.some((entry) => /^'(sha(256|384|512)|nonce)-|^'strict-dynamic'$/.test(entry));
}

/** The <meta> that carries a page's policy. */
export function policyMeta(policy) {
  return `<meta http-equiv="Content-Security-Policy" content="${policy}"/>`;
}
