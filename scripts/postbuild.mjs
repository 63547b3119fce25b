// Completes `out/` as the one folder to upload: the export, the mail endpoint and .htaccess.
import { cpSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const out = 'out';
// Messages and outbox files written while running locally are data, not code to deploy; a local
// mail/config.php would override the host's own configuration, so it stays behind too.
const localData = ['mail/storage', 'mail/outbox', 'mail/config.php'];

cpSync('mail', join(out, 'mail'), {
  recursive: true,
  filter: (source) => !localData.some((dir) => source === dir || source.startsWith(`${dir}/`)),
});

const problems = [];
if (!existsSync(join(out, '.htaccess'))) problems.push('out/.htaccess is missing');
if (!existsSync(join(out, '404.html'))) problems.push('out/404.html is missing');
for (const file of walk(out).filter((path) => path.endsWith('.html'))) {
  if (readFileSync(file, 'utf8').includes('/_next/image')) problems.push(`${file} links to /_next/image, which a static host cannot serve`);
}
if (problems.length > 0) {
  console.error(`postbuild: ${problems.join('\n')}`);
  process.exit(1);
}
console.log(`postbuild: ${relative('.', out)}/ is ready to upload (export, mail/, .htaccess)`);

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
