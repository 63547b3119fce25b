<?php
// Whether the endpoint may keep the store, the outbox, the configuration and the log where they
// are: never where a web server could serve them, as a host that ignores .htaccess or serves
// every file would hand the database to anyone. The endpoint sees the document root; the command
// line knows only the site's folder. It also makes the store's private folders. It may call
// paths.php and printable.php.
declare(strict_types=1);

require_once __DIR__ . '/paths.php';
require_once __DIR__ . '/printable.php';

/** Set by the project's rules (.htaccess, docs/nginx.conf) on what they let through: only then is the rest of mail/ never served. */
const CONTACT_RULES_VARIABLE = 'NPTS_PRIVATE_RULES';

/** @return list<string> the folders a web server serves, symlinks resolved: the site's, and the endpoint's document root */
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

/** What stops the store's folders, the configuration file or (for the endpoint, $web) the log from being used, with the fix. */
function contact_location_problem(array $config, bool $web): ?string
{
    $user = contact_server_user($web);
    // The outbox transport (the mail channel's) writes its folder; the others write nothing here.
    $outbox = strtolower(trim($config['MAIL_TRANSPORT'] ?? '')) === 'outbox' ? [contact_outbox_dir($config)] : [];
    $dirs = array_unique([$config['MAIL_STORAGE_DIR'], ...$outbox]);
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

/** Why $path, holding $what, may not be used where it is: in a served folder, only mail/ under the project's rules may hold it. */
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

/** Why PHP's error_log may not be used; one in a served folder is left at once, for the server's own log. */
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

/** How to keep $what out of the served folder $root. */
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
            : "move it to $home/" . CONTACT_CONFIG_FILE . '.',
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

/** The web server's user, for the fixes: the endpoint runs as it; the command line can only name Debian's. */
function contact_server_user(bool $web): string
{
    if ($web && function_exists('posix_geteuid') && function_exists('posix_getpwuid')) {
        return (string) (posix_getpwuid(posix_geteuid())['name'] ?? posix_geteuid());
    }
    return $web ? get_current_user() : 'www-data';
}

/** Makes a folder (and any missing above it) only the store's group may enter, whose files take its group (2770), never served. */
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

/** Gives a file or folder of the store its private mode (mkdir cannot set the group bit), unless it has it or is another user's. */
function contact_private_mode(string $path, int $mode): void
{
    if ((fileperms($path) & 07777) !== $mode) {
        @chmod($path, $mode);
    }
}
