<?php
// Who the command line runs as. Operators and cron run admin.php and deliver.php as root, whatever
// docs/operating.md says, and what root makes in the store (SQLite's -wal and -shm files, the outbox)
// the web server could not write: the form would fail. So root first becomes the store folder's
// owner and group, with that user's groups, before it opens anything of the store; where it
// cannot, the command refuses and says how to run it. It may call paths.php (where the
// configuration file is).
declare(strict_types=1);

require_once __DIR__ . '/paths.php';

/** The user the process acts as: without posix, /proc/self belongs to it (Linux). */
function contact_run_as_euid(): int|false
{
    return function_exists('posix_geteuid') ? posix_geteuid() : @fileowner('/proc/self');
}

/**
 * Root never runs a configuration file that another user can change: config.php is PHP, and in
 * DIR/shared or npts-private the web server's group may write it, or replace it in its folder.
 * Such a file is read as the owner and group of its folder, who can change it anyway; one that
 * only root can change is read as root, and the store's owner is taken after it.
 */
function contact_run_as_config_owner(): void
{
    $file = contact_config_file();
    if (contact_run_as_euid() !== 0 || $file === null || ($real = realpath($file)) === false) {
        return;
    }
    $dir = dirname($real);
    $others = static function (string $path, bool $folder) use ($real): bool {
        $mode = fileperms($path);
        $sticky = $folder && ($mode & 01000) !== 0 && fileowner($real) === 0;
        return fileowner($path) !== 0 || (($mode & 0020) !== 0 && filegroup($path) !== 0 && !$sticky) || (($mode & 0002) !== 0 && !$sticky);
    };
    if (!$others($real, false) && !$others($dir, true)) {
        return;
    }
    // Whoever can change it: the file's owner, else its folder's.
    $whose = fileowner($real) !== 0 ? $real : $dir;
    if (fileowner($whose) === 0) {
        throw new RuntimeException("started as root, it would run $real, which others may change (mode " . decoct(fileperms($whose) & 07777) . " on $whose): make it and its folder writable by root alone, or run it as the store's owner");
    }
    contact_run_as_owner_of($whose, 'the configuration file ' . $real);
}

/**
 * Makes a process started as root run as the owner and group of the store's folder; anyone else
 * runs as they are. With no store yet there is no owner, and nothing of the store is opened:
 * the command line never creates its folder (contact_store_open, contact_send_outbox).
 */
function contact_run_as_store_owner(array $config): void
{
    $dir = $config['MAIL_STORAGE_DIR'];
    if (contact_run_as_euid() === 0 && is_dir($dir)) {
        contact_run_as_owner_of($dir, 'the store ' . $dir);
    }
}

/** Root becomes the owner and group of $dir (a folder, or a file), with the owner's groups; $what names what it is for. */
function contact_run_as_owner_of(string $dir, string $what): void
{
    $uid = fileowner($dir);
    $gid = filegroup($dir);
    if ($uid === 0 && $gid === (function_exists('posix_getegid') ? posix_getegid() : 0)) {
        // root's own store: it is whom root would become.
        return;
    }
    if (!function_exists('posix_initgroups')) {
        contact_run_as_refuse($what, "#$uid", 'this PHP has no posix extension to switch users');
    }
    $user = posix_getpwuid($uid);
    if ($user === false) {
        contact_run_as_refuse($what, "#$uid", "its owner, uid $uid, has no user name here");
    }
    // A folder of root's group (install -d -o www-data, without -g) must not keep root's group.
    if ($gid === 0 && $uid !== 0) {
        $gid = $user['gid'];
    }
    if (!posix_initgroups($user['name'], $gid)) {
        contact_run_as_refuse($what, $user['name'], "it cannot take the groups of {$user['name']}");
    }
    if (!posix_setgid($gid) || !posix_setuid($uid)) {
        contact_run_as_refuse($what, $user['name'], posix_strerror(posix_get_last_error()));
    }
}

/** Refuses in one line that names what it is for (the store, the configuration) and the command to run instead. */
function contact_run_as_refuse(string $what, string $user, string $why): never
{
    $words = array_map(
        static fn (string $word): string => preg_match('#^[\w/.,:=@%+-]+$#', $word) === 1 ? $word : escapeshellarg($word),
        [$user, ...($_SERVER['argv'] ?? [])],
    );
    throw new RuntimeException("started as root, it must become the owner of $what, and $why: run it as that user: sudo -u " . array_shift($words) . ' php ' . implode(' ', $words));
}
