<?php
// Who the command line runs as. Operators and cron run admin.php and deliver.php as root, whatever
// the README says, and what root makes in the store (SQLite's -wal and -shm files, the outbox)
// the web server could not write: the form would fail. So root first becomes the store folder's
// owner and group, with that user's groups, before it opens anything of the store; where it
// cannot, the command refuses and says how to run it.
declare(strict_types=1);

/**
 * Makes a process started as root run as the owner and group of the store's folder; anyone else
 * runs as they are. With no store yet there is no owner, and nothing of the store is opened:
 * the command line never creates its folder (contact_store_open, contact_send_outbox).
 */
function contact_run_as_store_owner(array $config): void
{
    // Without posix, PHP cannot ask who it runs as; /proc/self belongs to the process's user (Linux).
    $euid = function_exists('posix_geteuid') ? posix_geteuid() : @fileowner('/proc/self');
    $dir = $config['MAIL_STORAGE_DIR'];
    if ($euid !== 0 || !is_dir($dir)) {
        return;
    }
    $uid = fileowner($dir);
    $gid = filegroup($dir);
    if ($uid === 0 && $gid === (function_exists('posix_getegid') ? posix_getegid() : 0)) {
        // root's own store: it is whom root would become.
        return;
    }
    if (!function_exists('posix_initgroups')) {
        contact_run_as_refuse($dir, "#$uid", 'this PHP has no posix extension to switch users');
    }
    $user = posix_getpwuid($uid);
    if ($user === false) {
        contact_run_as_refuse($dir, "#$uid", "its owner, uid $uid, has no user name here");
    }
    // A folder of root's group (install -d -o www-data, without -g) must not keep root's group.
    if ($gid === 0 && $uid !== 0) {
        $gid = $user['gid'];
    }
    if (!posix_initgroups($user['name'], $gid)) {
        contact_run_as_refuse($dir, $user['name'], "it cannot take the groups of {$user['name']}");
    }
    if (!posix_setgid($gid) || !posix_setuid($uid)) {
        contact_run_as_refuse($dir, $user['name'], posix_strerror(posix_get_last_error()));
    }
}

/** Refuses in one line that names the store and the command to run instead. */
function contact_run_as_refuse(string $dir, string $user, string $why): never
{
    $words = array_map(
        static fn (string $word): string => preg_match('#^[\w/.,:=@%+-]+$#', $word) === 1 ? $word : escapeshellarg($word),
        [$user, ...($_SERVER['argv'] ?? [])],
    );
    throw new RuntimeException("started as root, it must become the owner of the store $dir, and $why: run it as that user: sudo -u " . array_shift($words) . ' php ' . implode(' ', $words));
}
