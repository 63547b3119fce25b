<?php
// The SQLite connection under the store, with the settings every process needs, the one way to
// write (a transaction taken at once), and the settings table's values. It calls nothing.
declare(strict_types=1);

/** Opens $file changing nothing in it; a write waits $seconds for another process's (MAIL_LOCK_TIMEOUT). */
function contact_database_open(string $file, float $seconds): PDO
{
    $pdo = new PDO('sqlite:' . $file, null, null, [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION, PDO::ATTR_DEFAULT_FETCH_MODE => PDO::FETCH_ASSOC]);
    $pdo->exec('PRAGMA busy_timeout = ' . (int) ceil($seconds * 1000));
    return $pdo;
}

/** The settings every process of the store writes with. */
function contact_database_tune(PDO $pdo): void
{
    // WAL: readers never wait for the writer. FULL: a commit is on disk before anyone is thanked.
    contact_store_use_wal($pdo);
    $pdo->exec('PRAGMA synchronous = FULL');
    // What is deleted (retention, erasure) is overwritten, not left in free pages.
    $pdo->exec('PRAGMA secure_delete = ON');
}

/** Puts a new store in WAL mode: the switch answers "locked" at once while others use it, so this tries again, briefly. */
function contact_store_use_wal(PDO $pdo): void
{
    $deadline = microtime(true) + $pdo->query('PRAGMA busy_timeout')->fetchColumn() / 1000;
    while ($pdo->query('PRAGMA journal_mode')->fetchColumn() !== 'wal') {
        try {
            $pdo->query('PRAGMA journal_mode = WAL');
        } catch (PDOException $error) {
            if (($error->errorInfo[1] ?? null) !== 5 || microtime(true) > $deadline) {
                throw $error;
            }
            usleep(random_int(5_000, 20_000));
        }
    }
}

/** A write waiting for the lock tries again after this many microseconds, at random: waiters take turns. */
const CONTACT_LOCK_RETRY_MICROSECONDS = [1000, 5000];
/** While other processes keep committing, a write waits for the lock up to this many times MAIL_LOCK_TIMEOUT. */
const CONTACT_LOCK_PATIENCE = 6;

/**
 * Runs $work in one write transaction, taken at once so it never fails halfway for a lock.
 * @template T
 * @param callable(PDO): T $work
 * @return T
 */
function contact_store_transaction(PDO $pdo, callable $work): mixed
{
    contact_store_begin($pdo);
    try {
        $result = $work($pdo);
        $pdo->exec('COMMIT');
        return $result;
    } catch (Throwable $error) {
        try {
            $pdo->exec('ROLLBACK');
        } catch (PDOException) {
            // SQLite has already rolled back (a full disk does that).
        }
        throw $error;
    }
}

/**
 * BEGIN IMMEDIATE, waiting for the write lock while another process holds it. SQLite's own wait
 * (busy_timeout) sleeps up to 100 ms between tries, so among many writers on a busy machine one
 * could lose the lock to the others again and again, past MAIL_LOCK_TIMEOUT, though each held it
 * for milliseconds: "database is locked", and a visitor told to try again for nothing. Here the
 * lock is tried every few milliseconds, and the wait fails only when no other process committed
 * for a whole MAIL_LOCK_TIMEOUT (one holds the store that long), or after CONTACT_LOCK_PATIENCE
 * times it in all.
 */
function contact_store_begin(PDO $pdo): void
{
    $timeout = (int) $pdo->query('PRAGMA busy_timeout')->fetchColumn();
    $version = static fn (): int => (int) $pdo->query('PRAGMA data_version')->fetchColumn();
    $started = $since = hrtime(true);
    $seen = null;
    for (;;) {
        $pdo->exec('PRAGMA busy_timeout = 0');
        try {
            $pdo->exec('BEGIN IMMEDIATE');
            return;
        } catch (PDOException $error) {
            if (($error->errorInfo[1] ?? null) !== 5) {
                throw $error;
            }
        } finally {
            $pdo->exec("PRAGMA busy_timeout = $timeout");
        }
        // What the store was when the wait began: another process's commit changes it.
        $seen ??= $version();
        $now = hrtime(true);
        if (($now - $since) / 1e6 >= $timeout) {
            $current = $version();
            if ($current === $seen || ($now - $started) / 1e6 >= CONTACT_LOCK_PATIENCE * $timeout) {
                throw $error;
            }
            [$seen, $since] = [$current, $now];
        }
        usleep(random_int(...CONTACT_LOCK_RETRY_MICROSECONDS));
    }
}

function contact_store_setting(PDO $pdo, string $name): ?string
{
    $query = $pdo->prepare('SELECT value FROM settings WHERE name = ?');
    $query->execute([$name]);
    $value = $query->fetchColumn();
    return is_string($value) ? $value : null;
}

function contact_new_id(): string
{
    return gmdate('Ymd\THis\Z') . '-' . bin2hex(random_bytes(6));
}
