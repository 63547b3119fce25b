// `npm start`: builds when the export is missing or older than its sources, then serves out/ at
// http://localhost:3000 with PHP's built-in server and scripts/router.php (the .htaccess rules),
// so the contact form's mail/send.php works as on the host.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
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

// The endpoint under out/ (which every build replaces, and which never holds a config.php) uses
// the working copy's configuration and store, so `php mail/admin.php` here sees what it does:
// by default mail/storage/ (git-ignored).
const effective = spawnSync('php', ['-r', 'require "mail/lib/config.php"; $config = contact_config_read(); echo json_encode(["file" => $config["file"], ...$config["values"]]);'], { encoding: 'utf8' });
if (effective.status !== 0) {
  console.error(`The contact endpoint's configuration cannot be read: ${effective.stderr || effective.stdout}`);
  process.exit(1);
}
const mail = JSON.parse(effective.stdout);
if (mail.file) process.env.MAIL_CONFIG = mail.file;
process.env.MAIL_STORAGE_DIR = mail.MAIL_STORAGE_DIR;
process.env.MAIL_OUTBOX_DIR = mail.MAIL_OUTBOX_DIR;
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
