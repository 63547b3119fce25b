<?php
// Who the command line runs as. Root (as operators and cron often run admin.php and deliver.php)
// must never run or read what another account can write, nor leave files the web server cannot
// write. So before it locates any configuration or store file, root finds the store's folder one
// entry at a time, following a symlink only where no other account could have made it, and
// becomes its owner (that user's groups and environment, the folder's group); a folder of root's
// alone leaves root as it is. Where it cannot decide safely, or cannot switch, it refuses in one
// line that says what to fix. It may call paths.php.
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
 * Started as root, becomes the owner of the store's folder $dir: first the one found from what
 * exists alone, then the one the configuration names. Without one (a new host), or with one of
 * root's alone, root stays root; one of root's others may change is refused.
 */
function contact_run_as_store_owner(?string $dir = null): void
{
    if (contact_run_as_euid() !== 0) {
        return;
    }
    $dir ??= contact_run_as_home();
    $found = contact_run_as_folder($dir);
    if ($found === null || ($found['uid'] === 0 && $found['rootOnly'])) {
        return;
    }
    if ($found['uid'] === 0) {
        $why = $found['untrusted'] ?? contact_run_as_describe($dir, $found);
        throw new RuntimeException("started as root, it will not use the store $dir: it is root's, but another account can change it ($why). Fix: give it to the web server's user (chown www-data $dir), or make it and every folder above it writable by root alone; or run it as that user: " . contact_run_as_command('www-data'));
    }
    contact_run_as_become($found['uid'], $found['gid'], "the store $dir");
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
 * The store's folder from what exists alone: MAIL_STORAGE_DIR of root's environment; mail/storage
 * in the working copy; for a deployed release, DIR/shared itself, not the link to it the deploy
 * account writes; else npts-private beside the site, or, where there is none, mail/storage.
 */
function contact_run_as_home(): string
{
    $named = contact_env('MAIL_STORAGE_DIR');
    $site = contact_web_root();
    return match (true) {
        $named !== null => contact_absolute_path($named),
        contact_in_working_copy() => contact_mail_storage(),
        basename(dirname($site)) === 'releases' && preg_match('/^\d{8}T\d{6}Z$/', basename($site)) === 1 => dirname($site, 2) . '/shared',
        contact_run_as_folder(contact_private_home()) !== null => contact_private_home(),
        default => contact_mail_storage(),
    };
}

/** The folder at $dir as contact_run_as_walk finds it, or null; refuses when it cannot be found safely. */
function contact_run_as_folder(string $dir): ?array
{
    try {
        $found = contact_run_as_walk($dir);
    } catch (ContactRunAsUnsafe $error) {
        throw new RuntimeException("started as root, it cannot tell whose the store $dir is: {$error->getMessage()}. Fix: make it a folder reached without that link, or run it as the store's owner: " . contact_run_as_command('www-data'));
    }
    return $found !== null && $found['folder'] ? $found : null;
}

/** A path cannot be followed safely: the message says where and why. */
final class ContactRunAsUnsafe extends RuntimeException
{
}

/**
 * Finds $path as the kernel would, one entry at a time from /: a symlink is followed only where
 * no account but root could have made it, and each folder is entered and checked to be the one
 * looked at, so nothing can be swapped in between. Null when there is no such path
 * (contact_run_as_found says what is returned).
 */
function contact_run_as_walk(string $path): ?array
{
    $back = getcwd();
    try {
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
            // Nobody but root can replace this entry: its folder is root's alone, or root's and
            // sticky with the entry root's too (as in /tmp); ".." changes only with the folder itself.
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
            if (($entry['mode'] & 0170000) !== 0040000) {
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
    } finally {
        if ($back !== false) {
            @chdir($back);
        }
    }
}

/**
 * The entry's owner, group and mode; whether nobody but root could have changed it or anything on
 * its way, or else the first place another account could.
 * @return array{uid: int, gid: int, mode: int, folder: bool, rootOnly: bool, untrusted: ?string, path: string}
 */
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
    return contact_run_as_stat('.', false) ?? throw new ContactRunAsUnsafe("$shown cannot be looked at");
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
 * Root becomes $uid, with that user's groups and HOME, USER, LOGNAME and PATH, and $gid (root's
 * group, as install -d -o www-data makes it, gives the user's own); or refuses in one line.
 */
function contact_run_as_become(int $uid, int $gid, string $what): void
{
    $user = function_exists('posix_getpwuid') ? posix_getpwuid($uid) : false;
    $why = match (true) {
        !function_exists('posix_initgroups') => 'this PHP has no posix extension to switch users',
        $user === false => "its owner, uid $uid, has no user name here",
        !posix_initgroups($user['name'], $gid === 0 ? $user['gid'] : $gid) => "it cannot take the groups of {$user['name']}",
        !posix_setgid($gid === 0 ? $user['gid'] : $gid) || !posix_setuid($uid) || posix_geteuid() !== $uid => posix_strerror(posix_get_last_error()),
        default => null,
    };
    if ($why !== null) {
        throw new RuntimeException("started as root, it must become the owner of $what, and $why: run it as that user: " . contact_run_as_command($user === false ? "#$uid" : $user['name']));
    }
    // What runs from here (the configuration, sendmail, PHPMailer) sees that user's session, not root's.
    foreach (['HOME' => $user['dir'], 'USER' => $user['name'], 'LOGNAME' => $user['name'], 'PATH' => CONTACT_RUN_AS_PATH] as $name => $value) {
        putenv("$name=$value");
        $_SERVER[$name] = $_ENV[$name] = $value;
    }
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
