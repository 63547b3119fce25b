// `npm start`: builds when the export is missing or older than its sources, then serves out/ at
// http://localhost:3000 with PHP's built-in server and scripts/router.php (the .htaccess rules),
// so the contact form's mail/send.php works as on the host.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { builtWithCurrentEnv } from './build-env.mjs';

const port = Number(process.env.PORT ?? 3000);
const sources = ['app', 'components', 'lib', 'public', 'mail', 'next.config.mjs', 'package-lock.json'];

const php = spawnSync('php', ['-m'], { encoding: 'utf8' });
if (php.status !== 0) {
  console.error('PHP 8.1+ is needed to serve the site and its contact endpoint.');
  console.error('Install it with: sudo apt-get install -y php-cli php-sqlite3   (macOS: brew install php)');
  process.exit(1);
}
if (!php.stdout.split('\n').includes('pdo_sqlite')) {
  console.error("The contact endpoint keeps messages in SQLite, and this PHP has no pdo_sqlite.");
  console.error('Install it with: sudo apt-get install -y php-sqlite3');
  process.exit(1);
}

if (needsBuild()) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Messages sent locally are kept in the working copy's mail/storage/ (git-ignored), not in out/,
// which every build replaces.
process.env.MAIL_STORAGE_DIR ??= resolve('mail/storage');
console.log(`Serving out/ at http://localhost:${port}  (Ctrl+C stops)`);
console.log(`Contact form messages land in ${process.env.MAIL_STORAGE_DIR}: php mail/admin.php list shows them (and, with nothing configured, outbox/*.eml holds each as a mail)`);
const server = spawn('php', ['-S', `localhost:${port}`, '-t', 'out', 'scripts/router.php'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill('SIGTERM'));
server.on('exit', (code) => process.exit(code ?? 0));

function needsBuild() {
  const built = 'out/index.html';
  if (!existsSync(built) || !builtWithCurrentEnv()) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((source) => newestIn(source) > builtAt);
}

function newestIn(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestIn(join(path, name))));
}
