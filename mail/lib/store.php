<?php
// The lead store: one SQLite database in MAIL_STORAGE_DIR, through PDO. Every accepted message
// is a row, committed before the visitor is thanked; its delivery state changes only here, each
// change one transaction: pending → sending (claimed with a lease, so no two processes send it)
// → delivered, or back to pending with a later next attempt, or dead once it is given up.
// A lead has up to two deliveries, each with its own state, attempts and backoff: the mail (the
// message's own columns) and, when MAIL_WEBHOOK_URL is set, the team webhook (hook_…); one
// failing never repeats the other. A message sent without a proof of work (lib/proof.php) is held instead: stored, never sent
// until the operator releases it. Rate-limit counters and the proofs used live here too. Every
// query uses an index: no request reads a whole table.
declare(strict_types=1);

const CONTACT_STORE_FILE = 'messages.sqlite';
const CONTACT_SCHEMA_VERSION = 3;
/** How long a write waits for another process's transaction before it fails. */
const CONTACT_BUSY_MS = 5000;
/** How long a claimed message is left to its sender before another process may take it over. */
const CONTACT_LEASE_SECONDS = 300;
/** Waits after the first, second, … failed attempt; the last one repeats. */
const CONTACT_BACKOFF = [600, 1800, 7200, 21600, 86400];
const CONTACT_STATES = ['held', 'pending', 'sending', 'delivered', 'dead'];
/** The two deliveries of a lead (lib/delivery.php). */
const CONTACT_CHANNELS = ['mail', 'webhook'];
/** A message undelivered for longer than this makes the store unhealthy. */
const CONTACT_PENDING_ALERT_SECONDS = 3600;
/** A held message nobody has looked at for longer than this makes the store unhealthy. */
const CONTACT_HELD_ALERT_SECONDS = 86400;
/** Held messages nobody released are deleted this many days after they came (/privacy says so). */
const CONTACT_HELD_DAYS = 30;

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

function contact_store_file(array $config): string
{
    return $config['MAIL_STORAGE_DIR'] . '/' . CONTACT_STORE_FILE;
}

/**
 * Opens the store, creating, migrating and (once) importing an older JSON lines store as needed.
 * The web creates the storage directory; the command line does not (null when there is none),
 * and runs as the directory's owner (lib/run-as.php), so it never leaves a file the web server
 * cannot write.
 */
function contact_store_open(array $config, bool $commandLine = false): ?PDO
{
    if (!extension_loaded('pdo_sqlite')) {
        throw new RuntimeException('PHP has no pdo_sqlite: install it (Debian, Ubuntu: apt-get install php-sqlite3)');
    }
    // Checked on every web request: a web server's rules can change under a store that exists.
    $problem = $commandLine ? null : contact_location_problem($config, true);
    if ($problem !== null) {
        throw new ContactLocationError($problem);
    }
    $dir = $config['MAIL_STORAGE_DIR'];
    $file = contact_store_file($config);
    if ($commandLine && !is_file($file) && !is_dir($dir)) {
        return null;
    }
    contact_private_dir($dir);
    if (!is_file($file)) {
        // Made here, as SQLite would make it 0640 under the umask: the group writes it too, and
        // the -wal and -shm files SQLite makes beside it take its mode.
        touch($file);
    }
    contact_private_mode($file, 0660);
    $pdo = new PDO('sqlite:' . $file, null, null, [
        PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,
        PDO::ATTR_DEFAULT_FETCH_MODE => PDO::FETCH_ASSOC,
        PDO::ATTR_TIMEOUT => intdiv(CONTACT_BUSY_MS, 1000),
    ]);
    $pdo->exec('PRAGMA busy_timeout = ' . CONTACT_BUSY_MS);
    // WAL: readers never wait for the writer. FULL: a commit is on disk before anyone is thanked.
    contact_store_use_wal($pdo);
    $pdo->exec('PRAGMA synchronous = FULL');
    // What is deleted (retention, erasure) is overwritten, not left in free pages.
    $pdo->exec('PRAGMA secure_delete = ON');
    contact_store_migrate($pdo);
    contact_store_move_legacy($config, $pdo);
    try {
        contact_store_upgrade($config, $pdo, $commandLine);
    } catch (Throwable $error) {
        // A failed import must not turn visitors away: the new store works, the health check
        // reports the old one as waiting, and cron or admin.php import it (and say why not).
        if ($commandLine) {
            throw $error;
        }
        contact_log('contact store: importing the old store failed: ' . $error->getMessage());
    }
    return $pdo;
}

/**
 * Puts a new store in WAL mode. The switch needs the database to itself and SQLite answers
 * "locked" at once instead of waiting, so visitors who arrive together at a store that does not
 * exist yet try again, briefly, until one of them has switched it.
 */
function contact_store_use_wal(PDO $pdo): void
{
    $deadline = microtime(true) + CONTACT_BUSY_MS / 1000;
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
            contact_store_create_messages($pdo, 'messages');
            contact_store_index_messages($pdo);
            $pdo->exec(<<<'SQL'
                CREATE TABLE rate_hits (client TEXT NOT NULL, expires_at INTEGER NOT NULL);
                CREATE INDEX rate_hits_client ON rate_hits (client);
                CREATE INDEX rate_hits_expires ON rate_hits (expires_at);
                CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
                SQL);
            // The key of the rate limit's hashes: without it, a hash of an address is no clue to it.
            $pdo->prepare("INSERT INTO settings (name, value) VALUES ('rate_limit_secret', ?)")
                ->execute([bin2hex(random_bytes(32))]);
        } elseif ($version < 2) {
            // Version 1 knew no held state, and SQLite cannot change a CHECK in place: the table
            // is made anew, as it is now, with its rows and indexes as they were.
            $columns = implode(', ', CONTACT_V1_COLUMNS);
            contact_store_create_messages($pdo, 'messages_new');
            $pdo->exec("INSERT INTO messages_new ($columns) SELECT $columns FROM messages; DROP TABLE messages; ALTER TABLE messages_new RENAME TO messages");
            contact_store_index_messages($pdo);
        } elseif ($version < 3) {
            // What led to each lead (lib/validation.php), unknown for the leads before; and the
            // webhook's delivery, which they never had.
            foreach ([...array_keys(CONTACT_ATTRIBUTION), ...CONTACT_WEBHOOK_COLUMNS] as $column) {
                $pdo->exec("ALTER TABLE messages ADD COLUMN $column");
            }
            $pdo->exec('CREATE INDEX messages_hook_due ON messages (hook_state, hook_next_attempt_at)');
        }
        if ($version < 2) {
            $pdo->exec(<<<'SQL'
                CREATE TABLE proofs_used (challenge TEXT PRIMARY KEY, expires_at INTEGER NOT NULL) WITHOUT ROWID;
                CREATE INDEX proofs_used_expires ON proofs_used (expires_at);
                SQL);
            // The key challenges are signed with (lib/proof.php).
            $pdo->prepare("INSERT INTO settings (name, value) VALUES ('proof_secret', ?)")->execute([bin2hex(random_bytes(32))]);
        }
        $pdo->exec('PRAGMA user_version = ' . CONTACT_SCHEMA_VERSION);
    });
}

/** The webhook's delivery (lib/delivery.php): hook_state is null for a lead it was never meant for. */
const CONTACT_WEBHOOK_COLUMNS = [
    'hook_state TEXT',
    'hook_attempts INTEGER NOT NULL DEFAULT 0',
    'hook_next_attempt_at INTEGER',
    'hook_lease_until INTEGER',
    'hook_last_error TEXT',
    'hook_delivered_at INTEGER',
];

/** The columns of the messages table in schema version 1, which later versions add to. */
const CONTACT_V1_COLUMNS = ['id', 'received_at', 'firstName', 'lastName', 'email', 'company', 'subject', 'phone', 'message', 'state', 'attempts', 'next_attempt_at', 'lease_until', 'last_error', 'delivered_at'];

/** The messages table of the current schema, under $name (a migration builds it aside), without its indexes. */
function contact_store_create_messages(PDO $pdo, string $name): void
{
    $states = implode(', ', array_map(static fn (string $state): string => "'$state'", CONTACT_STATES));
    $added = implode(",\n", [...array_map(static fn (string $name): string => "$name TEXT", array_keys(CONTACT_ATTRIBUTION)), ...CONTACT_WEBHOOK_COLUMNS]);
    $pdo->exec(<<<SQL
        CREATE TABLE $name (
            id TEXT PRIMARY KEY,
            received_at INTEGER NOT NULL,
            firstName TEXT NOT NULL,
            lastName TEXT NOT NULL,
            email TEXT NOT NULL,
            company TEXT NOT NULL,
            subject TEXT NOT NULL,
            phone TEXT NOT NULL,
            message TEXT NOT NULL,
            state TEXT NOT NULL CHECK (state IN ($states)),
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_at INTEGER,
            lease_until INTEGER,
            last_error TEXT,
            delivered_at INTEGER,
            $added
        )
        SQL);
}

/** The messages table's indexes: every query of the endpoint and the health check uses one. */
function contact_store_index_messages(PDO $pdo): void
{
    $pdo->exec(<<<'SQL'
        CREATE INDEX messages_due ON messages (state, next_attempt_at);
        CREATE INDEX messages_state_received ON messages (state, received_at);
        CREATE INDEX messages_received ON messages (received_at);
        CREATE INDEX messages_email ON messages (email COLLATE NOCASE);
        CREATE INDEX messages_hook_due ON messages (hook_state, hook_next_attempt_at);
        SQL);
}

/**
 * A delivery's columns: the mail's are the message's own, the webhook's start with hook_.
 *
 * @return array{state: string, attempts: string, next: string, lease: string, error: string, delivered: string}
 */
function contact_channel(string $channel): array
{
    $prefix = match ($channel) {
        'mail' => '',
        'webhook' => 'hook_',
    };
    return [
        'state' => "{$prefix}state",
        'attempts' => "{$prefix}attempts",
        'next' => "{$prefix}next_attempt_at",
        'lease' => "{$prefix}lease_until",
        'error' => "{$prefix}last_error",
        'delivered' => "{$prefix}delivered_at",
    ];
}

function contact_store_setting(PDO $pdo, string $name): ?string
{
    $query = $pdo->prepare('SELECT value FROM settings WHERE name = ?');
    $query->execute([$name]);
    $value = $query->fetchColumn();
    return is_string($value) ? $value : null;
}

/**
 * Copies every message and setting of another store of this schema (the one an earlier version
 * kept in mail/storage) into this one, in one transaction; those already here are left alone,
 * so copying twice changes nothing. Delivery states come along: a delivered message is never
 * sent again. Rate-limit counters stay behind: they expire within minutes.
 *
 * @return int the messages copied
 */
function contact_store_copy_from(PDO $pdo, string $file): int
{
    $pdo->prepare('ATTACH DATABASE ? AS other')->execute([$file]);
    try {
        $version = (int) $pdo->query('PRAGMA other.user_version')->fetchColumn();
        if ($version < 1 || $version > CONTACT_SCHEMA_VERSION) {
            throw new RuntimeException("$file has schema version $version, this code " . CONTACT_SCHEMA_VERSION . ': open it once with the version that wrote it');
        }
        return contact_store_transaction($pdo, static function (PDO $pdo): int {
            // The other store's columns, all of which this one has: an older one has fewer.
            $columns = implode(', ', array_column($pdo->query('PRAGMA other.table_info(messages)')->fetchAll(), 'name'));
            $copied = $pdo->exec("INSERT OR IGNORE INTO main.messages ($columns) SELECT $columns FROM other.messages");
            // This store's own keys stay: proofs signed with them are out there.
            $pdo->exec("INSERT OR IGNORE INTO main.settings SELECT * FROM other.settings WHERE name <> 'proof_secret'");
            return (int) $copied;
        });
    } finally {
        $pdo->exec('DETACH DATABASE other');
    }
}

function contact_new_id(): string
{
    return gmdate('Ymd\THis\Z') . '-' . bin2hex(random_bytes(6));
}

/**
 * Stores an accepted message, spends its proof and counts it against its client's rate limit, in
 * one transaction. A message without a proof (a form posted without JavaScript, or a script) is
 * held: stored, not sent. A message refused (its proof expired or spent, or its client over the
 * limit) leaves its proof unspent. The client's address is kept only as a keyed hash, and only
 * until its window ends.
 *
 * @param array<string, ?string> $fields the seven validated fields, and what is known of the attribution (lib/validation.php)
 * @param ?array{challenge: string, expires: int} $proof a proof whose signature holds (lib/proof.php), or null
 * @param ?int $now the request's clock; by default the time when the store is locked for it
 * @return array{id: ?string, wait: int, refused: ?string} the new message's id; or null with the seconds to wait when the limit is reached, or with why the proof is refused: expired or reused
 */
function contact_store_accept(PDO $pdo, array $config, array $fields, string $client, ?array $proof, ?int $now = null): array
{
    [$limit, $window] = contact_rate_limit($config);
    $webhook = $config['MAIL_WEBHOOK_URL'] !== '';
    return contact_store_transaction($pdo, static function (PDO $pdo) use ($fields, $client, $proof, $webhook, $limit, $window, $now): array {
        // One clock for the request, read once no other request can change the store: the proof's
        // expiry and the clean-up of spent proofs agree on the second, so a proof that passes in
        // its last second is still on record as spent for anyone else in that second.
        $now ??= time();
        if ($proof !== null) {
            if ($proof['expires'] <= $now) {
                return ['id' => null, 'wait' => 0, 'refused' => 'expired'];
            }
            $pdo->prepare('DELETE FROM proofs_used WHERE expires_at <= ?')->execute([$now]);
            $spent = $pdo->prepare('SELECT 1 FROM proofs_used WHERE challenge = ?');
            $spent->execute([$proof['challenge']]);
            if ($spent->fetchColumn() !== false) {
                return ['id' => null, 'wait' => 0, 'refused' => 'reused'];
            }
        }
        $pdo->prepare('DELETE FROM rate_hits WHERE expires_at <= ?')->execute([$now]);
        if ($limit > 0) {
            $key = hash_hmac('sha256', contact_rate_limit_key($client), (string) contact_store_setting($pdo, 'rate_limit_secret'));
            $hits = $pdo->prepare('SELECT count(*) AS hits, min(expires_at) AS first FROM rate_hits WHERE client = ?');
            $hits->execute([$key]);
            $row = $hits->fetch();
            if ((int) $row['hits'] >= $limit) {
                // The proof stays unspent: the visitor may send it again once the window allows.
                return ['id' => null, 'wait' => max(1, (int) $row['first'] - $now), 'refused' => null];
            }
            $pdo->prepare('INSERT INTO rate_hits (client, expires_at) VALUES (?, ?)')->execute([$key, $now + $window]);
        }
        if ($proof !== null) {
            $pdo->prepare('INSERT INTO proofs_used (challenge, expires_at) VALUES (?, ?)')->execute([$proof['challenge'], $proof['expires']]);
        }
        $id = contact_new_id();
        $names = [...array_keys(CONTACT_FIELDS), ...array_keys(CONTACT_ATTRIBUTION)];
        $values = array_map(static fn (string $name): ?string => $fields[$name] ?? (isset(CONTACT_FIELDS[$name]) ? '' : null), $names);
        $columns = implode(', ', $names);
        $marks = implode(', ', array_fill(0, count($names), '?'));
        // A held lead goes nowhere until it is released; then to the webhook too, if one is set.
        $state = $proof === null ? 'held' : 'pending';
        $hook = $proof !== null && $webhook ? 'pending' : null;
        $pdo->prepare("INSERT INTO messages (id, received_at, $columns, state, next_attempt_at, hook_state, hook_next_attempt_at) VALUES (?, ?, $marks, ?, ?, ?, ?)")
            ->execute([$id, $now, ...$values, $state, $proof === null ? null : $now, $hook, $hook === null ? null : $now]);
        return ['id' => $id, 'wait' => 0, 'refused' => null];
    });
}

/**
 * Claims a message for one delivery attempt: it must be due (or its last sender's lease must
 * have run out) and nobody else may have claimed it. The conditional UPDATE is the claim.
 *
 * @return ?array<string, mixed> the claimed message, or null
 */
function contact_store_claim(PDO $pdo, string $id, string $channel = 'mail'): ?array
{
    $now = time();
    ['state' => $state, 'attempts' => $attempts, 'next' => $next, 'lease' => $lease] = contact_channel($channel);
    return contact_store_transaction($pdo, static function (PDO $pdo) use ($id, $now, $state, $attempts, $next, $lease): ?array {
        $claim = $pdo->prepare("UPDATE messages SET $state = 'sending', $attempts = $attempts + 1, $lease = :lease
            WHERE id = :id AND (($state = 'pending' AND $next <= :due) OR ($state = 'sending' AND $lease <= :expired))");
        $claim->execute(['lease' => $now + CONTACT_LEASE_SECONDS, 'id' => $id, 'due' => $now, 'expired' => $now]);
        if ($claim->rowCount() !== 1) {
            return null;
        }
        return contact_store_message($pdo, $id);
    });
}

/**
 * Records how a claimed attempt of a channel ended. A failure waits per CONTACT_BACKOFF, or makes
 * that delivery dead when the message was received $giveUpHours or more ago, or can never succeed ($permanent).
 * $claim is the claimed message: only the latest claim may settle (a sender whose lease ran out
 * and was taken over must not undo what the new one records).
 *
 * @param array<string, mixed> $claim
 * @return ?string the message's new state; null when it was no longer this sender's to settle
 */
function contact_store_settle(PDO $pdo, array $claim, ?string $error, int $giveUpHours, bool $permanent = false, string $channel = 'mail'): ?string
{
    $now = time();
    $id = $claim['id'];
    $c = contact_channel($channel);
    return contact_store_transaction($pdo, static function (PDO $pdo) use ($id, $claim, $error, $giveUpHours, $permanent, $now, $c): ?string {
        $message = contact_store_message($pdo, $id);
        if ($message === null || $message[$c['state']] !== 'sending' || (int) $message[$c['attempts']] !== (int) $claim[$c['attempts']]) {
            return null;
        }
        if ($error === null) {
            $pdo->prepare("UPDATE messages SET {$c['state']} = 'delivered', {$c['delivered']} = ?, {$c['lease']} = NULL, {$c['next']} = NULL, {$c['error']} = NULL WHERE id = ?")
                ->execute([$now, $id]);
            return 'delivered';
        }
        $dead = $permanent || $now >= (int) $message['received_at'] + $giveUpHours * 3600;
        $wait = CONTACT_BACKOFF[min((int) $message[$c['attempts']], count(CONTACT_BACKOFF)) - 1] ?? CONTACT_BACKOFF[0];
        $pdo->prepare("UPDATE messages SET {$c['state']} = ?, {$c['next']} = ?, {$c['lease']} = NULL, {$c['error']} = ? WHERE id = ?")
            ->execute([$dead ? 'dead' : 'pending', $dead ? null : $now + $wait, substr($error, 0, 1000), $id]);
        return $dead ? 'dead' : 'pending';
    });
}

/** @return list<string> the ids of the messages whose delivery by $channel is due at $now: longest due first, then oldest */
function contact_store_due(PDO $pdo, int $now, string $channel = 'mail'): array
{
    ['state' => $state, 'next' => $next, 'lease' => $lease] = contact_channel($channel);
    $due = $pdo->prepare("SELECT id, $next AS since, received_at FROM messages WHERE $state = 'pending' AND $next <= :due
        UNION ALL SELECT id, $lease, received_at FROM messages WHERE $state = 'sending' AND $lease <= :expired
        ORDER BY since, received_at, id");
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

/** @return array<string, int> the number of messages in each state of a channel's delivery (the webhook's: of the leads meant for it) */
function contact_store_counts(PDO $pdo, string $channel = 'mail'): array
{
    $state = contact_channel($channel)['state'];
    $counts = array_fill_keys($channel === 'mail' ? CONTACT_STATES : array_diff(CONTACT_STATES, ['held']), 0);
    foreach ($pdo->query("SELECT $state AS state, count(*) AS n FROM messages WHERE $state IS NOT NULL GROUP BY $state") as $row) {
        $counts[$row['state']] = (int) $row['n'];
    }
    return $counts;
}

/**
 * What monitoring needs, from index lookups however large the store.
 *
 * @return array{oldestUndelivered: ?int, oldestHeld: ?int, dead: bool} when the oldest message with a delivery pending (or sending) and the oldest held message were received; whether a delivery is dead
 */
function contact_store_health(PDO $pdo): array
{
    $oldest = $pdo->query("SELECT min(received_at) FROM (
        SELECT min(received_at) AS received_at FROM messages WHERE state = 'pending'
        UNION ALL SELECT min(received_at) FROM messages WHERE state = 'sending'
        UNION ALL SELECT min(received_at) FROM messages WHERE hook_state = 'pending'
        UNION ALL SELECT min(received_at) FROM messages WHERE hook_state = 'sending')")->fetchColumn();
    $held = $pdo->query("SELECT min(received_at) FROM messages WHERE state = 'held'")->fetchColumn();
    $dead = $pdo->query("SELECT EXISTS (SELECT 1 FROM messages WHERE state = 'dead') OR EXISTS (SELECT 1 FROM messages WHERE hook_state = 'dead')")->fetchColumn();
    return ['oldestUndelivered' => $oldest === null ? null : (int) $oldest, 'oldestHeld' => $held === null ? null : (int) $held, 'dead' => (bool) $dead];
}

/** Whether nothing waits too long (to be sent, or to be looked at), nothing is given up and no old store waits to be imported. */
function contact_store_healthy(array $config, PDO $pdo, int $now): bool
{
    $health = contact_store_health($pdo);
    return !$health['dead'] && !contact_store_awaits_import($config, $pdo)
        && ($health['oldestUndelivered'] === null || $now - $health['oldestUndelivered'] <= CONTACT_PENDING_ALERT_SECONDS)
        && ($health['oldestHeld'] === null || $now - $health['oldestHeld'] <= CONTACT_HELD_ALERT_SECONDS);
}

/**
 * Queues a held message for delivery, due now: the mail, and the webhook when one is set.
 *
 * @return string its state before: held when it is queued now; otherwise why nothing changed
 */
function contact_store_release(PDO $pdo, string $id, bool $webhook): string
{
    return contact_store_transaction($pdo, static function (PDO $pdo) use ($id, $webhook): string {
        $release = $pdo->prepare("UPDATE messages SET state = 'pending', next_attempt_at = :now,
            hook_state = CASE WHEN :webhook THEN 'pending' END, hook_next_attempt_at = CASE WHEN :webhook THEN :now END
            WHERE id = :id AND state = 'held'");
        $release->execute(['now' => time(), 'webhook' => (int) $webhook, 'id' => $id]);
        return $release->rowCount() === 1 ? 'held' : (contact_store_message($pdo, $id)['state'] ?? 'missing');
    });
}

/**
 * Makes each pending or dead delivery of a message due now (a delivery whose sender died counts
 * as pending); one delivered, being sent, or never meant stays as it is.
 *
 * @return ?array<string, ?string> channel => its state before (null: not meant for it); null when there is no such message
 */
function contact_store_retry(PDO $pdo, string $id): ?array
{
    return contact_store_transaction($pdo, static function (PDO $pdo) use ($id): ?array {
        $message = contact_store_message($pdo, $id);
        if ($message === null) {
            return null;
        }
        $before = [];
        foreach (CONTACT_CHANNELS as $channel) {
            ['state' => $state, 'next' => $next, 'lease' => $lease] = contact_channel($channel);
            $abandoned = $message[$state] === 'sending' && (int) $message[$lease] <= time();
            if (in_array($message[$state], ['pending', 'dead'], true) || $abandoned) {
                $pdo->prepare("UPDATE messages SET $state = 'pending', $next = ?, $lease = NULL WHERE id = ?")->execute([time(), $id]);
            }
            $before[$channel] = $abandoned ? 'pending' : $message[$state];
        }
        return $before;
    });
}

/** @return list<string> the ids of the messages with a dead delivery, each now due again */
function contact_store_retry_dead(PDO $pdo): array
{
    return contact_store_transaction($pdo, static function (PDO $pdo): array {
        $ids = $pdo->query("SELECT id FROM messages WHERE state = 'dead' UNION SELECT id FROM messages WHERE hook_state = 'dead' ORDER BY id")->fetchAll(PDO::FETCH_COLUMN);
        foreach (CONTACT_CHANNELS as $channel) {
            ['state' => $state, 'next' => $next] = contact_channel($channel);
            $pdo->prepare("UPDATE messages SET $state = 'pending', $next = ? WHERE $state = 'dead'")->execute([time()]);
        }
        return $ids;
    });
}

/**
 * The next messages in the given states received before $before, after the one with $after's
 * rowid: what retention and purge delete. One whose webhook is still to be sent is not among them.
 *
 * @param list<string> $states
 * @return array<int, string> rowid => id
 */
function contact_store_old(PDO $pdo, array $states, int $before, int $after, int $limit = 500): array
{
    $marks = implode(', ', array_fill(0, count($states), '?'));
    $query = $pdo->prepare("SELECT rowid, id FROM messages WHERE state IN ($marks) AND received_at < ? AND rowid > ?
        AND (hook_state IS NULL OR hook_state IN ('delivered', 'dead')) ORDER BY rowid LIMIT ?");
    $query->execute([...$states, $before, $after, $limit]);
    return $query->fetchAll(PDO::FETCH_KEY_PAIR);
}

/** @return list<array<string, mixed>> every message sent from this address (letter case aside), oldest first */
function contact_store_sender(PDO $pdo, string $email): array
{
    $query = $pdo->prepare('SELECT * FROM messages WHERE email = ? COLLATE NOCASE ORDER BY received_at, rowid');
    $query->execute([trim($email)]);
    return $query->fetchAll();
}

/**
 * Deletes these messages in one transaction, except any a process is sending right now; with
 * $states, only those still in one of them (a dead message retried meanwhile stays).
 *
 * @param list<string> $ids
 * @param ?list<string> $states
 * @return list<string> the ids deleted
 */
function contact_store_delete(PDO $pdo, array $ids, ?array $states = null): array
{
    $deleted = contact_store_transaction($pdo, static function (PDO $pdo) use ($ids, $states): array {
        $marks = implode(', ', array_fill(0, count($states ?? []), '?'));
        $delete = $pdo->prepare("DELETE FROM messages WHERE id = ? AND NOT (state = 'sending' AND lease_until > ?)
            AND NOT (hook_state IS 'sending' AND hook_lease_until > ?)"
            . ($states === null ? '' : " AND state IN ($marks)"));
        $deleted = [];
        foreach ($ids as $id) {
            $delete->execute([$id, time(), time(), ...($states ?? [])]);
            if ($delete->rowCount() === 1) {
                $deleted[] = $id;
            }
        }
        return $deleted;
    });
    // Deleted pages leave the write-ahead log too, when no other process is reading (else the
    // log goes when the last connection closes): never wait for readers, or writers wait too.
    $pdo->exec('PRAGMA busy_timeout = 0');
    try {
        $pdo->query('PRAGMA wal_checkpoint(TRUNCATE)')->fetchAll();
    } finally {
        $pdo->exec('PRAGMA busy_timeout = ' . CONTACT_BUSY_MS);
    }
    return $deleted;
}

/** Deletes the rate limit's counters whose window has ended. */
function contact_store_expire_rate_hits(PDO $pdo): void
{
    $pdo->prepare('DELETE FROM rate_hits WHERE expires_at <= ?')->execute([time()]);
}

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
            $insert = $pdo->prepare("INSERT OR IGNORE INTO messages
                (id, received_at, $columns, state, attempts, next_attempt_at, last_error, delivered_at)
                VALUES (?, ?, $marks, ?, ?, ?, ?, ?)");
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
                    $delivered ? 'delivered' : 'pending',
                    (int) $old['failures'] + ($delivered ? 1 : 0),
                    $delivered ? null : $now,
                    $delivered ? null : $old['last_error'],
                    $old['delivered_at'],
                ]);
                $new = $insert->rowCount() === 1;
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
