<?php
// Where the endpoint keeps what holds a visitor's data or its secrets (the store, the outbox, the
// configuration, the log), and whether it may. Never where a web server could serve it: a host
// that ignores .htaccess (Debian's Apache default) or serves every file (php -S, a generic nginx
// site) would hand the database to anyone. The endpoint asks the web server where its document
// root is; the command line, which has no request, knows only the site's own folder. By default
// the store lives in npts-private/, a folder beside the site, which the web server's own user
// creates when it can. A deployed release (DIR/releases/<time>/) finds DIR/shared/ there,
// through the symlink DIR/releases/npts-private that `npm run deploy` makes.
// It also makes the store's private folders. It may call paths.php and printable.php.
declare(strict_types=1);

require_once __DIR__ . '/paths.php';
require_once __DIR__ . '/printable.php';

/**
 * Set by the project's rules for the requests they let through to PHP (mod_rewrite in .htaccess,
 * fastcgi_param in docs/nginx.conf): with it, and only then, the rest of mail/ is never served.
 */
const CONTACT_RULES_VARIABLE = 'NPTS_PRIVATE_RULES';

/**
 * The folders a web server serves files from, symlinks resolved: the site's own, which every
 * server that runs the endpoint serves, and, asked by the endpoint, the server's document root,
 * which holds the site, perhaps in a subfolder. The command line has no request: it knows only
 * the site's folder, and in the working copy not even that is served.
 *
 * @return list<string>
 */
function contact_served_roots(bool $web): array
{
    $roots = $web || !contact_in_working_copy() ? [contact_web_root()] : [];
    $document = (string) ($_SERVER['DOCUMENT_ROOT'] ?? '');
    // realpath('') would be the working directory.
    if ($web && $document !== '' && ($real = realpath($document)) !== false) {
        $roots[] = $real;
    }
    return $roots;
}

/** The served folder $path is in ($path need not exist yet), the widest first; null when none. */
function contact_served_root_of(string $path, bool $web): ?string
{
    $real = contact_real_path($path);
    $roots = contact_served_roots($web);
    usort($roots, static fn (string $a, string $b): int => strlen($a) <=> strlen($b));
    foreach ($roots as $root) {
        if ($real === $root || str_starts_with($real, rtrim($root, '/') . '/')) {
            return $root;
        }
    }
    return null;
}

/** Whether $path is in a folder the web server serves, as the command line can tell (admin.php). */
function contact_inside_web_root(string $path): bool
{
    return contact_served_root_of($path, false) !== null;
}

/**
 * What stops the store's and the outbox's folders, the configuration file or (asked by the
 * endpoint) the log from being used safely, as one sentence with the fix; null when nothing
 * does. $web: asked by the endpoint, which sees the document root and whether the project's rules
 * were applied to this request; the command line judges by the site's folder and the rules file.
 */
function contact_location_problem(array $config, bool $web): ?string
{
    $user = contact_server_user($web);
    $dirs = array_unique([$config['MAIL_STORAGE_DIR'], ...($config['MAIL_TRANSPORT'] === 'outbox' ? [$config['MAIL_OUTBOX_DIR']] : [])]);
    foreach ($dirs as $dir) {
        $problem = contact_exposure_problem($dir, 'the store', $web);
        if ($problem !== null) {
            return $problem;
        }
    }
    $file = contact_config_file();
    $problem = $file === null ? null : contact_exposure_problem($file, 'the configuration file', $web);
    // The command line's log is its own php.ini's, not the web server's.
    $problem ??= $web ? contact_log_problem() : null;
    if ($problem !== null) {
        return $problem;
    }
    foreach ($dirs as $dir) {
        $existing = $dir;
        while (!file_exists($existing) && $existing !== dirname($existing)) {
            $existing = dirname($existing);
        }
        $fix = "create it for the web server's user, e.g. " . contact_install_command($dir, $web) . ", or set MAIL_STORAGE_DIR to a folder that user can write";
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

/**
 * Why $path, which holds $what, may not be used where it is, or null when it may: in a folder a
 * web server serves, only mail/ may hold it, and only while the project's rules keep mail/ private.
 */
function contact_exposure_problem(string $path, string $what, bool $web): ?string
{
    $root = contact_served_root_of($path, $web);
    if ($root === null) {
        return null;
    }
    $inMail = str_starts_with(contact_real_path($path) . '/', dirname(__DIR__) . '/');
    $applied = $web
        ? contact_env(CONTACT_RULES_VARIABLE) === '1'
        : is_file("$root/.htaccess") && str_contains((string) file_get_contents("$root/.htaccess"), CONTACT_RULES_VARIABLE);
    if ($inMail && $applied) {
        return null;
    }
    $why = match (true) {
        !$inMail => 'outside mail/, so any web server serves it',
        $web => "this web server does not apply the project's rules (Apache: AllowOverride All for .htaccess; nginx: docs/nginx.conf), so it could serve it",
        default => "the project's .htaccess is not there, so a web server could serve it",
    };
    $where = $web ? 'the document root' : 'the web root';
    return ($what === 'the store' ? '' : "$what ") . "$path is inside $where $root, and $why. Fix: " . contact_exposure_fix($what, $root, $web);
}

/**
 * Why PHP's error log (php.ini's error_log) may not be used, or null. One in a served folder is
 * left at once, so that this very problem, and every line after it, goes to the server's own log.
 */
function contact_log_problem(): ?string
{
    $log = (string) ini_get('error_log');
    if ($log === '' || $log === 'syslog') {
        return null;
    }
    $problem = contact_exposure_problem(str_starts_with($log, '/') ? $log : (getcwd() ?: '') . "/$log", 'the error log', true);
    if ($problem !== null) {
        ini_set('error_log', '');
    }
    return $problem;
}

/** How to keep $what out of the served folder $root, in one sentence. */
function contact_exposure_fix(string $what, string $root, bool $web): string
{
    $home = contact_private_home();
    $site = contact_web_root();
    $user = contact_server_user($web);
    // The site uploaded into a subfolder: npts-private beside it is served too.
    $homeServed = contact_served_root_of($home, $web) !== null;
    $instead = $homeServed ? "make $site the document root (the site's pages expect it), or " : '';
    return match ($what) {
        'the error log' => "set error_log in php.ini to a file outside $root.",
        'the configuration file' => $homeServed
            ? "{$instead}name a file outside $root with MAIL_CONFIG, for the web server and for cron."
            : "move it to $home/config.php.",
        default => $homeServed
            ? "{$instead}set MAIL_STORAGE_DIR to a folder outside $root that $user can write."
            : contact_install_command($home, $web) . " (the next deliver.php run moves the store there), or set MAIL_STORAGE_DIR to a folder outside $root that $user can write.",
    };
}

/** The command that makes $dir as the store's folder should be: the web server's, its group's, 2770. */
function contact_install_command(string $dir, bool $web): string
{
    $user = contact_server_user($web);
    $group = $web && function_exists('posix_getegid') ? (string) (posix_getgrgid(posix_getegid())['name'] ?? posix_getegid()) : $user;
    return "install -d -o $user -g $group -m 2770 $dir";
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

/**
 * Makes a directory (and any missing above it) that only the store's group may enter, whose
 * files take its group (2770), and that the web server never serves (deny-all .htaccess). One
 * that exists with another mode (an earlier version's 0750, a folder of 0755 made for it) is made
 * so too, by its owner.
 */
function contact_private_dir(string $dir): void
{
    $missing = [];
    for ($at = $dir; !is_dir($at) && $at !== dirname($at); $at = dirname($at)) {
        $missing[] = $at;
    }
    foreach (array_reverse($missing) as $folder) {
        if (!@mkdir($folder, 0770) && !is_dir($folder)) {
            throw new RuntimeException("cannot create $dir: " . (error_get_last()['message'] ?? 'unknown error'));
        }
    }
    contact_private_mode($dir, 02770);
    $htaccess = "$dir/.htaccess";
    if (!is_file($htaccess)) {
        $rules = "# Private data of the contact endpoint: never served.\nRequire all denied\n"
            . "<IfModule !mod_authz_core.c>\n  Deny from all\n</IfModule>\n";
        if (file_put_contents($htaccess, $rules) === false) {
            throw new RuntimeException("cannot protect $dir");
        }
    }
}

/**
 * Gives a file or folder of the store its private mode, unless it has it or is another user's
 * (whose owner makes it so): mkdir cannot set the group bit, and files of earlier versions were
 * 0644. Cheap when there is nothing to do: one stat, cached.
 */
function contact_private_mode(string $path, int $mode): void
{
    if ((fileperms($path) & 07777) !== $mode) {
        @chmod($path, $mode);
    }
}
