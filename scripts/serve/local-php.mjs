// What `npm start` and `npm run dev` share: the PHP the contact endpoint needs, and the working
// copy's mail configuration, so the local endpoint and `php mail/admin.php` use the same store.
import { spawnSync } from 'node:child_process';

/** Exits with a clear message unless PHP 8.1+ with pdo_sqlite is installed. */
export function requirePhp() {
  const php = spawnSync('php', ['-m'], { encoding: 'utf8' });
  if (php.status !== 0) {
    console.error('PHP 8.1+ is needed to serve the site and its contact endpoint.');
    console.error('Install it with: sudo apt-get install -y php-cli php-sqlite3   (macOS: brew install php)');
    process.exit(1);
  }
  if (!php.stdout.split('\n').includes('pdo_sqlite')) {
    console.error('The contact endpoint keeps messages in SQLite, and this PHP has no pdo_sqlite.');
    console.error('Install it with: sudo apt-get install -y php-sqlite3');
    process.exit(1);
  }
}

/**
 * The environment that gives an endpoint running from anywhere (out/mail/, or PHP's server in
 * the preview) the working copy's mail configuration and store: by default mail/storage/
 * (git-ignored, outside out/), or what mail/config.php or the environment says.
 */
export function mailEnvironment() {
  const read = spawnSync('php', ['-r', 'require "mail/lib/location.php"; require "mail/lib/config.php"; $config = contact_config_read(); echo json_encode(["file" => $config["file"], ...$config["values"]]);'], { encoding: 'utf8' });
  if (read.status !== 0) {
    console.error(`The contact endpoint's configuration cannot be read: ${read.stderr || read.stdout}`);
    process.exit(1);
  }
  const mail = JSON.parse(read.stdout);
  return { ...(mail.file ? { MAIL_CONFIG: mail.file } : {}), MAIL_STORAGE_DIR: mail.MAIL_STORAGE_DIR, MAIL_OUTBOX_DIR: mail.MAIL_OUTBOX_DIR };
}

export function describeStore(env) {
  return `Contact form messages land in ${env.MAIL_STORAGE_DIR}: php mail/admin.php list shows them (and, with nothing configured, outbox/*.eml holds each as a mail)`;
}
