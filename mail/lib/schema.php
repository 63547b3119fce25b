<?php
// The store's tables. A message is a row of `messages`: what the visitor sent, where the lead came
// from, whether it is held (no proof of work: it waits for the operator) and, while it is, a keyed
// hash of the network it came from (held.php's shares). Each way a lead goes out
// (channels.php) is a row of `deliveries`, with its own state, attempts, backoff and lease. Every
// query of the endpoint, cron and the health check uses an index. PRAGMA user_version names the
// schema; store.php refuses any other. It may call database.php.
declare(strict_types=1);

require_once __DIR__ . '/database.php';

const CONTACT_SCHEMA_VERSION = 5;
/** A delivery's states: waiting (pending), claimed by a sender (sending), and how it ended. */
const CONTACT_DELIVERY_STATES = ['pending', 'sending', 'delivered', 'dead'];

/** Makes the tables of a new store and its keys, unless another process did while this one waited for the lock. */
function contact_schema_create(PDO $pdo): void
{
    $states = implode(', ', array_map(static fn (string $state): string => "'$state'", CONTACT_DELIVERY_STATES));
    contact_store_transaction($pdo, static function (PDO $pdo) use ($states): void {
        if ((int) $pdo->query('PRAGMA user_version')->fetchColumn() !== 0) {
            return;
        }
        // deliveries_state finds a channel's due deliveries and those in a state (health, retry
        // --dead); messages_held the held ones by age (retention, health), messages_network
        // those of one network (its share). The columns of the contract's fields and attribution
        // are written out: a column changes with the schema's version, never with the contract,
        // and a store is made even where the contract cannot be read.
        $pdo->exec(<<<SQL
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
                source TEXT,
                utm_source TEXT,
                utm_medium TEXT,
                utm_campaign TEXT,
                utm_term TEXT,
                utm_content TEXT,
                held INTEGER NOT NULL DEFAULT 0 CHECK (held IN (0, 1)),
                network TEXT CHECK (network IS NULL OR held = 1)
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
            CREATE INDEX messages_received ON messages (received_at);
            CREATE INDEX messages_email ON messages (email COLLATE NOCASE);
            CREATE INDEX messages_held ON messages (received_at) WHERE held = 1;
            CREATE INDEX messages_network ON messages (network) WHERE held = 1;
            CREATE INDEX deliveries_state ON deliveries (state, channel, next_attempt_at);
            CREATE TABLE rate_hits (client TEXT NOT NULL, expires_at INTEGER NOT NULL);
            CREATE INDEX rate_hits_client ON rate_hits (client);
            CREATE INDEX rate_hits_expires ON rate_hits (expires_at);
            CREATE TABLE proofs_used (challenge TEXT PRIMARY KEY, expires_at INTEGER NOT NULL) WITHOUT ROWID;
            CREATE INDEX proofs_used_expires ON proofs_used (expires_at);
            CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
            SQL);
        // The keys of the rate limit's hashes of addresses and of the proofs' challenges.
        $key = $pdo->prepare('INSERT INTO settings (name, value) VALUES (?, ?)');
        foreach (['rate_limit_secret', 'proof_secret'] as $name) {
            $key->execute([$name, bin2hex(random_bytes(32))]);
        }
        $pdo->exec('PRAGMA user_version = ' . CONTACT_SCHEMA_VERSION);
    });
}
