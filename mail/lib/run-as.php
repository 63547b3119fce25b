<?php
// Who the command line runs as. Operators and cron run admin.php and deliver.php as root, whatever
// docs/operating.md says. Root must never run or read what another account can write (config.php
// is PHP, and the store's folder is the web server's), and what root makes in the store (SQLite's
// -wal and -shm files, the outbox) the web server could not write. So before it locates any
// configuration or store file, root decides from the store's folder alone whom to become:
// npts-private beside the site, or DIR/shared for a deployed release (or the MAIL_STORAGE_DIR of
// root's own environment). It finds that folder one entry at a time, following a symlink only
// where no other account could have made it, and becomes the folder's owner: its groups, the
// folder's group, and its environment. A folder of root's alone leaves root as it is, and root
// then reads only files of root's alone. Where it cannot decide safely, or cannot switch (a PHP
// without the posix extension), it refuses in one line that says what to fix. It may call paths.php.
declare(strict_types=1);

require_once __DIR__ . '/paths.php';

/** The PATH of a user's session, as login(1) sets it: the passwd entry has none. */
const CONTACT_RUN_AS_PATH = '/usr/local/bin:/usr/bin:/bin';
/** Symlinks followed in one path, as the kernel allows (ELOOP). */
const CONTACT_RUN_AS_LINKS = 40;

/** The user the process acts as: without posix, /proc/self belongs to it (Linux). */
function contact_run_as_euid(): int|false
{
    return function_exists('posix_geteuid') ? posix_geteuid() : @fileowner('/proc/self');
}

/**
 * Started as root: becomes the owner of the store's folder, found from what exists alone, before
 * anything of the configuration is located or read. Without one (a new host), or with one of
 * root's alone, root stays root; anyone else runs as they are.
 */
function contact_run_as_home_owner(): void
{
    if (contact_run_as_euid() === 0) {
        contact_run_as_owner_of(contact_run_as_home(), 'the store');
    }
}

/**
 * Still root after contact_run_as_home_owner (its store folder is root's alone, or there is none):
 * the store the configuration names decides in the same way.
 */
function contact_run_as_store_owner(array $config): void
{
    if (contact_run_as_euid() === 0) {
        contact_run_as_owner_of(contact_absolute_path($config['MAIL_STORAGE_DIR']), 'the store');
    }
}

/**
 * Before root runs the configuration file (it is PHP): it must be root's, and neither it nor any
 * folder on its way may be changed by another account, so what is checked is what runs.
 */
function contact_run_as_trusted_file(string $file): void
{
    if (contact_run_as_euid() !== 0) {
        return;
    }
    try {
        $found = contact_run_as_walk(contact_absolute_path($file));
        if ($found !== null && $found['rootOnly']) {
            return;
        }
        $why = $found === null ? "$file is not there" : $found['untrusted'];
    } catch (ContactRunAsUnsafe $error) {
        $why = $error->getMessage();
    }
    throw new RuntimeException("started as root, it will not run $file, which another account can change ($why): make it and every folder above it writable by root alone, or run it as the store's owner");
}

/**
 * The store's folder as root must judge it, from what exists alone: MAIL_STORAGE_DIR of root's own
 * environment; in the working copy, mail/storage; for a deployed release (DIR/releases/<time>),
 * DIR/shared itself, not the link to it in DIR/releases, which the deploy account writes; else
 * npts-private beside the site, or, where there is none, mail/storage.
 */
function contact_run_as_home(): string
{
    $named = contact_env('MAIL_STORAGE_DIR');
    if ($named !== null) {
        return contact_absolute_path($named);
    }
    if (contact_in_working_copy()) {
        return contact_mail_storage();
    }
    $site = contact_web_root();
    if (basename(dirname($site)) === 'releases' && preg_match('/^\d{8}T\d{6}Z$/', basename($site)) === 1) {
        return dirname($site, 2) . '/shared';
    }
    $home = contact_private_home();
    return contact_run_as_folder($home, 'the store') === null ? contact_mail_storage() : $home;
}

/**
 * Root becomes the owner of the folder $dir holds $what in: its user, with that user's groups,
 * the folder's group and the user's environment. A folder that does not exist, or is root's
 * alone, leaves root as it is; one of root's that others may change is refused.
 */
function contact_run_as_owner_of(string $dir, string $what): void
{
    $found = contact_run_as_folder($dir, $what);
    if ($found === null) {
        return;
    }
    if ($found['uid'] === 0) {
        if ($found['rootOnly']) {
            return;
        }
        $why = $found['untrusted'] ?? contact_run_as_describe($dir, $found);
        throw new RuntimeException("started as root, it will not use $what $dir: it is root's, but another account can change it ($why). Fix: give it to the web server's user (chown www-data $dir), or make it and every folder above it writable by root alone; or run it as that user: " . contact_run_as_command('www-data'));
    }
    contact_run_as_become($found['uid'], $found['gid'], "$what $dir");
}

/**
 * The folder at $dir as contact_run_as_walk finds it; null when there is none. Refuses in one
 * line when it cannot be found safely.
 *
 * @return ?array{uid: int, gid: int, mode: int, rootOnly: bool, untrusted: ?string, path: string}
 */
function contact_run_as_folder(string $dir, string $what): ?array
{
    try {
        $found = contact_run_as_walk($dir);
    } catch (ContactRunAsUnsafe $error) {
        throw new RuntimeException("started as root, it cannot tell whose $what $dir is: {$error->getMessage()}. Fix: make it a folder reached without that link, or run it as the store's owner: " . contact_run_as_command('www-data'));
    }
    return $found !== null && $found['folder'] ? $found : null;
}

/** A path cannot be followed safely: the message says where and why. */
final class ContactRunAsUnsafe extends RuntimeException
{
}

/**
 * Finds $path (absolute) as the kernel would, one entry at a time from /, looking at each before
 * going on: a symlink is followed only where no account but root could have made it, and each
 * folder is entered (chdir) and checked to be the one looked at, so nothing can be swapped in
 * between. The working directory is restored after.
 *
 * @return ?array{uid: int, gid: int, mode: int, folder: bool, rootOnly: bool, untrusted: ?string, path: string}
 *   the entry's owner, group and mode; whether nobody but root could have changed it or anything
 *   on its way, and if not, the first place another account could; null when it does not exist
 */
function contact_run_as_walk(string $path): ?array
{
    $back = getcwd();
    try {
        return contact_run_as_follow($path);
    } finally {
        if ($back !== false) {
            @chdir($back);
        }
    }
}

/** contact_run_as_walk's walk, from /; it leaves the working directory where it ends. */
function contact_run_as_follow(string $path): ?array
{
    $names = explode('/', $path);
    $links = 0;
    $at = '/';
    $here = contact_run_as_enter('/', $at);
    // The first place on the way that an account other than root can change, if any.
    $untrusted = contact_run_as_root_only($here) ? null : contact_run_as_describe('/', $here);
    while (($name = array_shift($names)) !== null) {
        if ($name === '' || $name === '.') {
            continue;
        }
        $entry = contact_run_as_stat($name, true);
        if ($entry === null) {
            return null;
        }
        $next = $name === '..' ? dirname($at) : rtrim($at, '/') . "/$name";
        // Nobody but root can replace this entry: its folder is root's alone, or root's and sticky
        // with the entry root's too (as in /tmp); ".." changes only with the folder itself.
        $guarded = contact_run_as_root_only($here)
            || ($name !== '..' && ($here['mode'] & 01000) !== 0 && $here['uid'] === 0 && $entry['uid'] === 0);
        if (($entry['mode'] & 0170000) === 0120000) {
            if (!$guarded) {
                throw new ContactRunAsUnsafe("$next is a symlink in $at, which another account can change (" . contact_run_as_describe($at, $here) . ')');
            }
            if (++$links > CONTACT_RUN_AS_LINKS) {
                throw new ContactRunAsUnsafe("$path has more than " . CONTACT_RUN_AS_LINKS . ' symlinks on its way');
            }
            $target = (string) readlink($name);
            if (str_starts_with($target, '/')) {
                $at = '/';
                $here = contact_run_as_enter('/', $at);
            }
            array_unshift($names, ...explode('/', $target));
            continue;
        }
        if (!$guarded) {
            // Who can replace the entry: whoever writes its folder, or in a sticky folder its owner.
            $untrusted ??= ($here['mode'] & 01000) !== 0 ? contact_run_as_describe($next, $entry) : contact_run_as_describe($at, $here);
        }
        $folder = ($entry['mode'] & 0170000) === 0040000;
        if (!$folder) {
            // A file (the configuration), or an entry on the way that is no folder: no such path.
            $last = array_filter($names, static fn (string $rest): bool => $rest !== '' && $rest !== '.') === [];
            return $last ? contact_run_as_found($entry, false, $untrusted, $next) : null;
        }
        $inside = contact_run_as_enter($name, $next);
        if ($inside['dev'] !== $entry['dev'] || $inside['ino'] !== $entry['ino']) {
            throw new ContactRunAsUnsafe("$next changed while it was looked at");
        }
        [$at, $here] = [$next, $inside];
    }
    return contact_run_as_found($here, true, $untrusted, $at);
}

/** @return array{uid: int, gid: int, mode: int, folder: bool, rootOnly: bool, untrusted: ?string, path: string} */
function contact_run_as_found(array $stat, bool $folder, ?string $untrusted, string $path): array
{
    if ($untrusted === null && !contact_run_as_root_only($stat)) {
        $untrusted = contact_run_as_describe($path, $stat);
    }
    return ['uid' => $stat['uid'], 'gid' => $stat['gid'], 'mode' => $stat['mode'], 'folder' => $folder, 'rootOnly' => $untrusted === null, 'untrusted' => $untrusted, 'path' => $path];
}

/** Enters the folder $name (relative, or /) and returns what it is; $shown names it in a message. */
function contact_run_as_enter(string $name, string $shown): array
{
    if (!@chdir($name)) {
        throw new ContactRunAsUnsafe("$shown cannot be entered");
    }
    $stat = contact_run_as_stat('.', false);
    if ($stat === null) {
        throw new ContactRunAsUnsafe("$shown cannot be looked at");
    }
    return $stat;
}

/** stat or lstat of $name in the working directory, never from PHP's cache of the last one; null when there is none. */
function contact_run_as_stat(string $name, bool $link): ?array
{
    clearstatcache();
    $stat = $link ? @lstat($name) : @stat($name);
    return $stat === false ? null : $stat;
}

/** Whether only root can change the entry: root's, and writable by no other user or group (group root aside). */
function contact_run_as_root_only(array $stat): bool
{
    return $stat['uid'] === 0 && ($stat['mode'] & 0002) === 0 && (($stat['mode'] & 0020) === 0 || $stat['gid'] === 0);
}

/** "$path: owner www-data, group www-data, mode 2770", for the messages. */
function contact_run_as_describe(string $path, array $stat): string
{
    $name = static fn (int $id, string $lookup): string => function_exists($lookup) ? (string) ($lookup($id)['name'] ?? "#$id") : "#$id";
    return sprintf('%s: owner %s, group %s, mode %o', $path, $name($stat['uid'], 'posix_getpwuid'), $name($stat['gid'], 'posix_getgrgid'), $stat['mode'] & 07777);
}

/**
 * Root becomes $uid with the groups of that user, $gid (a folder of root's group, as install -d
 * -o www-data makes without -g, gives the user's own) and the user's HOME, USER, LOGNAME and
 * PATH; $what names what it is for.
 */
function contact_run_as_become(int $uid, int $gid, string $what): void
{
    if (!function_exists('posix_initgroups')) {
        contact_run_as_refuse($what, "#$uid", 'this PHP has no posix extension to switch users');
    }
    $user = posix_getpwuid($uid);
    if ($user === false) {
        contact_run_as_refuse($what, "#$uid", "its owner, uid $uid, has no user name here");
    }
    if ($gid === 0) {
        $gid = $user['gid'];
    }
    if (!posix_initgroups($user['name'], $gid)) {
        contact_run_as_refuse($what, $user['name'], "it cannot take the groups of {$user['name']}");
    }
    if (!posix_setgid($gid) || !posix_setuid($uid) || posix_geteuid() !== $uid) {
        contact_run_as_refuse($what, $user['name'], posix_strerror(posix_get_last_error()));
    }
    // What runs from here (the configuration, sendmail, PHPMailer) sees that user's session, not root's.
    foreach (['HOME' => $user['dir'], 'USER' => $user['name'], 'LOGNAME' => $user['name'], 'PATH' => CONTACT_RUN_AS_PATH] as $name => $value) {
        putenv("$name=$value");
        $_SERVER[$name] = $_ENV[$name] = $value;
    }
}

/** Refuses in one line that names what it is for (the store) and the command to run instead. */
function contact_run_as_refuse(string $what, string $user, string $why): never
{
    throw new RuntimeException("started as root, it must become the owner of $what, and $why: run it as that user: " . contact_run_as_command($user));
}

/** This very command, run as $user with sudo, its words quoted for a shell where they need it. */
function contact_run_as_command(string $user): string
{
    $words = array_map(
        static fn (string $word): string => preg_match('#^[\w/.,:=@%+-]+$#', $word) === 1 ? $word : escapeshellarg($word),
        [$user, ...($_SERVER['argv'] ?? [])],
    );
    return 'sudo -u ' . array_shift($words) . ' php ' . implode(' ', $words);
}
