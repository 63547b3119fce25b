// What `npm start` and `npm run dev` share (and `npm run bench:mail`): the PHP the contact
// endpoint needs, the account it runs as, and the working copy's mail configuration, so the local
// endpoint and `php mail/admin.php` use the same store.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

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
 * The endpoint's configuration as its own code reads it, from one `php mail/admin.php config
 * --json` run as the endpoint's account (the tools refuse root): the file it read, and each
 * setting's value, source, default and placeholder addresses. Throws with PHP's own words when
 * it cannot be read (no PHP, a configuration refused, a working copy the account cannot read).
 *
 * @param {string} root the working copy (or a copy of it) whose mail/ to ask
 * @param {NodeJS.ProcessEnv} env the environment, with MAIL_CONFIG or MAIL_* settings if any
 * @returns {{ file: string | null, settings: Record<string, { value: string, source: string, default: string, placeholders: string[] }> }}
 */
export function mailSettings(root = '.', env = process.env) {
  const [command, ...args] = php([join(root, 'mail', 'admin.php'), 'config', '--json']);
  const read = spawnSync(command, args, { encoding: 'utf8', env });
  if (read.status !== 0) {
    throw new Error((read.stderr || read.stdout || read.error?.message || `exit ${read.status}`).trim());
  }
  return JSON.parse(read.stdout);
}

/**
 * The environment that gives an endpoint running from anywhere (out/mail/, or PHP's server in
 * the preview) the working copy's mail configuration and store: by default mail/storage/
 * (git-ignored, outside out/), or what mail/config.ini or the environment says. Started as root,
 * a store folder not there yet is made for the endpoint's account.
 */
export function mailEnvironment() {
  let mail;
  try {
    mail = mailSettings();
  } catch (error) {
    console.error(`The contact endpoint's configuration cannot be read: ${error.message}`);
    process.exit(1);
  }
  const { MAIL_STORAGE_DIR: storage, MAIL_OUTBOX_DIR: outbox } = mail.settings;
  if (phpUser && !existsSync(storage.value)) {
    spawnSync('install', ['-d', '-o', phpUser, '-g', phpUser, '-m', '2770', storage.value], { stdio: 'inherit' });
  }
  return { ...(mail.file ? { MAIL_CONFIG: mail.file } : {}), MAIL_STORAGE_DIR: storage.value, MAIL_OUTBOX_DIR: outbox.value };
}

export function describeStore(env) {
  const admin = `${phpUser ? `sudo -u ${phpUser} ` : ''}php mail/admin.php list`;
  return `Contact form messages land in ${env.MAIL_STORAGE_DIR}: ${admin} shows them (and, with nothing configured, outbox/*.eml holds each as a mail)`;
}
