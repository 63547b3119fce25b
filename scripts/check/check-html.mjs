// `npm run check:html [-- DIR]`: every page of the export (out/**/*.html, or DIR's) through the W3C Nu HTML Checker,
// the checker behind validator.w3.org/nu, from the npm package vnu-jar, run with this machine's
// Java (Debian: apt-get install default-jre-headless). Run after a build; `npm test` runs it after
// the browser tests' build. Fails on any error and any warning, with these exceptions. It lets pass
// the trailing slash React writes on void elements (<meta … />), which HTML allows and the checker
// reports as information only. It also lets pass the warnings that a resource of the site itself
// ("/_next/…") breaks the page's own Content-Security-Policy: the checker reads files, so the page
// has no origin for 'self' to match (browsers load them: routes.spec.ts sees no violation). The
// same for an image in the page itself (a data: URL, the first screen's picture), which the policy
// allows with img-src data: and the checker refuses even in a one-line page. A resource from
// elsewhere that the policy refuses still fails. And it lets pass `blocking="render"` on the
// header's <link rel="expect"> (app/layout.tsx), which HTML defines for exactly that (its own
// example) and the checker still knows only on stylesheets.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ALLOWED = /^Trailing slash on void elements has no effect|^A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”\.$|^Resource violates Content Security Policy \(meta tag\): (?:[^“]*“\/(?!\/)|image “data:image\/)/;
const out = parseArgs({ allowPositionals: true }).positionals[0] ?? 'out';
const jar = String(createRequire(import.meta.url)('vnu-jar'));

if (!existsSync(`${out}/index.html`)) {
  console.error(`check:html: ${out}/index.html is missing: run npm run build first`);
  process.exit(1);
}
// --skip-non-html: the twins (.html.br, .html.gz) and every other file are left alone.
const run = spawnSync('java', ['-jar', jar, '--format', 'json', '--skip-non-html', out], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
if (run.error) {
  console.error(`check:html: Java is needed to run the W3C checker (${run.error.message}): apt-get install default-jre-headless`);
  process.exit(1);
}
let report;
try {
  report = JSON.parse(run.stderr || run.stdout);
} catch {
  console.error(`check:html: the W3C checker did not answer with its report:\n${(run.stderr || run.stdout).trim()}`);
  process.exit(1);
}
const problems = report.messages.filter((message) => (message.type === 'error' || message.subType === 'warning' || message.type === 'non-document-error') && !ALLOWED.test(message.message));
for (const { url, lastLine, type, subType, message, extract } of problems) {
  const file = url ? relative('.', fileURLToPath(url)) : out;
  console.log(`${file}:${lastLine ?? 1}: ${subType ?? type}: ${message}${extract ? `\n    ${extract.replace(/\s+/g, ' ')}` : ''}`);
}
const pages = readdirSync(out, { recursive: true }).filter((name) => String(name).endsWith('.html')).length;
if (problems.length > 0) {
  console.log(`\ncheck:html: ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} in the HTML of ${out}/ (W3C Nu HTML Checker ${report.version}).`);
  process.exit(1);
}
console.log(`check:html: the W3C Nu HTML Checker ${report.version} finds no error and no warning in the ${pages} pages of ${out}/.`);
