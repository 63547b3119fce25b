// Completes `out/` as the one folder to upload: the export with each page's critical CSS and
// security policy, the mail endpoint and .htaccess.
import { cpSync, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { recordBuild } from './build-record.mjs';
import { mailPlaceholders, placeholders } from '../check/release-gate.mjs';
import { inlineCriticalCss } from './critical-css.mjs';
import { pagePolicies, policyMeta } from './csp.mjs';

const out = 'out';
// Messages and outbox files written while running locally are data, not code to deploy; a local
// mail/config.ini (or an earlier version's config.php) would override the host's own
// configuration, so it stays behind too.
const localData = ['mail/storage', 'mail/outbox', 'mail/config.ini', 'mail/config.php'];

cpSync('mail', join(out, 'mail'), {
  recursive: true,
  filter: (source) => !localData.some((dir) => source === dir || source.startsWith(`${dir}/`)),
});

const problems = [];
const htmlFiles = walk(out).filter((path) => path.endsWith('.html'));
problems.push(...preloadFontEverywhere(htmlFiles));
// First, as the policies below hash the <style> it adds.
const inlined = await inlineCriticalCss(htmlFiles, out);
console.log(`postbuild: each page inlines the CSS its own elements use (${kib(inlined / htmlFiles.length)} a page, before compression); its stylesheets load after its content`);
// The header policies are the same for every build: .htaccess and docs/nginx.conf carry them.
if (!existsSync(join(out, '.htaccess'))) {
  problems.push('out/.htaccess is missing');
} else {
  // Each page's own policy goes first in its <head>, right after the charset (which must stay
  // within the first 1024 bytes), so no script comes before it.
  const { policies, gtmId } = pagePolicies(htmlFiles);
  const charset = '<meta charSet="utf-8"/>';
  let scripts = 0;
  let styles = 0;
  for (const [file, policy] of policies) {
    const html = readFileSync(file, 'utf8');
    const at = html.indexOf(charset);
    if (at < 0 || html.slice(0, at).includes('<script')) {
      problems.push(`${file} has no ${charset} ahead of its scripts, where its Content-Security-Policy goes`);
      continue;
    }
    writeFileSync(file, html.slice(0, at + charset.length) + policyMeta(policy) + html.slice(at + charset.length));
    scripts += sourcesOf(policy, 'script-src').filter((source) => source.startsWith("'sha256-")).length;
    styles += sourcesOf(policy, 'style-src').filter((source) => source.startsWith("'sha256-")).length;
  }
  console.log(`postbuild: each page's Content-Security-Policy allows its own inline scripts and styles by hash (${(scripts / policies.size).toFixed(1)} and ${(styles / policies.size).toFixed(1)} a page); tag manager ${gtmId ?? 'not configured'}`);
}
if (!existsSync(join(out, '404.html'))) problems.push('out/404.html is missing');
for (const file of htmlFiles) {
  if (readFileSync(file, 'utf8').includes('/_next/image')) problems.push(`${file} links to /_next/image, which a static host cannot serve`);
}
if (problems.length > 0) {
  console.error(`postbuild: ${problems.join('\n')}`);
  process.exit(1);
}
await precompress();
// Last: the record holds every file of the build by hash.
recordBuild(out);
if (process.env.NPTS_REFERENCES_FIXTURE) {
  console.warn('postbuild: built for the browser tests, with test entries as clients, certificates, partners, results, service levels, people and onboarding times (NPTS_REFERENCES_FIXTURE): never upload this build');
} else {
  console.log(`postbuild: ${relative('.', out)}/ is ready to upload (export, mail/, .htaccess)`);
}

// What the editor or operator still has to set: a reminder on every build, a failure for the
// release gate (npm run check -- --release).
const unset = [...placeholders('.').filter((placeholder) => !placeholder.set), ...mailPlaceholders('.')];
if (unset.length > 0) {
  console.warn(`postbuild: ${unset.length} placeholders are still to be set before release (npm run check -- --release fails until they are):`);
  for (const { file, line, message } of unset) console.warn(`  ${file}:${line}: ${message}`);
}

/**
 * Brotli (quality 11) and gzip (level 9) twins of every text file of 1 KiB or more, about.html.br
 * and about.html.gz beside about.html, which .htaccess and docs/nginx.conf serve to clients that
 * accept them: smaller than a host compresses on the fly, and no CPU spent per request. Smaller
 * files gain nothing; the server sends or compresses them as before.
 */
async function precompress() {
  const text = /\.(html|css|js|mjs|json|txt|xml|svg|webmanifest)$/;
  const files = walk(out).filter((path) => text.test(path) && !path.startsWith(join(out, 'mail/')) && statSync(path).size >= 1024);
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  let plain = 0;
  let br = 0;
  await Promise.all(
    files.map(async (file) => {
      const source = await readFile(file);
      const twins = [
        ['.br', await brotli(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } })],
        ['.gz', await gzipped(source, { level: 9 })],
      ];
      for (const [suffix, data] of twins) await writeFile(file + suffix, data);
      plain += source.length;
      br += twins[0][1].length;
    }),
  );
  console.log(`postbuild: ${files.length} text files precompressed (Brotli ${kib(plain)} → ${kib(br)}, with gzip twins)`);
}

/**
 * Next preloads a font only for the pages whose own entry uses it, and the not-found page has no
 * entry of its own, so 404.html would draw in the fallback on most first visits (the font is
 * `display: optional`). Each page without it gets the home page's preload, in the same place.
 */
function preloadFontEverywhere(files) {
  const preload = /<link rel="preload" href="[^"]+" as="font"[^>]*\/>/;
  const viewport = /<meta name="viewport"[^>]*\/>/;
  const tag = preload.exec(readFileSync(join(out, 'index.html'), 'utf8'))?.[0];
  if (!tag) return ['out/index.html preloads no font, so the other pages have none to copy'];
  for (const file of files) {
    const html = readFileSync(file, 'utf8');
    if (preload.test(html)) continue;
    if (!viewport.test(html)) return [`${file} has no viewport meta, after which the font's preload goes`];
    writeFileSync(file, html.replace(viewport, (meta) => meta + tag));
  }
  return [];
}

function sourcesOf(policy, directive) {
  return policy.split('; ').find((entry) => entry.startsWith(`${directive} `))?.split(' ').slice(1) ?? [];
}

function kib(bytes) {
  return `${Math.round(bytes / 1024)} KiB`;
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
