<?php
// Where the endpoint keeps what holds a visitor's data (the store, the outbox), and whether it may.
// Never where a web server could serve it: a host that ignores .htaccess (Debian's Apache default)
// or serves every file (php -S, a generic nginx site) would hand the database to anyone. So by
// default it lives in npts-private/, a folder beside the web root, which the web server's own
// user creates when it can. A deployed release (DIR/releases/<time>/) finds DIR/shared/ there,
// through the symlink DIR/releases/npts-private that `npm run deploy` makes.
declare(strict_types=1);

/** The folder beside the web root that holds the store and, optionally, config.php. */
const CONTACT_PRIVATE_FOLDER = 'npts-private';
/**
 * Set by the project's rules for the requests they let through to PHP (mod_rewrite in .htaccess,
 * fastcgi_param in docs/nginx.conf): with it, and only then, the rest of mail/ is never served.
 */
const CONTACT_RULES_VARIABLE = 'NPTS_PRIVATE_RULES';

/** The web root: the folder mail/ was uploaded into (symlinks resolved, as PHP resolves __DIR__). */
function contact_web_root(): string
{
    return dirname(__DIR__, 2);
}

function contact_private_home(): string
{
    return dirname(contact_web_root()) . '/' . CONTACT_PRIVATE_FOLDER;
}

/** mail/storage, where earlier versions kept the store: inside the web root. */
function contact_legacy_store(): string
{
    return dirname(__DIR__) . '/storage';
}

/** Whether $dir holds messages: a database, a JSON lines store of an older version, outbox files. */
function contact_store_present(string $dir): bool
{
    return is_file("$dir/messages.sqlite") || is_file("$dir/messages.jsonl") || (glob("$dir/outbox/*.eml") ?: []) !== [];
}

/**
 * The store's folder when MAIL_STORAGE_DIR is not set: npts-private beside the web root when it
 * exists or can be made, else mail/storage, which the endpoint uses only behind the project's
 * rules. A store in mail/storage stays where the command line reads it until the endpoint, which
 * runs as the web server's user and so knows whether it can make npts-private, moves it there.
 */
function contact_default_store(): string
{
    $home = contact_private_home();
    $legacy = contact_legacy_store();
    if (!is_file(contact_web_root() . '/index.html')) {
        // The working copy: mail/storage is git-ignored, and nothing serves it.
        return $legacy;
    }
    if (is_dir($home)) {
        return $home;
    }
    $creatable = is_dir(dirname($home)) && is_writable(dirname($home)) && !file_exists($home);
    if (contact_store_present($legacy) && PHP_SAPI === 'cli') {
        return $legacy;
    }
    return $creatable ? $home : $legacy;
}

/**
 * Whether $path is the web root or inside it (it need not exist yet). A folder without the
 * site's index.html is no web root: in the working copy, mail/ sits among the sources, which no
 * server serves (npm start serves out/, where the copy of mail/ is).
 */
function contact_inside_web_root(string $path): bool
{
    $real = contact_real_path($path);
    $root = contact_web_root();
    return is_file("$root/index.html") && ($real === $root || str_starts_with($real, "$root/"));
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
 * What stops the store's and the outbox's folders from being used safely, as one sentence with
 * the fix; null when nothing does. $web: asked by the endpoint, which sees whether the project's
 * rules were applied to this request; the command line judges by the rules files present.
 */
function contact_location_problem(array $config, bool $web): ?string
{
    $user = contact_server_user($web);
    $dirs = [$config['MAIL_STORAGE_DIR'], ...($config['MAIL_TRANSPORT'] === 'outbox' ? [$config['MAIL_OUTBOX_DIR']] : [])];
    foreach (array_unique($dirs) as $dir) {
        if (contact_inside_web_root($dir)) {
            $problem = contact_web_root_problem($dir, $web);
            if ($problem !== null) {
                return $problem;
            }
        }
        $existing = $dir;
        while (!file_exists($existing) && $existing !== dirname($existing)) {
            $existing = dirname($existing);
        }
        $fix = "create it for the web server's user, e.g. install -d -o $user -m 770 $dir, or set MAIL_STORAGE_DIR to a folder that user can write";
        if (!is_dir($existing)) {
            return "$dir cannot be created: $existing is not a folder. Fix: set MAIL_STORAGE_DIR to a folder outside the web root that $user can write.";
        }
        if (!is_writable($existing) || ($existing === $dir && !is_executable($dir))) {
            $whom = $web ? $user : 'the user running this command';
            return $existing === $dir
                ? "$dir is not writable by $whom. Fix: chown $user $dir (or chmod g+w with $user in its group)."
                : "$dir cannot be created: $whom cannot write to $existing. Fix: $fix.";
        }
    }
    return null;
}

/** Why a folder inside the web root may not hold messages here, or null when it may. */
function contact_web_root_problem(string $dir, bool $web): ?string
{
    $home = contact_private_home();
    $user = contact_server_user($web);
    $fix = "Fix: install -d -o $user -m 770 $home (the endpoint moves the store there), or set MAIL_STORAGE_DIR to a folder outside the web root that $user can write.";
    // The rules keep all of mail/ but send.php and health.php private; nothing else in the web root.
    if (!str_starts_with(contact_real_path($dir) . '/', dirname(__DIR__) . '/')) {
        return "$dir is inside the web root " . contact_web_root() . " and outside mail/, so any web server serves it. $fix";
    }
    $applied = $web
        ? contact_env(CONTACT_RULES_VARIABLE) === '1'
        : is_file(contact_web_root() . '/.htaccess') && str_contains((string) file_get_contents(contact_web_root() . '/.htaccess'), CONTACT_RULES_VARIABLE);
    if ($applied) {
        return null;
    }
    return $web
        ? "$dir is inside the web root, and this web server does not apply the project's rules (Apache: AllowOverride All for .htaccess; nginx: docs/nginx.conf), so it could serve the messages. $fix"
        : "$dir is inside the web root " . contact_web_root() . " and the project's .htaccess is not there, so a web server could serve the messages. $fix";
}

/**
 * The web server's user, for the fixes: the endpoint runs as it; the command line (perhaps root)
 * can only name Debian's.
 */
function contact_server_user(bool $web): string
{
    if ($web && function_exists('posix_geteuid') && function_exists('posix_getpwuid')) {
        return (string) (posix_getpwuid(posix_geteuid())['name'] ?? posix_geteuid());
    }
    return $web ? get_current_user() : 'www-data';
}

/** The store's location may not be used (the message says why and how to fix it). */
final class ContactLocationError extends RuntimeException
{
}

/**
 * Moves the store an earlier version kept in mail/storage (database, JSON lines, outbox files)
 * into this one, once: copied first, deleted only once all of it is here, under a lock, so a
 * crash or a second process at any point loses nothing and copies nothing twice.
 */
function contact_store_move_legacy(array $config, PDO $pdo): void
{
    $legacy = contact_legacy_store();
    $dir = $config['MAIL_STORAGE_DIR'];
    if (contact_real_path($dir) === contact_real_path($legacy) || !contact_store_present($legacy)) {
        return;
    }
    // The lock file stays: removing it would let two processes lock two different files.
    $lock = fopen("$dir/move.lock", 'c');
    flock($lock, LOCK_EX);
    try {
        // Another process may have moved it while this one waited: look again, not in PHP's cache.
        clearstatcache();
        if (!contact_store_present($legacy)) {
            return;
        }
        $copied = is_file("$legacy/messages.sqlite") ? contact_store_copy_from($pdo, "$legacy/messages.sqlite") : 0;
        $moved = [];
        // JSON lines of an even older version go along as they are: the upgrade imports them here.
        foreach (['messages.jsonl', 'status.jsonl', 'messages-damaged.jsonl'] as $name) {
            if (is_file("$legacy/$name")) {
                contact_copy_once("$legacy/$name", "$dir/$name");
                $moved[] = "$legacy/$name";
            }
        }
        foreach (glob("$legacy/outbox/*.eml") ?: [] as $eml) {
            contact_private_dir($config['MAIL_OUTBOX_DIR']);
            contact_copy_once($eml, $config['MAIL_OUTBOX_DIR'] . '/' . basename($eml));
            $moved[] = $eml;
        }
        foreach ([...$moved, "$legacy/messages.sqlite", "$legacy/messages.sqlite-wal", "$legacy/messages.sqlite-shm"] as $file) {
            if (is_file($file)) {
                unlink($file);
            }
        }
        contact_log("contact store: moved $legacy (inside the web root) to $dir: $copied messages, " . count($moved) . ' other files');
        // What is left (.htaccess, lock files) holds no message; a folder that will not go is harmless.
        foreach (["$legacy/outbox", $legacy] as $folder) {
            foreach (is_dir($folder) ? array_diff(scandir($folder), ['.', '..']) : [] as $name) {
                @unlink("$folder/$name");
            }
            @rmdir($folder);
        }
    } finally {
        flock($lock, LOCK_UN);
        fclose($lock);
    }
}

/** Copies $from to $to unless $to exists (written aside and renamed: never a half file). */
function contact_copy_once(string $from, string $to): void
{
    if (!is_file($from) || is_file($to)) {
        return;
    }
    copy($from, "$to.tmp");
    rename("$to.tmp", $to);
}
