<?php
// Where things are, from what exists alone: the site's folder, npts-private beside it,
// mail/storage, the store's default folder, the outbox and the configuration file. It calls nothing.
declare(strict_types=1);

/** The folder beside the web root that holds the store and, optionally, the configuration file. */
const CONTACT_PRIVATE_FOLDER = 'npts-private';
/** The configuration file's name there and in mail/: data, never code. */
const CONTACT_CONFIG_FILE = 'config.ini';

/** The site's folder: the one mail/ was uploaded into (symlinks resolved, as PHP resolves __DIR__). */
function contact_web_root(): string
{
    return dirname(__DIR__, 2);
}

function contact_private_home(): string
{
    return dirname(contact_web_root()) . '/' . CONTACT_PRIVATE_FOLDER;
}

/** mail/storage: inside the web root, so the endpoint keeps a store there only behind the project's rules. */
function contact_mail_storage(): string
{
    return dirname(__DIR__) . '/storage';
}

/** Whether mail/ is in the working copy, where no server serves it: no build holds package.json. */
function contact_in_working_copy(): bool
{
    return is_file(contact_web_root() . '/package.json');
}

/** Whether $dir holds a store: its database, which the endpoint makes before any outbox file. */
function contact_store_present(string $dir): bool
{
    return is_file("$dir/messages.sqlite");
}

/**
 * The store's folder when MAIL_STORAGE_DIR is not set, from what exists alone: npts-private beside
 * the site when it exists or can be made, else mail/storage, where the command line reads a store
 * until npts-private exists; then it moves it there.
 */
function contact_default_store(): string
{
    $home = contact_private_home();
    $fallback = contact_mail_storage();
    if (contact_in_working_copy()) {
        // mail/storage is git-ignored, and npm start and npm run dev keep their messages there.
        return $fallback;
    }
    if (is_dir($home)) {
        return $home;
    }
    $creatable = is_dir(dirname($home)) && is_writable(dirname($home)) && !file_exists($home);
    if (contact_store_present($fallback) && PHP_SAPI === 'cli') {
        return $fallback;
    }
    return $creatable ? $home : $fallback;
}

/** $path with symlinks resolved as far as it exists, the rest as written. */
function contact_real_path(string $path): string
{
    $rest = '';
    while (($real = realpath($path)) === false && $path !== dirname($path)) {
        $rest = '/' . basename($path) . $rest;
        $path = dirname($path);
    }
    return rtrim($real === false ? $path : $real, '/') . $rest;
}

/**
 * The configuration file, chosen once per process so the file checked is the file read:
 * MAIL_CONFIG's, an absolute path (the web server and cron start in different folders, so a
 * relative one would name two files); else npts-private/config.ini, else mail/config.ini; null
 * when there is none.
 */
function contact_config_file(): ?string
{
    static $chosen = false;
    if ($chosen !== false) {
        return $chosen;
    }
    $named = contact_env('MAIL_CONFIG');
    if ($named !== null && !str_starts_with($named, '/')) {
        throw new RuntimeException("MAIL_CONFIG is $named: it must be an absolute path (/etc/npts/mail.ini), the same for the web server and for cron, which start in different folders");
    }
    $beside = contact_private_home() . '/' . CONTACT_CONFIG_FILE;
    $inMail = dirname(__DIR__) . '/' . CONTACT_CONFIG_FILE;
    return $chosen = $named ?? (is_file($beside) ? $beside : (is_file($inMail) ? $inMail : null));
}

/** The outbox transport's folder: MAIL_OUTBOX_DIR (relative: mail/'s), or outbox/ in the store. */
function contact_outbox_dir(array $config): string
{
    $dir = trim($config['MAIL_OUTBOX_DIR'] ?? '');
    return $dir === '' ? $config['MAIL_STORAGE_DIR'] . '/outbox' : contact_absolute_path($dir);
}

/** An environment variable, or on Apache a SetEnv value; null when unset or empty. */
function contact_env(string $name): ?string
{
    $value = getenv($name);
    if ($value === false) {
        $value = $_SERVER[$name] ?? null;
    }
    return is_string($value) && $value !== '' ? $value : null;
}

function contact_absolute_path(string $path): string
{
    $path = rtrim($path, '/');
    return str_starts_with($path, '/') ? $path : dirname(__DIR__) . '/' . $path;
}
