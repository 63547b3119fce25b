// `npm run verify -- https://www.npts.eu`: after an upload, checks that the host serves this build
// (out/) the way .htaccess and docs/nginx.conf intend. One line per check, with the likely cause
// of each failure; exit status 1 when any check fails. It only reads (GET requests).
//   --connect-to HOST:PORT:ADDRESS:PORT (as curl's; more than once for several) sends what is
//   meant for HOST:PORT to ADDRESS:PORT instead: a new server checked before the DNS names it.
//   --build BUILD compares the host with BUILD instead of out/ (what npm run deploy -- --prebuilt BUILD uploaded).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { allows, ASSET_POLICY, HEADER_POLICY, inlineScripts, inlineStyles, SCRIPT_POLICY } from '../build/csp.mjs';

const USAGE = 'Usage: npm run verify -- <base URL of the live site> [--connect-to HOST:PORT:ADDRESS:PORT] [--build BUILD], e.g. npm run verify -- https://www.npts.eu';
let options;
let positionals;
try {
  ({ values: options, positionals } = parseArgs({ allowPositionals: true, options: { 'connect-to': { type: 'string', multiple: true, default: [] }, build: { type: 'string', default: 'out' } } }));
} catch {
  usage();
}
const out = options.build;
const connectTo = new Map();
for (const rule of options['connect-to']) {
  const [host, port, address, to] = rule.split(':');
  connectTo.set(`${host}:${port}`, { address, port: to });
}
const base = positionals[0]?.replace(/\/$/, '');
if (!base || positionals.length !== 1 || !/^https?:\/\/[^/]+$/.test(base) || [...connectTo].some(([from, to]) => !/^[^:]+:\d+$/.test(from) || !to.address || !/^\d+$/.test(to.port ?? ''))) usage();
if (!existsSync(join(out, 'index.html')) || !existsSync(join(out, '.htaccess'))) {
  console.error(`verify compares the host with ${out === 'out' ? 'this build' : out}: run npm run build first (the same build you uploaded), or name it with --build.`);
  process.exit(2);
}

const build = readBuild();
/** The pages as the pages check got them, for the policy check. */
const served = new Map();
let failures = 0;
let checks = 0;

const home = await get('/').catch((error) => {
  console.log(`✗ host: ${base}/ does not answer (${error.code ?? error.message}). Likely cause: wrong address, DNS, or the server is down.`);
  process.exit(1);
});
const server = serverOf(home);
if (base.startsWith('http:') && home.status === 301 && home.headers.location?.startsWith(`https://${new URL(base).hostname}/`)) {
  console.log(`✗ host: ${base}/ redirects to ${home.headers.location}, as it should: check the HTTPS site, npm run verify -- ${new URL(home.headers.location).origin}`);
  process.exit(1);
}
// The rules of .htaccess or docs/nginx.conf are missing altogether when not even a security header
// comes back: then that, not each symptom, is the cause to name.
const rulesMissing = !home.headers['x-content-type-options'];
const rules = {
  apache: '.htaccess not applied: the web root needs AllowOverride All (and mod_rewrite, mod_headers, mod_deflate enabled)',
  nginx: 'docs/nginx.conf not in effect: include it for this site and reload nginx',
  unknown: '.htaccess not applied (Apache: AllowOverride All) or docs/nginx.conf not in effect (nginx)',
}[server];
const cause = (specific) => (rulesMissing ? rules : specific);

await check('pages', async () => {
  const wrong = [];
  for (const [path, title] of build.pages) {
    const response = await get(path);
    served.set(path, response);
    const live = titleOf(response.text());
    if (response.status !== 200) wrong.push(`${path} answered ${response.status}`);
    else if (live !== title) wrong.push(`${path} has the title "${live}", this build "${title}"`);
  }
  const rewrites = wrong.some((problem) => / answered \d+$/.test(problem));
  return {
    ok: `${build.pages.length} pages answer 200 with this build's titles`,
    problems: wrong,
    cause: rewrites
      ? cause(server === 'nginx' ? 'the location / with try_files $uri $uri.html is missing' : 'clean URLs are not rewritten: mod_rewrite is off')
      : `the host serves another build: upload ${out}/ again`,
  };
});

await check('not-found page', async () => {
  const response = await get('/nope');
  const problems = [];
  if (response.status !== 404) problems.push(`/nope answered ${response.status}, not 404`);
  if (titleOf(response.text()) !== build.notFoundTitle) problems.push(`/nope is not the site's not-found page ("${titleOf(response.text())}")`);
  return {
    ok: '/nope answers 404 with the site’s not-found page',
    problems,
    cause:
      response.status === 200
        ? 'a catch-all rule answers unknown paths with a page: remove it'
        : cause(server === 'nginx' ? 'error_page 404 /404.html is missing' : 'ErrorDocument 404 /404.html is not applied, or 404.html was not uploaded'),
  };
});

await check('redirects', async () => {
  const problems = [];
  for (const path of ['/about/', '/about.html']) {
    const response = await get(path);
    const location = response.headers.location ? new URL(response.headers.location, base).pathname : '';
    if (response.status !== 301 || location !== '/about') problems.push(`${path} answered ${response.status}${location ? ` → ${location}` : ''}, not 301 → /about`);
  }
  return { ok: '/about/ and /about.html redirect (301) to /about', problems, cause: cause('the redirect rules are missing (mod_rewrite off?)') };
});

if (base.startsWith('https:')) {
  await check('https', async () => {
    // The plain HTTP address a visitor types, with a path and a query, both to be kept.
    const plain = `http://${new URL(base).hostname}/about?from=http`;
    const expected = new URL('/about?from=http', base).href;
    const response = await get(plain).catch((error) => ({ error: error.code ?? error.message }));
    if (response.error) {
      return {
        problems: [`${plain} does not answer (${response.error})`],
        cause: 'nothing answers on port 80: open it and let it redirect to HTTPS (.htaccess does; so does docs/nginx.conf, with listen 80)',
      };
    }
    const location = response.headers.location ?? '';
    return {
      ok: `${plain} redirects (301) to ${expected}`,
      problems: response.status === 301 && location === expected ? [] : [`${plain} answered ${response.status}${location ? ` → ${location}` : ''}, not 301 → ${expected}`],
      cause: location.startsWith('https:')
        ? 'a redirect to HTTPS of the host’s own: it must be permanent (301) and keep the host, the path and the query'
        : cause(
            {
              apache: 'the site on port 80 does not apply .htaccess: give it this DocumentRoot with AllowOverride All (and mod_rewrite)',
              nginx: 'port 80 is not served by docs/nginx.conf’s server block: add listen 80 to it and reload nginx',
              unknown: 'port 80 does not redirect: apply .htaccess there (Apache) or docs/nginx.conf’s listen 80 (nginx)',
            }[serverOf(response)] + '; or a proxy in front sends X-Forwarded-Proto: https for plain HTTP',
          ),
    };
  });
}

await check('security headers', async () => {
  const problems = [];
  for (const [path, response] of [['/', home], ['/nope', await get('/nope')], ['/mail/send.php', await get('/mail/send.php')]]) {
    // The policy, which goes by type, is the next check's.
    if (response.headers['content-security-policy'] === undefined) problems.push(`${path} has no Content-Security-Policy`);
    for (const [name, value] of build.headers) {
      const live = response.headers[name.toLowerCase()];
      if (live === undefined) problems.push(`${path} has no ${name}`);
      else if (live !== value) problems.push(`${path} sends ${name}: ${live}`);
    }
  }
  return {
    ok: `${build.headers.length + 1} security headers on pages, the not-found page and the mail endpoint`,
    problems,
    cause: cause(server === 'nginx' ? 'a location with add_header of its own drops the server’s headers' : 'mod_headers is off'),
  };
});

await check('content security policy', async () => {
  const live = home.headers['content-security-policy'] ?? '';
  const expected = HEADER_POLICY;
  // What is not a page has no <meta> of its own: the header's policy must run nothing there.
  const others = [];
  for (const [path, policy] of [['/robots.txt', ASSET_POLICY], ['/logo.svg', ASSET_POLICY], [build.script, SCRIPT_POLICY]]) {
    const sent = (await get(path)).headers['content-security-policy'];
    if (sent !== policy) others.push(`${path} ${sent ? 'has another' : 'has no'} policy`);
  }
  // What a browser runs and applies: the inline scripts and styles that both the header and the
  // page's own policy allow.
  const refused = { header: [], page: [] };
  for (const [path, , policy] of build.pages) {
    const response = served.get(path);
    if (response?.status !== 200) continue;
    const html = response.text();
    const own = policyOf(html);
    const inline = [...inlineScripts(html).map((source) => ['script-src', source]), ...inlineStyles(html).map((source) => ['style-src', source])];
    if (inline.some(([directive, source]) => !allows(response.headers['content-security-policy'] ?? '', directive, source))) refused.header.push(path);
    if (own !== policy || inline.some(([directive, source]) => !allows(own ?? '', directive, source))) refused.page.push(path);
  }
  const problems = [
    ...(!live ? ['no Content-Security-Policy on /'] : live !== expected ? [hashes(live).length > 0 ? 'the header policy is an earlier version’s, with script hashes' : 'the header policy is not this version’s'] : []),
    ...others,
    ...(refused.header.length > 0 ? [`the header policy refuses inline scripts or styles of ${list(refused.header)}`] : []),
    ...(refused.page.length > 0 ? [`the policy in the page is not this build's on ${list(refused.page)}`] : []),
  ];
  return {
    ok: `the header policy is this version's, each of ${build.pages.length} pages allows exactly its own inline scripts and styles, and what is not a page runs nothing`,
    problems,
    cause: !live
      ? cause('the policy is not sent')
      : live !== expected || others.length > 0
        ? server === 'nginx'
          ? 'nginx runs an earlier version of docs/nginx.conf: put this version’s in place (with your paths), then sudo nginx -t && sudo systemctl reload nginx'
          : `the policy is another version’s: upload ${out}/.htaccess with the pages`
        : `the host serves pages of another build: upload ${out}/ again`,
  };
});

await check('caching', async () => {
  const problems = [];
  const asset = await get(build.script);
  if (!/max-age=31536000/.test(asset.headers['cache-control'] ?? '') || !/immutable/.test(asset.headers['cache-control'] ?? '')) {
    problems.push(`${build.script} has Cache-Control "${asset.headers['cache-control'] ?? ''}", not a year and immutable`);
  }
  for (const path of ['/', '/about']) {
    const response = path === '/' ? home : await get(path);
    if (!/no-cache|max-age=0|must-revalidate/.test(response.headers['cache-control'] ?? '')) problems.push(`${path} has Cache-Control "${response.headers['cache-control'] ?? ''}", not revalidated`);
  }
  return { ok: '/_next/static/ cached for a year (immutable), pages revalidated', problems, cause: cause('mod_headers is off, or another cache rule overrides') };
});

await check('compression', async () => {
  const problems = [];
  const seen = [];
  for (const [path, file] of [['/', 'index.html'], [build.script, build.script.slice(1)]]) {
    for (const [accept, allowed] of [['br, gzip', ['br', 'gzip']], ['gzip', ['gzip']]]) {
      const response = await get(path, { 'accept-encoding': accept });
      const encoding = response.headers['content-encoding'] ?? 'none';
      if (!allowed.includes(encoding)) {
        problems.push(`${path} for "${accept}" came ${encoding === 'none' ? 'uncompressed' : `as ${encoding}`}`);
        continue;
      }
      if (!/accept-encoding/i.test(response.headers.vary ?? '')) problems.push(`${path} has no Vary: Accept-Encoding`);
      const body = encoding === 'br' ? brotliDecompressSync(response.body) : gunzipSync(response.body);
      if (!body.equals(readFileSync(join(out, file)))) problems.push(`${path} (${encoding}) does not decode to this build's file`);
      const precompressed = existsSync(join(out, `${file}.${encoding === 'br' ? 'br' : 'gz'}`)) && response.body.equals(readFileSync(join(out, `${file}.${encoding === 'br' ? 'br' : 'gz'}`)));
      seen.push(`${path === '/' ? 'HTML' : 'JS'} ${encoding}${precompressed ? ' (precompressed)' : ''}`);
    }
  }
  return {
    ok: `compressed: ${[...new Set(seen)].join(', ')}`,
    problems,
    cause: cause(server === 'nginx' ? 'gzip is off' : 'mod_deflate is off (a2enmod deflate)'),
  };
});

await check('files', async () => {
  const problems = { missing: [], type: [], other: [] };
  for (const [path, type] of build.files) {
    const response = await get(path);
    const sent = response.headers['content-type'] ?? '';
    if (response.status !== 200) problems.missing.push(`${path} answered ${response.status}`);
    else if (!sent.startsWith(type)) problems.type.push(`${path} came as ${sent || 'no type'}, not ${type}`);
    else if (!response.body.equals(readFileSync(join(out, path)))) problems.other.push(`${path} is not this build's`);
  }
  const sheets = build.files.length - 1;
  return {
    ok: `/icons.svg, which draws every icon, and the ${sheets} service sheets (PDF) answer 200 as this build's files`,
    problems: [...problems.missing, ...problems.type, ...problems.other],
    cause:
      problems.missing.length > 0
        ? cause(`${out}/ was uploaded in part (without /icons.svg every icon on the site is blank): upload it again`)
        : problems.type.length > 0
          ? server === 'nginx'
            ? 'nginx does not know the type of these files: include mime.types in its http block'
            : 'the server does not know the type of these files: enable mod_mime with its mime.types'
          : `the host serves files of another build: upload ${out}/ again`,
  };
});

await check('mail endpoint', async () => {
  const response = await get('/mail/send.php');
  const text = response.text();
  let json = false;
  try {
    JSON.parse(text);
    json = /application\/json/.test(response.headers['content-type'] ?? '');
  } catch {
    // not JSON
  }
  const problems = response.status === 405 && json ? [] : [`GET /mail/send.php answered ${response.status} ${response.headers['content-type'] ?? ''}`];
  return {
    ok: 'GET /mail/send.php answers 405 with JSON (PHP runs the endpoint)',
    problems,
    cause: text.startsWith('<?php')
      ? 'PHP does not run here: the endpoint’s source code is served. Enable PHP 8.1+ for .php files'
      : response.status === 404
        ? server === 'nginx'
          ? 'the location = /mail/send.php block (PHP-FPM) is missing, or mail/ was not uploaded'
          : 'mail/ was not uploaded'
        : 'PHP fails to run the endpoint: see the host’s PHP error log',
  };
});

await check('private files', async () => {
  const paths = ['/mail/config.ini', '/mail/config.php', '/mail/config.example.ini', '/mail/admin.php', '/mail/lib/store.php', '/mail/storage/messages.sqlite', '/.htaccess'];
  const served = [];
  for (const path of paths) {
    const response = await get(path);
    if (response.status < 400) served.push(`${path} answered ${response.status}`);
  }
  return {
    ok: `the message store, mail configuration, mail/lib/ and dotfiles are not served (${paths.length} paths)`,
    problems: served,
    cause: cause(server === 'nginx' ? 'the location ^~ /mail/ or location ~ /\\. rule is missing' : 'the mail/ and dotfile rules are not applied'),
  };
});

await check('robots and sitemap', async () => {
  const problems = [];
  const robots = await get('/robots.txt');
  const sitemap = await get('/sitemap.xml');
  if (robots.status !== 200 || !robots.text().includes(`Sitemap: ${build.domain}/sitemap.xml`)) problems.push(`robots.txt (${robots.status}) does not name ${build.domain}/sitemap.xml`);
  const locations = [...sitemap.text().matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  if (sitemap.status !== 200 || locations.length === 0) problems.push(`sitemap.xml answered ${sitemap.status} with ${locations.length} pages`);
  const foreign = locations.filter((location) => !location.startsWith(`${build.domain}/`));
  if (foreign.length > 0) problems.push(`sitemap.xml names ${foreign[0]}`);
  const live = new URL(base).host;
  return {
    ok: `robots.txt and sitemap.xml name ${build.domain}${live === new URL(build.domain).host ? '' : ` (checked at ${live})`}`,
    problems,
    cause: 'the uploaded build was made for another domain: build with NEXT_PUBLIC_SITE_URL set to it and upload again',
  };
});

console.log(failures === 0 ? `\nAll checks passed: ${base} serves this build as intended.` : `\n${failures} of ${checks} checks failed.`);
process.exitCode = failures === 0 ? 0 : 1;

/** Runs one check and prints its line. */
async function check(name, run) {
  checks++;
  const { ok, problems, cause: likely } = await run();
  if (problems.length === 0) {
    console.log(`✓ ${name}: ${ok}`);
    return;
  }
  failures++;
  const shown = problems.slice(0, 3).join('; ') + (problems.length > 3 ? `; and ${problems.length - 3} more` : '');
  console.log(`✗ ${name}: ${shown}. Likely cause: ${likely}.`);
}

/** Which server answered, by its Server header. */
function serverOf(response) {
  return /nginx/i.test(response.headers.server ?? '') ? 'nginx' : /apache/i.test(response.headers.server ?? '') ? 'apache' : 'unknown';
}

/** One GET (a path of the site, or a URL), redirects not followed, the body as sent (not decoded). */
function get(path, headers = { 'accept-encoding': 'identity' }) {
  const url = new URL(path, base);
  const client = url.protocol === 'https:' ? https : http;
  const target = connectTo.get(`${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`);
  // Elsewhere by --connect-to, still with the site's own name in the Host header and the TLS handshake.
  const elsewhere = target ? { hostname: target.address, port: target.port, servername: url.hostname } : {};
  return new Promise((resolve, reject) => {
    const request = client.get(url, { ...elsewhere, headers: { host: url.host, 'user-agent': 'npts-verify', ...headers }, timeout: 15_000 }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: response.statusCode, headers: response.headers, body, text: () => body.toString('utf8') });
      });
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within 15 s for ${path}`)));
    request.on('error', reject);
  });
}

/** What the host must serve, read from this build. */
function readBuild() {
  const html = walk(out).filter((file) => file.endsWith('.html') && !/(^|\/)(404|_not-found)\.html$/.test(file));
  const pages = html
    .map((file) => {
      const path = `/${relative(out, file).replace(/\.html$/, '')}`.replace(/^\/index$/, '/');
      const page = readFileSync(file, 'utf8');
      return [path, titleOf(page), policyOf(page)];
    })
    .sort(([a], [b]) => a.localeCompare(b));
  const htaccess = readFileSync(join(out, '.htaccess'), 'utf8');
  // The headers every answer carries alike; the Content-Security-Policy goes by type (csp.mjs).
  const headers = [...htaccess.matchAll(/^\s*Header always set (\S+) "([^"]*)"$/gm)].map((match) => [match[1], match[2]]);
  const index = readFileSync(join(out, 'index.html'), 'utf8');
  // A script every modern browser loads (not the noModule fallback).
  const script = [...index.matchAll(/<script[^>]*\ssrc="(\/_next\/static\/[^"?]+\.js)"[^>]*>/g)].find((match) => !/noModule/i.test(match[0]))[1];
  const domain = readFileSync(join(out, 'robots.txt'), 'utf8').match(/^Sitemap: (https?:\/\/[^/\s]+)\//m)[1];
  // What a page needs beside itself that a partial upload can lose: the icons' sprite, and the service sheets it links.
  const sheets = existsSync(join(out, 'sheets')) ? readdirSync(join(out, 'sheets')).filter((file) => file.endsWith('.pdf')).sort() : [];
  const files = [['/icons.svg', 'image/svg+xml'], ...sheets.map((file) => [`/sheets/${file}`, 'application/pdf'])];
  return { pages, headers, script, domain, files, notFoundTitle: titleOf(readFileSync(join(out, '404.html'), 'utf8')) };
}

function titleOf(html) {
  return html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '(none)';
}

/** The policy a page carries in its <meta>, if any. */
function policyOf(html) {
  return /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? null;
}

/** Up to three paths, and how many more. */
function list(paths) {
  return paths.slice(0, 3).join(', ') + (paths.length > 3 ? ` and ${paths.length - 3} more` : '');
}

function hashes(policy) {
  return [...policy.matchAll(/'sha(256|384|512)-[^']+'/g)].map((match) => match[0]).sort();
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
}

function usage() {
  console.error(USAGE);
  process.exit(2);
}
