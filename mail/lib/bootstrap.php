<?php
// What every door of the mail module loads first: on the command line, root refused before
// anything else is read; one error policy (warnings become exceptions, so a failed write never
// passes for a successful one) and one file mode. It may call paths.php and printable.php.
declare(strict_types=1);

require_once __DIR__ . '/paths.php';
require_once __DIR__ . '/printable.php';

/** sysexits.h's EX_NOPERM: the command will not run with the rights it was given. */
const CONTACT_EXIT_ROOT = 77;

// Root runs nothing of the site's: not its code, not a configuration or store another account
// writes. So the command line stops here, before it reads a file outside mail/'s own code.
if (PHP_SAPI === 'cli' && contact_euid() === 0) {
    fwrite(STDERR, contact_root_refusal() . "\n");
    exit(CONTACT_EXIT_ROOT);
}

// Everything made is the store group's, through which the web server, cron and the operator write
// each other's files (folders 2770, files 0660), and nobody else's.
umask(0007);
// PHP keeps resolved paths across requests for minutes: a folder replaced, or a deploy's switch,
// would go unseen by the checks of the store's place.
clearstatcache(true);

ini_set('display_errors', '0');
ini_set('log_errors', '1');
set_error_handler(static function (int $severity, string $message, string $file, int $line): bool {
    if ((error_reporting() & $severity) === 0) {
        return false;
    }
    if (($severity & (E_NOTICE | E_USER_NOTICE | E_DEPRECATED | E_USER_DEPRECATED)) !== 0) {
        contact_log("mail: $message in $file:$line");
        return true;
    }
    throw new ErrorException($message, 0, $severity, $file, $line);
});

/** deliver.php and admin.php: over HTTP they answer as if they did not exist. */
function contact_command_line_only(): void
{
    if (PHP_SAPI !== 'cli') {
        http_response_code(404);
        exit;
    }
}

/** The user the process acts as: without posix, /proc/self belongs to it (Linux). */
function contact_euid(): int|false
{
    return function_exists('posix_geteuid') ? posix_geteuid() : @fileowner('/proc/self');
}

/**
 * What root is told instead: this very command, run with sudo as the owner of the store's folder.
 * That name comes from the folder's entry alone, looked at without following a symlink and without
 * opening anything, never from a file's content; root, a symlink or no folder yet gives none.
 */
function contact_root_refusal(): string
{
    $named = contact_env('MAIL_STORAGE_DIR');
    $stat = @lstat($named !== null ? contact_absolute_path($named) : contact_default_store());
    $owner = null;
    if ($stat !== false && ($stat['mode'] & 0170000) === 0040000 && $stat['uid'] !== 0) {
        $owner = function_exists('posix_getpwuid') ? (posix_getpwuid($stat['uid'])['name'] ?? "#{$stat['uid']}") : "#{$stat['uid']}";
    }
    $argv = $_SERVER['argv'] ?? [];
    if (isset($argv[0]) && !str_starts_with($argv[0], '/') && ($here = getcwd()) !== false) {
        $argv[0] = "$here/$argv[0]";
    }
    $words = array_map(static fn (string $word): string => preg_match('#^[\w/.,:=@%+-]+$#', $word) === 1 ? $word : escapeshellarg($word), [$owner ?? 'WWW_USER', ...$argv]);
    $command = 'sudo -u ' . array_shift($words) . ' php ' . implode(' ', $words);
    return $owner === null
        ? "Not as root: root never runs the site's code. Run it as the web server's user, who owns the store's folder (WWW_USER below, e.g. www-data): $command"
        : "Not as root: root never runs the site's code. Run it as the owner of the store's folder: $command";
}
