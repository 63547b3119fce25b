// What `npm start` and `npm run dev` share (and `npm run bench:mail`): the PHP the contact
// endpoint needs, the account it runs as, and the working copy's mail configuration, so the local
// endpoint and `php mail/admin.php` use the same store.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Root never runs the site's code, and mail/'s commands refuse it (docs/operating.md): started as
 * root (a container, a CI box), the local endpoint runs as www-data, the web server's user of a
 * Debian host, through setpriv; otherwise as whoever started it.
 */
export const phpUser = process.getuid?.() === 0 ? 'www-data' : null;

/** `php args` as the account the endpoint runs as: [command, ...its arguments]. */
export function php(args) {
  return phpUser ? ['setpriv', `--reuid=${phpUser}`, `--regid=${phpUser}`, '--init-groups', '--', 'php', ...args] : ['php', ...args];
}

/** Exits with a clear message unless PHP 8.1+ with pdo_sqlite is installed, and runs as its account. */
export function requirePhp() {
  const found = spawnSync('php', ['-m'], { encoding: 'utf8' });
  if (found.status !== 0) {
    console.error('PHP 8.1+ is needed to serve the site and its contact endpoint.');
    console.error('Install it with: sudo apt-get install -y php-cli php-sqlite3   (macOS: brew install php)');
    process.exit(1);
  }
  if (!found.stdout.split('\n').includes('pdo_sqlite')) {
    console.error('The contact endpoint keeps messages in SQLite, and this PHP has no pdo_sqlite.');
    console.error('Install it with: sudo apt-get install -y php-sqlite3');
    process.exit(1);
  }
  const [command, ...args] = php(['-r', 'exit(is_readable("mail/send.php") ? 0 : 1);']);
  if (phpUser && spawnSync(command, args).status !== 0) {
    console.error(`Started as root, the contact endpoint runs as ${phpUser}, which cannot read this working copy (or does not exist). Run it as your own user instead.`);
    process.exit(1);
  }
}

/**
 * The environment that gives an endpoint running from anywhere (out/mail/, or PHP's server in
 * the preview) the working copy's mail configuration and store: by default mail/storage/
 * (git-ignored, outside out/), or what mail/config.ini or the environment says. Started as root,
 * a store folder not there yet is made for the endpoint's account.
 */
export function mailEnvironment() {
  const script = 'require "mail/lib/channels.php"; $config = contact_config_read(true); echo json_encode(["file" => $config["file"], ...$config["values"]]);';
  const [command, ...args] = php(['-r', script]);
  const read = spawnSync(command, args, { encoding: 'utf8' });
  if (read.status !== 0) {
    console.error(`The contact endpoint's configuration cannot be read: ${read.stderr || read.stdout}`);
    process.exit(1);
  }
  const mail = JSON.parse(read.stdout);
  if (phpUser && !existsSync(mail.MAIL_STORAGE_DIR)) {
    spawnSync('install', ['-d', '-o', phpUser, '-g', phpUser, '-m', '2770', mail.MAIL_STORAGE_DIR], { stdio: 'inherit' });
  }
  return { ...(mail.file ? { MAIL_CONFIG: mail.file } : {}), MAIL_STORAGE_DIR: mail.MAIL_STORAGE_DIR, MAIL_OUTBOX_DIR: mail.MAIL_OUTBOX_DIR };
}

export function describeStore(env) {
  const admin = `${phpUser ? `sudo -u ${phpUser} ` : ''}php mail/admin.php list`;
  return `Contact form messages land in ${env.MAIL_STORAGE_DIR}: ${admin} shows them (and, with nothing configured, outbox/*.eml holds each as a mail)`;
}
