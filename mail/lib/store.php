<?php
// The lead store: one SQLite database in MAIL_STORAGE_DIR, through PDO. Every accepted message
// is a row, committed before the visitor is thanked; its delivery state changes only here, each
// change one transaction: pending → sending (claimed with a lease, so no two processes send it)
// → delivered, or back to pending with a later next attempt, or dead once it is given up.
// Rate-limit counters live here too. Every query uses an index: no request reads a whole table.
declare(strict_types=1);

const CONTACT_STORE_FILE = 'messages.sqlite';
const CONTACT_SCHEMA_VERSION = 1;
/** How long a write waits for another process's transaction before it fails. */
const CONTACT_BUSY_MS = 5000;
/** How long a claimed message is left to its sender before another process may take it over. */
const CONTACT_LEASE_SECONDS = 300;
/** Waits after the first, second, … failed attempt; the last one repeats. */
const CONTACT_BACKOFF = [600, 1800, 7200, 21600, 86400];
const CONTACT_STATES = ['pending', 'sending', 'delivered', 'dead'];
/** A message undelivered for longer than this makes the store unhealthy. */
const CONTACT_PENDING_ALERT_SECONDS = 3600;

/** Creates a directory that the web server never serves (deny-all .htaccess). */
function contact_private_dir(string $dir): void
{
    if (!is_dir($dir) && !@mkdir($dir, 0770, true) && !is_dir($dir)) {
        throw new RuntimeException("cannot create $dir: " . (error_get_last()['message'] ?? 'unknown error'));
    }
    $htaccess = "$dir/.htaccess";
    if (!is_file($htaccess)) {
        $rules = "# Private data of the contact endpoint: never served.\nRequire all denied\n"
            . "<IfModule !mod_authz_core.c>\n  Deny from all\n</IfModule>\n";
        if (file_put_contents($htaccess, $rules) === false) {
            throw new RuntimeException("cannot protect $dir");
        }
    }
}

function contact_store_file(array $config): string
{
    return $config['MAIL_STORAGE_DIR'] . '/' . CONTACT_STORE_FILE;
}

/**
 * Opens the store, creating, migrating and (once) importing an older JSON lines store as needed.
 * The web endpoint creates the storage directory; the command line does not ($createDir false:
 * null when there is none), so a root cron run cannot leave a directory the web server can't
 * write. A database the command line creates as root is handed to the directory's owner.
 */
function contact_store_open(array $config, bool $createDir = true): ?PDO
{
    if (!extension_loaded('pdo_sqlite')) {
        throw new RuntimeException('PHP has no pdo_sqlite: install it (Debian, Ubuntu: apt-get install php-sqlite3)');
    }
    $dir = $config['MAIL_STORAGE_DIR'];
    $file = contact_store_file($config);
    $created = !is_file($file);
    if ($created) {
        if (!$createDir && !is_dir($dir)) {
            return null;
        }
        contact_private_dir($dir);
    }
    $pdo = new PDO('sqlite:' . $file, null, null, [
        PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,
        PDO::ATTR_DEFAULT_FETCH_MODE => PDO::FETCH_ASSOC,
        PDO::ATTR_TIMEOUT => intdiv(CONTACT_BUSY_MS, 1000),
    ]);
    $pdo->exec('PRAGMA busy_timeout = ' . CONTACT_BUSY_MS);
    // WAL: readers never wait for the writer. FULL: a commit is on disk before anyone is thanked.
    if ($pdo->query('PRAGMA journal_mode')->fetchColumn() !== 'wal') {
        $pdo->query('PRAGMA journal_mode = WAL');
    }
    $pdo->exec('PRAGMA synchronous = FULL');
    if ($created && fileowner($file) === 0 && fileowner($dir) !== 0) {
        chown($file, fileowner($dir));
        chgrp($file, filegroup($dir));
    }
    contact_store_migrate($pdo);
    contact_store_upgrade($config, $pdo);
    return $pdo;
}

/**
 * Runs $work in one write transaction (taken at once, so it never fails halfway for a lock) and
 * returns its result; nothing of it stays when it throws.
 *
 * @template T
 * @param callable(PDO): T $work
 * @return T
 */
function contact_store_transaction(PDO $pdo, callable $work): mixed
{
    $pdo->exec('BEGIN IMMEDIATE');
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

/** Brings the schema to CONTACT_SCHEMA_VERSION; PRAGMA user_version says where it stands. */
function contact_store_migrate(PDO $pdo): void
{
    $version = (int) $pdo->query('PRAGMA user_version')->fetchColumn();
    if ($version > CONTACT_SCHEMA_VERSION) {
        throw new RuntimeException("the store has schema version $version, newer than this code knows: deploy the newer version");
    }
    if ($version === CONTACT_SCHEMA_VERSION) {
        return;
    }
    contact_store_transaction($pdo, static function (PDO $pdo): void {
        // Another process may have migrated while this one waited for the lock.
        $version = (int) $pdo->query('PRAGMA user_version')->fetchColumn();
        if ($version < 1) {
            $pdo->exec(<<<'SQL'
                CREATE TABLE messages (
                    id TEXT PRIMARY KEY,
                    received_at INTEGER NOT NULL,
                    firstName TEXT NOT NULL,
                    lastName TEXT NOT NULL,
                    email TEXT NOT NULL,
                    company TEXT NOT NULL,
                    subject TEXT NOT NULL,
                    phone TEXT NOT NULL,
                    message TEXT NOT NULL,
                    state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'delivered', 'dead')),
                    attempts INTEGER NOT NULL DEFAULT 0,
                    next_attempt_at INTEGER,
                    lease_until INTEGER,
                    last_error TEXT,
                    delivered_at INTEGER
                );
                CREATE INDEX messages_due ON messages (state, next_attempt_at);
                CREATE INDEX messages_state_received ON messages (state, received_at);
                CREATE INDEX messages_received ON messages (received_at);
                CREATE INDEX messages_email ON messages (email COLLATE NOCASE);
                CREATE TABLE rate_hits (client TEXT NOT NULL, expires_at INTEGER NOT NULL);
                CREATE INDEX rate_hits_client ON rate_hits (client);
                CREATE INDEX rate_hits_expires ON rate_hits (expires_at);
                CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
                SQL);
            // The key of the rate limit's hashes: without it, a hash of an address is no clue to it.
            $pdo->prepare("INSERT INTO settings (name, value) VALUES ('rate_limit_secret', ?)")
                ->execute([bin2hex(random_bytes(32))]);
        }
        $pdo->exec('PRAGMA user_version = ' . CONTACT_SCHEMA_VERSION);
    });
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

/**
 * Stores an accepted message and counts it against its client's rate limit, in one transaction.
 * The client's address is kept only as a keyed hash, and only until its window ends.
 *
 * @param array<string, string> $fields the seven validated fields
 * @return array{id: ?string, wait: int} the new message's id, or the seconds to wait when the limit is reached
 */
function contact_store_accept(PDO $pdo, array $config, array $fields, string $client): array
{
    [$limit, $window] = contact_rate_limit($config);
    $now = time();
    return contact_store_transaction($pdo, static function (PDO $pdo) use ($fields, $client, $limit, $window, $now): array {
        $pdo->prepare('DELETE FROM rate_hits WHERE expires_at <= ?')->execute([$now]);
        if ($limit > 0) {
            $key = hash_hmac('sha256', contact_rate_limit_key($client), (string) contact_store_setting($pdo, 'rate_limit_secret'));
            $hits = $pdo->prepare('SELECT count(*) AS hits, min(expires_at) AS first FROM rate_hits WHERE client = ?');
            $hits->execute([$key]);
            $row = $hits->fetch();
            if ((int) $row['hits'] >= $limit) {
                return ['id' => null, 'wait' => max(1, (int) $row['first'] - $now)];
            }
            $pdo->prepare('INSERT INTO rate_hits (client, expires_at) VALUES (?, ?)')->execute([$key, $now + $window]);
        }
        $id = contact_new_id();
        $columns = implode(', ', array_keys(CONTACT_FIELDS));
        $marks = implode(', ', array_fill(0, count(CONTACT_FIELDS), '?'));
        $pdo->prepare("INSERT INTO messages (id, received_at, $columns, state, next_attempt_at) VALUES (?, ?, $marks, 'pending', ?)")
            ->execute([$id, $now, ...array_values(array_merge(array_fill_keys(array_keys(CONTACT_FIELDS), ''), $fields)), $now]);
        return ['id' => $id, 'wait' => 0];
    });
}

/**
 * Claims a message for one delivery attempt: it must be due (or its last sender's lease must
 * have run out) and nobody else may have claimed it. The conditional UPDATE is the claim.
 *
 * @return ?array<string, mixed> the claimed message, or null
 */
function contact_store_claim(PDO $pdo, string $id): ?array
{
    $now = time();
    return contact_store_transaction($pdo, static function (PDO $pdo) use ($id, $now): ?array {
        $claim = $pdo->prepare("UPDATE messages SET state = 'sending', attempts = attempts + 1, lease_until = :lease
            WHERE id = :id AND ((state = 'pending' AND next_attempt_at <= :due) OR (state = 'sending' AND lease_until <= :expired))");
        $claim->execute(['lease' => $now + CONTACT_LEASE_SECONDS, 'id' => $id, 'due' => $now, 'expired' => $now]);
        if ($claim->rowCount() !== 1) {
            return null;
        }
        return contact_store_message($pdo, $id);
    });
}

/**
 * Records how a claimed attempt ended. A failure waits per CONTACT_BACKOFF, or makes the message
 * dead when it was received $giveUpHours or more ago, or can never succeed ($permanent).
 *
 * @return ?string the message's new state; null when it was no longer this sender's to settle
 */
function contact_store_settle(PDO $pdo, string $id, ?string $error, int $giveUpHours, bool $permanent = false): ?string
{
    $now = time();
    return contact_store_transaction($pdo, static function (PDO $pdo) use ($id, $error, $giveUpHours, $permanent, $now): ?string {
        $message = contact_store_message($pdo, $id);
        if ($message === null || $message['state'] !== 'sending') {
            return null;
        }
        if ($error === null) {
            $pdo->prepare("UPDATE messages SET state = 'delivered', delivered_at = ?, lease_until = NULL, next_attempt_at = NULL, last_error = NULL WHERE id = ?")
                ->execute([$now, $id]);
            return 'delivered';
        }
        $dead = $permanent || $now >= (int) $message['received_at'] + $giveUpHours * 3600;
        $wait = CONTACT_BACKOFF[min((int) $message['attempts'], count(CONTACT_BACKOFF)) - 1] ?? CONTACT_BACKOFF[0];
        $pdo->prepare('UPDATE messages SET state = ?, next_attempt_at = ?, lease_until = NULL, last_error = ? WHERE id = ?')
            ->execute([$dead ? 'dead' : 'pending', $dead ? null : $now + $wait, substr($error, 0, 1000), $id]);
        return $dead ? 'dead' : 'pending';
    });
}

/** @return list<string> the ids of the messages due for an attempt at $now, longest waiting first */
function contact_store_due(PDO $pdo, int $now): array
{
    $due = $pdo->prepare("SELECT id, next_attempt_at AS since FROM messages WHERE state = 'pending' AND next_attempt_at <= :due
        UNION ALL SELECT id, lease_until FROM messages WHERE state = 'sending' AND lease_until <= :expired ORDER BY since, id");
    $due->execute(['due' => $now, 'expired' => $now]);
    return $due->fetchAll(PDO::FETCH_COLUMN);
}

/** @return ?array<string, mixed> */
function contact_store_message(PDO $pdo, string $id): ?array
{
    $query = $pdo->prepare('SELECT * FROM messages WHERE id = ?');
    $query->execute([$id]);
    $message = $query->fetch();
    return is_array($message) ? $message : null;
}

/**
 * Messages oldest first, one at a time, so a long list never sits in memory.
 *
 * @return Generator<int, array<string, mixed>>
 */
function contact_store_messages(PDO $pdo, ?string $state = null, ?int $since = null): Generator
{
    $where = [];
    $values = [];
    if ($state !== null) {
        $where[] = 'state = ?';
        $values[] = $state;
    }
    if ($since !== null) {
        $where[] = 'received_at >= ?';
        $values[] = $since;
    }
    $query = $pdo->prepare('SELECT * FROM messages' . ($where === [] ? '' : ' WHERE ' . implode(' AND ', $where)) . ' ORDER BY received_at, rowid');
    $query->execute($values);
    while (($message = $query->fetch()) !== false) {
        yield $message;
    }
}

/** @return array<string, int> the number of messages in each state */
function contact_store_counts(PDO $pdo): array
{
    $counts = array_fill_keys(CONTACT_STATES, 0);
    foreach ($pdo->query('SELECT state, count(*) AS n FROM messages GROUP BY state') as $row) {
        $counts[$row['state']] = (int) $row['n'];
    }
    return $counts;
}

/**
 * What monitoring needs, from two index lookups however large the store.
 *
 * @return array{oldestUndelivered: ?int, dead: bool} when the oldest pending (or sending) message was received
 */
function contact_store_health(PDO $pdo): array
{
    $oldest = $pdo->query("SELECT min(received_at) FROM (
        SELECT min(received_at) AS received_at FROM messages WHERE state = 'pending'
        UNION ALL SELECT min(received_at) FROM messages WHERE state = 'sending')")->fetchColumn();
    $dead = $pdo->query("SELECT EXISTS (SELECT 1 FROM messages WHERE state = 'dead')")->fetchColumn();
    return ['oldestUndelivered' => $oldest === null ? null : (int) $oldest, 'dead' => (bool) $dead];
}

/** Whether nothing waits too long and nothing is given up. */
function contact_store_healthy(PDO $pdo, int $now): bool
{
    $health = contact_store_health($pdo);
    return !$health['dead'] && ($health['oldestUndelivered'] === null || $now - $health['oldestUndelivered'] <= CONTACT_PENDING_ALERT_SECONDS);
}

/**
 * Makes a pending or dead message due now.
 *
 * @return string its state before: pending or dead; or why nothing changed (missing, sending, delivered)
 */
function contact_store_retry(PDO $pdo, string $id): string
{
    return contact_store_transaction($pdo, static function (PDO $pdo) use ($id): string {
        $message = contact_store_message($pdo, $id);
        if ($message === null) {
            return 'missing';
        }
        if (in_array($message['state'], ['pending', 'dead'], true)) {
            $pdo->prepare("UPDATE messages SET state = 'pending', next_attempt_at = ? WHERE id = ?")->execute([time(), $id]);
        }
        return $message['state'];
    });
}

/** @return list<string> the ids of the dead messages, now due again */
function contact_store_retry_dead(PDO $pdo): array
{
    return contact_store_transaction($pdo, static function (PDO $pdo): array {
        $ids = $pdo->query("SELECT id FROM messages WHERE state = 'dead'")->fetchAll(PDO::FETCH_COLUMN);
        $pdo->prepare("UPDATE messages SET state = 'pending', next_attempt_at = ? WHERE state = 'dead'")->execute([time()]);
        return $ids;
    });
}

/**
 * Deletes up to $batch messages in the given states received before $before (never pending or
 * sending ones), and expired rate-limit counters.
 *
 * @param list<string> $states delivered and/or dead
 * @return list<string> the ids deleted
 */
function contact_store_delete_old(PDO $pdo, array $states, int $before, int $batch = 500): array
{
    $states = array_values(array_intersect($states, ['delivered', 'dead']));
    if ($states === []) {
        return [];
    }
    return contact_store_transaction($pdo, static function (PDO $pdo) use ($states, $before, $batch): array {
        $pdo->prepare('DELETE FROM rate_hits WHERE expires_at <= ?')->execute([time()]);
        $ids = [];
        foreach ($states as $state) {
            $query = $pdo->prepare('SELECT id FROM messages WHERE state = ? AND received_at < ? LIMIT ?');
            $query->execute([$state, $before, $batch]);
            $ids = [...$ids, ...$query->fetchAll(PDO::FETCH_COLUMN)];
        }
        contact_store_delete($pdo, $ids);
        return $ids;
    });
}

/**
 * Deletes every message sent from this address (letter case aside).
 *
 * @return list<array<string, mixed>> the messages deleted
 */
function contact_store_delete_sender(PDO $pdo, string $email): array
{
    return contact_store_transaction($pdo, static function (PDO $pdo) use ($email): array {
        $query = $pdo->prepare('SELECT * FROM messages WHERE email = ? COLLATE NOCASE ORDER BY received_at, rowid');
        $query->execute([trim($email)]);
        $messages = $query->fetchAll();
        contact_store_delete($pdo, array_column($messages, 'id'));
        return $messages;
    });
}

/** @param list<string> $ids */
function contact_store_delete(PDO $pdo, array $ids): void
{
    $delete = $pdo->prepare('DELETE FROM messages WHERE id = ?');
    foreach ($ids as $id) {
        $delete->execute([$id]);
    }
}

/**
 * Brings messages from the JSON lines store of the previous version into the database: those
 * status.jsonl marks delivered stay delivered (never sent again), the others are due now.
 * Lines already imported are left alone, so importing twice changes nothing.
 *
 * @return array{imported: int, present: int, damaged: int, pending: int}
 */
function contact_store_import_jsonl(PDO $pdo, string $messagesFile, string $statusFile): array
{
    $delivered = [];
    $failures = [];
    foreach (contact_jsonl_records($statusFile) as $entry) {
        if (($entry['status'] ?? '') === 'delivered') {
            $delivered[$entry['id']] = strtotime((string) ($entry['time'] ?? '')) ?: time();
        } elseif (($entry['status'] ?? '') === 'failed') {
            $failures[$entry['id']] = [($failures[$entry['id']][0] ?? 0) + 1, (string) ($entry['detail'] ?? 'failed')];
        }
    }
    $counts = ['imported' => 0, 'present' => 0, 'damaged' => 0, 'pending' => 0];
    $columns = implode(', ', array_keys(CONTACT_FIELDS));
    $marks = implode(', ', array_fill(0, count(CONTACT_FIELDS), '?'));
    $batch = [];
    $flush = static function () use ($pdo, &$batch, &$counts, $columns, $marks): void {
        contact_store_transaction($pdo, static function (PDO $pdo) use ($batch, &$counts, $columns, $marks): void {
            $insert = $pdo->prepare("INSERT OR IGNORE INTO messages
                (id, received_at, $columns, state, attempts, next_attempt_at, last_error, delivered_at)
                VALUES (?, ?, $marks, ?, ?, ?, ?, ?)");
            foreach ($batch as $row) {
                $insert->execute($row);
                $counts[$insert->rowCount() === 1 ? 'imported' : 'present']++;
                $counts['pending'] += $insert->rowCount() === 1 && $row[9] === 'pending' ? 1 : 0;
            }
        });
        $batch = [];
    };
    $now = time();
    foreach (contact_jsonl_records($messagesFile, $counts['damaged']) as $record) {
        $fields = $record['fields'] ?? null;
        if (!is_array($fields) || preg_match('/^[\w-]{1,64}$/', $record['id']) !== 1
            || array_filter(array_intersect_key($fields, CONTACT_FIELDS), 'is_string') !== array_intersect_key($fields, CONTACT_FIELDS)) {
            $counts['damaged']++;
            continue;
        }
        $id = $record['id'];
        $deliveredAt = $delivered[$id] ?? null;
        [$attempts, $error] = $failures[$id] ?? [0, null];
        $batch[] = [
            $id,
            strtotime((string) ($record['time'] ?? '')) ?: $now,
            ...array_map(static fn (string $name): string => $fields[$name] ?? '', array_keys(CONTACT_FIELDS)),
            $deliveredAt === null ? 'pending' : 'delivered',
            $attempts + ($deliveredAt === null ? 0 : 1),
            $deliveredAt === null ? $now : null,
            $deliveredAt === null ? $error : null,
            $deliveredAt,
        ];
        if (count($batch) === 500) {
            $flush();
        }
    }
    $flush();
    return $counts;
}

/** @param array{imported: int, present: int, damaged: int, pending: int} $counts */
function contact_import_summary(array $counts): string
{
    return sprintf(
        '%s (%d due for delivery); %d already there; %s skipped',
        contact_count($counts['imported'], 'message'), $counts['pending'], $counts['present'], contact_count($counts['damaged'], 'damaged line'),
    );
}

/**
 * The records of a JSON lines file, read line by line. Damaged lines (a torn write, a line glued
 * to another) are counted in $damaged and skipped.
 *
 * @return Generator<int, array<string, mixed>>
 */
function contact_jsonl_records(string $file, int &$damaged = 0): Generator
{
    if (!is_file($file)) {
        return;
    }
    $handle = fopen($file, 'rb');
    if ($handle === false) {
        throw new RuntimeException("cannot read $file");
    }
    try {
        while (($line = fgets($handle)) !== false) {
            if (trim($line) === '') {
                continue;
            }
            $record = json_decode($line, true);
            if (is_array($record) && isset($record['id']) && is_string($record['id'])) {
                yield $record;
            } else {
                $damaged++;
            }
        }
    } finally {
        fclose($handle);
    }
}

/**
 * The first time this code meets a store of the previous version (messages.jsonl), it imports it
 * and then removes the old files, so retention and erasure reach every copy of a message.
 */
function contact_store_upgrade(array $config, PDO $pdo): void
{
    $dir = $config['MAIL_STORAGE_DIR'];
    if (!is_file("$dir/messages.jsonl") || contact_store_setting($pdo, 'jsonl_imported') !== null) {
        return;
    }
    $counts = contact_store_import_jsonl($pdo, "$dir/messages.jsonl", "$dir/status.jsonl");
    $summary = 'on ' . gmdate('Y-m-d H:i') . ' UTC: ' . contact_import_summary($counts);
    $pdo->prepare("INSERT OR REPLACE INTO settings (name, value) VALUES ('jsonl_imported', ?)")->execute([$summary]);
    error_log("contact store: imported $dir/messages.jsonl $summary");
    $old = [
        "$dir/messages.jsonl", "$dir/status.jsonl", "$dir/deliver.lock",
        ...(glob("$dir/ratelimit/*") ?: []), ...(glob("$dir/locks/*") ?: []),
    ];
    foreach ($old as $file) {
        @unlink($file);
    }
    @rmdir("$dir/ratelimit");
    @rmdir("$dir/locks");
}
