<?php
// The store's tables and their history. A message is a row of `messages`: what the visitor sent,
// where the lead came from, and whether it is held (sent without a proof of work, so it goes
// nowhere until the operator releases it). Each way a lead goes out (channels.php) is a row of
// `deliveries`, with its own state, attempts, backoff and lease: a held lead has none yet. Every
// query of the endpoint, cron and the health check uses an index. PRAGMA user_version says which
// schema a store has; older ones are brought up to this one in place, under the write lock,
// everything copied before anything is dropped. It may call database.php and validation.php.
declare(strict_types=1);

require_once __DIR__ . '/database.php';
require_once __DIR__ . '/validation.php';

const CONTACT_SCHEMA_VERSION = 4;
/** A delivery's states: waiting (pending), claimed by a sender (sending), and how it ended. */
const CONTACT_DELIVERY_STATES = ['pending', 'sending', 'delivered', 'dead'];
/** A delivery's columns besides its message and channel: what schemas 1 to 3 kept in the message's row. */
const CONTACT_DELIVERY_COLUMNS = ['state', 'attempts', 'next_attempt_at', 'lease_until', 'last_error', 'delivered_at'];

/** Brings the schema to CONTACT_SCHEMA_VERSION. */
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
            contact_schema_create($pdo, 'messages');
            $pdo->exec(<<<'SQL'
                CREATE TABLE rate_hits (client TEXT NOT NULL, expires_at INTEGER NOT NULL);
                CREATE INDEX rate_hits_client ON rate_hits (client);
                CREATE INDEX rate_hits_expires ON rate_hits (expires_at);
                CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
                SQL);
            // The key of the rate limit's hashes: without it, a hash of an address is no clue to it.
            $pdo->prepare("INSERT INTO settings (name, value) VALUES ('rate_limit_secret', ?)")
                ->execute([bin2hex(random_bytes(32))]);
        } elseif ($version < 4) {
            // Versions 1 to 3 kept the mail's delivery in the message's row, and version 3 the
            // webhook's beside it (hook_…); version 1 knew no held state, version 2 no attribution.
            // The messages table is made anew beside the old one, every row copied, each
            // delivery into its own row, and only then is the old one dropped.
            contact_schema_create($pdo, 'messages_new');
            contact_schema_copy_old($pdo, 'main', 'messages_new', true);
            $pdo->exec('DROP TABLE messages; ALTER TABLE messages_new RENAME TO messages');
            contact_schema_index($pdo);
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

/**
 * The messages table of the current schema under $messages (a migration builds it aside), and,
 * when there is none yet, the deliveries table; with their indexes once the table is in place.
 */
function contact_schema_create(PDO $pdo, string $messages): void
{
    $attribution = implode(",\n", array_map(static fn (string $name): string => "$name TEXT", array_keys(CONTACT_ATTRIBUTION)));
    $states = implode(', ', array_map(static fn (string $state): string => "'$state'", CONTACT_DELIVERY_STATES));
    $pdo->exec(<<<SQL
        CREATE TABLE $messages (
            id TEXT PRIMARY KEY,
            received_at INTEGER NOT NULL,
            firstName TEXT NOT NULL,
            lastName TEXT NOT NULL,
            email TEXT NOT NULL,
            company TEXT NOT NULL,
            subject TEXT NOT NULL,
            phone TEXT NOT NULL,
            message TEXT NOT NULL,
            $attribution,
            held INTEGER NOT NULL DEFAULT 0 CHECK (held IN (0, 1))
        );
        CREATE TABLE deliveries (
            message_id TEXT NOT NULL,
            channel TEXT NOT NULL,
            state TEXT NOT NULL CHECK (state IN ($states)),
            attempts INTEGER NOT NULL DEFAULT 0,
            next_attempt_at INTEGER,
            lease_until INTEGER,
            last_error TEXT,
            delivered_at INTEGER,
            PRIMARY KEY (message_id, channel)
        ) WITHOUT ROWID;
        SQL);
    if ($messages === 'messages') {
        contact_schema_index($pdo);
    }
}

/**
 * The indexes: a channel's due deliveries, and those in a state (dead, pending, sending: the
 * health check, retry --dead), by deliveries_state; a message's own by the primary key; held
 * messages by age (retention, health) by the partial messages_held; the rest by age or sender.
 */
function contact_schema_index(PDO $pdo): void
{
    $pdo->exec(<<<'SQL'
        CREATE INDEX messages_received ON messages (received_at);
        CREATE INDEX messages_email ON messages (email COLLATE NOCASE);
        CREATE INDEX messages_held ON messages (received_at) WHERE held = 1;
        CREATE INDEX deliveries_state ON deliveries (state, channel, next_attempt_at);
        SQL);
}

/**
 * Copies the messages of a table of schema 1, 2 or 3 ($schema.messages) into $messages and the
 * main deliveries table: its state `held` becomes the message's, any other state is the mail's
 * delivery, and hook_state, where there is one, the webhook's. With $inPlace the rows keep their
 * rowids (the order of messages received in the same second); otherwise (another store's) those
 * already here are left alone.
 *
 * @return int the messages copied
 */
function contact_schema_copy_old(PDO $pdo, string $schema, string $messages, bool $inPlace): int
{
    $old = array_column($pdo->query("PRAGMA $schema.table_info(messages)")->fetchAll(), 'name');
    $new = $inPlace ? '' : ' AND id NOT IN (SELECT id FROM main.messages)';
    $columns = implode(', ', CONTACT_DELIVERY_COLUMNS);
    // The channels these columns held, named as lib/channels.php names them: data of the past.
    $insert = "INSERT INTO main.deliveries (message_id, channel, $columns)";
    $pdo->exec("$insert SELECT id, 'mail', $columns FROM $schema.messages WHERE state <> 'held'$new");
    if (in_array('hook_state', $old, true)) {
        $hooks = implode(', ', array_map(static fn (string $column): string => "hook_$column", CONTACT_DELIVERY_COLUMNS));
        $pdo->exec("$insert SELECT id, 'webhook', $hooks FROM $schema.messages WHERE hook_state IS NOT NULL$new");
    }
    $kept = ['id', 'received_at', ...array_keys(CONTACT_FIELDS), ...array_intersect(array_keys(CONTACT_ATTRIBUTION), $old)];
    $target = implode(', ', [...($inPlace ? ['rowid'] : []), ...$kept, 'held']);
    $source = implode(', ', [...($inPlace ? ['rowid'] : []), ...$kept, "state = 'held'"]);
    return (int) $pdo->exec("INSERT INTO $messages ($target) SELECT $source FROM $schema.messages WHERE 1$new");
}

/**
 * Copies every message, its deliveries and the settings of another store of any schema (the one
 * an earlier version kept in mail/storage) into this one, in one transaction; those already here
 * are left alone, so copying twice changes nothing. Delivery states come along: a delivered
 * message is never sent again. Rate-limit counters stay behind: they expire within minutes.
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
        return contact_store_transaction($pdo, static function (PDO $pdo) use ($version): int {
            if ($version < 4) {
                $copied = contact_schema_copy_old($pdo, 'other', 'main.messages', false);
            } else {
                // The deliveries first: which messages are new here is known only until they are copied.
                $pdo->exec('INSERT INTO main.deliveries SELECT * FROM other.deliveries WHERE message_id NOT IN (SELECT id FROM main.messages)');
                $columns = implode(', ', array_column($pdo->query('PRAGMA other.table_info(messages)')->fetchAll(), 'name'));
                $copied = $pdo->exec("INSERT INTO main.messages ($columns) SELECT $columns FROM other.messages WHERE id NOT IN (SELECT id FROM main.messages)");
            }
            // This store's own keys stay: proofs signed with them are out there.
            $pdo->exec("INSERT OR IGNORE INTO main.settings SELECT * FROM other.settings WHERE name <> 'proof_secret'");
            return (int) $copied;
        });
    } finally {
        $pdo->exec('DETACH DATABASE other');
    }
}
