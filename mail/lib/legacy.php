<?php
// Stores of earlier versions, brought into this one: the JSON lines store of the version before
// the database (imported once, by the first process to meet it, or by admin.php import-jsonl),
// and a store kept in mail/storage (moved out of the web root, copied before deleted). It may
// call database.php, schema.php, paths.php, location.php, validation.php, channels.php and printable.php.
declare(strict_types=1);

require_once __DIR__ . '/database.php';
require_once __DIR__ . '/schema.php';
require_once __DIR__ . '/paths.php';
require_once __DIR__ . '/location.php';
require_once __DIR__ . '/validation.php';
require_once __DIR__ . '/channels.php';
require_once __DIR__ . '/printable.php';

/**
 * Brings messages from the JSON lines store of the previous version (messages.jsonl and
 * status.jsonl in $dir) into the database: those status.jsonl marks delivered stay delivered
 * (never sent again), the others are due now. Messages already here are left alone, so
 * importing twice changes nothing. Memory stays flat however large the files: the statuses go
 * through a temporary table. Damaged lines are handed to $damaged.
 *
 * @param ?callable(string): void $damaged
 * @return array{imported: int, present: int, damaged: int, pending: int}
 */
function contact_store_import_jsonl(PDO $pdo, string $dir, ?callable $damaged = null): array
{
    $counts = ['imported' => 0, 'present' => 0, 'damaged' => 0, 'pending' => 0];
    $onDamaged = static function (string $line) use (&$counts, $damaged): void {
        $counts['damaged']++;
        if ($damaged !== null) {
            $damaged($line);
        }
    };
    $pdo->exec('CREATE TEMP TABLE IF NOT EXISTS old_status (id TEXT PRIMARY KEY, delivered_at INTEGER, failures INTEGER NOT NULL DEFAULT 0, last_error TEXT)');
    $pdo->exec('DELETE FROM temp.old_status');
    contact_batches(contact_jsonl_records("$dir/status.jsonl", $onDamaged), static function (array $entries) use ($pdo): void {
        contact_store_transaction($pdo, static function (PDO $pdo) use ($entries): void {
            $delivered = $pdo->prepare('INSERT INTO temp.old_status (id, delivered_at) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET delivered_at = excluded.delivered_at');
            $failed = $pdo->prepare('INSERT INTO temp.old_status (id, failures, last_error) VALUES (?, 1, ?) ON CONFLICT (id) DO UPDATE SET failures = failures + 1, last_error = excluded.last_error');
            foreach ($entries as $entry) {
                match ($entry['status'] ?? '') {
                    'delivered' => $delivered->execute([$entry['id'], strtotime((string) ($entry['time'] ?? '')) ?: time()]),
                    'failed' => $failed->execute([$entry['id'], (string) ($entry['detail'] ?? 'failed')]),
                    default => null,
                };
            }
        });
    });

    $columns = implode(', ', array_keys(CONTACT_FIELDS));
    $marks = implode(', ', array_fill(0, count(CONTACT_FIELDS), '?'));
    $now = time();
    contact_batches(contact_jsonl_records("$dir/messages.jsonl", $onDamaged), static function (array $records) use ($pdo, &$counts, $onDamaged, $columns, $marks, $now): void {
        contact_store_transaction($pdo, static function (PDO $pdo) use ($records, &$counts, $onDamaged, $columns, $marks, $now): void {
            $status = $pdo->prepare('SELECT delivered_at, failures, last_error FROM temp.old_status WHERE id = ?');
            $insert = $pdo->prepare("INSERT OR IGNORE INTO messages (id, received_at, $columns) VALUES (?, ?, $marks)");
            // That version knew the mail alone: its state is the mail's delivery's.
            $delivery = $pdo->prepare('INSERT INTO deliveries (message_id, channel, state, attempts, next_attempt_at, last_error, delivered_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
            foreach ($records as $record) {
                $fields = $record['fields'] ?? null;
                $known = is_array($fields) ? array_intersect_key($fields, CONTACT_FIELDS) : null;
                // Ids name outbox files and go into a Message-ID: letters, digits, _ and - only.
                if ($known === null || array_filter($known, 'is_string') !== $known || preg_match('/^[\w-]{1,64}$/D', $record['id']) !== 1) {
                    $onDamaged(json_encode($record, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE));
                    continue;
                }
                $status->execute([$record['id']]);
                $old = $status->fetch() ?: ['delivered_at' => null, 'failures' => 0, 'last_error' => null];
                $delivered = $old['delivered_at'] !== null;
                $insert->execute([
                    $record['id'],
                    strtotime((string) ($record['time'] ?? '')) ?: $now,
                    ...array_map(static fn (string $name): string => $known[$name] ?? '', array_keys(CONTACT_FIELDS)),
                ]);
                $new = $insert->rowCount() === 1;
                if ($new) {
                    $delivery->execute([
                        $record['id'],
                        contact_primary_channel(),
                        $delivered ? 'delivered' : 'pending',
                        (int) $old['failures'] + ($delivered ? 1 : 0),
                        $delivered ? null : $now,
                        $delivered ? null : $old['last_error'],
                        $old['delivered_at'],
                    ]);
                }
                $counts[$new ? 'imported' : 'present']++;
                $counts['pending'] += $new && !$delivered ? 1 : 0;
            }
        });
    });
    $pdo->exec('DROP TABLE temp.old_status');
    return $counts;
}

/** @param array{imported: int, present: int, damaged: int, pending: int} $counts */
function contact_import_summary(array $counts): string
{
    return sprintf(
        '%s (%d due for delivery); %d already there; %s',
        contact_count($counts['imported'], 'message'), $counts['pending'], $counts['present'], contact_count($counts['damaged'], 'damaged line'),
    );
}

/**
 * Hands the items to $work in lists of up to $size.
 *
 * @param iterable<mixed> $items
 * @param callable(list<mixed>): void $work
 */
function contact_batches(iterable $items, callable $work, int $size = 500): void
{
    $batch = [];
    foreach ($items as $item) {
        $batch[] = $item;
        if (count($batch) === $size) {
            $work($batch);
            $batch = [];
        }
    }
    if ($batch !== []) {
        $work($batch);
    }
}

/**
 * The records of a JSON lines file of the previous version, read line by line. A write that a
 * full disk cut short left a torn line, and the next record was appended to it: that record is
 * whole after the tear, and is recovered. What cannot be read goes to $damaged.
 *
 * @param callable(string): void $damaged
 * @return Generator<int, array<string, mixed>>
 */
function contact_jsonl_records(string $file, callable $damaged): Generator
{
    if (!is_file($file)) {
        return;
    }
    $handle = fopen($file, 'rb');
    try {
        while (($line = fgets($handle)) !== false) {
            $line = rtrim($line, "\r\n");
            if (trim($line) === '') {
                continue;
            }
            $tear = strrpos($line, '{"id":');
            // Two records on one line: the first whole but for its newline, or torn.
            $parts = is_array(json_decode($line, true)) || !$tear ? [$line] : [substr($line, 0, $tear), substr($line, $tear)];
            foreach ($parts as $part) {
                $record = json_decode($part, true);
                if (is_array($record) && isset($record['id']) && is_string($record['id'])) {
                    yield $record;
                } else {
                    $damaged($part);
                }
            }
        }
    } finally {
        fclose($handle);
    }
}

/** Web requests import an old store by themselves only when it is this small (about 2 000 messages); cron imports any. */
const CONTACT_WEB_IMPORT_MAX_BYTES = 1 << 20;

/**
 * The first time this code meets a store of the previous version (messages.jsonl), it imports it
 * and removes the old files, so retention and erasure reach every copy of a message. Lines it
 * cannot read are kept in messages-damaged.jsonl for the operator to look at. One process
 * imports at a time; a web request leaves a large store to the command line.
 */
function contact_store_upgrade(array $config, PDO $pdo, bool $commandLine): void
{
    $dir = $config['MAIL_STORAGE_DIR'];
    if (!contact_store_awaits_import($config, $pdo) || (!$commandLine && filesize("$dir/messages.jsonl") > CONTACT_WEB_IMPORT_MAX_BYTES)) {
        return;
    }
    // The lock file stays: removing it would let two processes lock two different files.
    $lock = fopen("$dir/import.lock", 'c');
    if (!flock($lock, LOCK_EX | LOCK_NB)) {
        fclose($lock);
        return;
    }
    try {
        // Another process may have finished the import while this one opened the store.
        if (!contact_store_awaits_import($config, $pdo)) {
            return;
        }
        $kept = "$dir/messages-damaged.jsonl";
        // Written aside and renamed at the end, so an import that is tried again writes no line twice.
        file_put_contents("$kept.tmp", '');
        $counts = contact_store_import_jsonl($pdo, $dir, static function (string $line) use ($kept): void {
            file_put_contents("$kept.tmp", "$line\n", FILE_APPEND);
        });
        if ($counts['damaged'] > 0) {
            rename("$kept.tmp", $kept);
        } else {
            unlink("$kept.tmp");
        }
        $summary = 'on ' . gmdate('Y-m-d H:i') . ' UTC: ' . contact_import_summary($counts) . ($counts['damaged'] > 0 ? ', kept in messages-damaged.jsonl' : '');
        $pdo->prepare("INSERT OR REPLACE INTO settings (name, value) VALUES ('jsonl_imported', ?)")->execute([$summary]);
        contact_log("contact store: imported $dir/messages.jsonl $summary");
        $old = ["$dir/messages.jsonl", "$dir/status.jsonl", "$dir/deliver.lock", ...(glob("$dir/ratelimit/*") ?: []), ...(glob("$dir/locks/*") ?: [])];
        foreach ($old as $file) {
            @unlink($file);
        }
        @rmdir("$dir/ratelimit");
        @rmdir("$dir/locks");
    } finally {
        flock($lock, LOCK_UN);
        fclose($lock);
    }
}

/** Whether a store of the previous version waits to be imported. */
function contact_store_awaits_import(array $config, PDO $pdo): bool
{
    return is_file($config['MAIL_STORAGE_DIR'] . '/messages.jsonl') && contact_store_setting($pdo, 'jsonl_imported') === null;
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
