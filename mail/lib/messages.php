<?php
// Reading the stored messages, each with its deliveries, and deleting them: what admin.php lists,
// shows, counts and exports, and what retention, purge and erasure may delete. A message's state
// is `held` while it is, else its primary channel's delivery's. It may call database.php and channels.php.
declare(strict_types=1);

require_once __DIR__ . '/database.php';
require_once __DIR__ . '/channels.php';

/** The states a message can be in, as list --status takes them. */
const CONTACT_STATES = ['held', 'pending', 'sending', 'delivered', 'dead'];

/** @return ?array<string, mixed> the message, its state, and its deliveries by channel */
function contact_store_message(PDO $pdo, string $id): ?array
{
    $query = $pdo->prepare('SELECT * FROM messages WHERE id = ?');
    $query->execute([$id]);
    $message = $query->fetch();
    return is_array($message) ? contact_store_with_deliveries($pdo, $message) : null;
}

/** @return ?array<string, mixed> */
function contact_store_delivery(PDO $pdo, string $id, string $channel): ?array
{
    $query = $pdo->prepare('SELECT * FROM deliveries WHERE message_id = ? AND channel = ?');
    $query->execute([$id, $channel]);
    $delivery = $query->fetch();
    return is_array($delivery) ? $delivery : null;
}

/** @param array<string, mixed> $message a row of messages */
function contact_store_with_deliveries(PDO $pdo, array $message): array
{
    $query = $pdo->prepare('SELECT * FROM deliveries WHERE message_id = ?');
    $query->execute([$message['id']]);
    $deliveries = array_column($query->fetchAll(), null, 'channel');
    $state = $message['held'] ? 'held' : ($deliveries[contact_primary_channel()]['state'] ?? null);
    return ['state' => $state, ...$message, 'deliveries' => $deliveries];
}

/** SQL: a message (messages AS m) is in one of $states (never input) with no delivery left to make. @param list<string> $states */
function contact_store_done_in(array $states): string
{
    $primary = contact_primary_channel();
    $in = implode(', ', array_map(static fn (string $state): string => "'$state'", array_intersect($states, CONTACT_STATES)));
    return "CASE WHEN m.held = 1 THEN 'held' ELSE (SELECT state FROM deliveries WHERE message_id = m.id AND channel = '$primary') END IN ($in)
        AND NOT EXISTS (SELECT 1 FROM deliveries WHERE message_id = m.id AND state IN ('pending', 'sending'))";
}

/** @return Generator<int, array<string, mixed>> messages oldest first, one at a time: no long list in memory */
function contact_store_messages(PDO $pdo, ?string $state = null, ?int $since = null): Generator
{
    $where = [];
    $values = [];
    if ($state === 'held') {
        $where[] = 'm.held = 1';
    } elseif ($state !== null) {
        $where[] = 'm.held = 0 AND m.id IN (SELECT message_id FROM deliveries WHERE state = :state AND channel = :primary)';
        $values = ['state' => $state, 'primary' => contact_primary_channel()];
    }
    if ($since !== null) {
        $where[] = 'm.received_at >= :since';
        $values['since'] = $since;
    }
    $query = $pdo->prepare('SELECT * FROM messages m' . ($where === [] ? '' : ' WHERE ' . implode(' AND ', $where)) . ' ORDER BY m.received_at, m.rowid');
    $query->execute($values);
    while (($message = $query->fetch()) !== false) {
        yield contact_store_with_deliveries($pdo, $message);
    }
}

/** @return list<array<string, mixed>> every message sent from this address (letter case aside), oldest first */
function contact_store_sender(PDO $pdo, string $email): array
{
    $query = $pdo->prepare('SELECT * FROM messages WHERE email = ? COLLATE NOCASE ORDER BY received_at, rowid');
    $query->execute([trim($email)]);
    return array_map(static fn (array $message): array => contact_store_with_deliveries($pdo, $message), $query->fetchAll());
}

/** @return array<string, int> the number of deliveries by $channel in each state; for the primary channel, the messages in each state, held included */
function contact_store_counts(PDO $pdo, ?string $channel = null): array
{
    $channel ??= contact_primary_channel();
    $primary = $channel === contact_primary_channel();
    $counts = array_fill_keys($primary ? CONTACT_STATES : array_diff(CONTACT_STATES, ['held']), 0);
    if ($primary) {
        $counts['held'] = (int) $pdo->query('SELECT count(*) FROM messages WHERE held = 1')->fetchColumn();
    }
    $query = $pdo->prepare('SELECT state, count(*) AS n FROM deliveries WHERE state = ? AND channel = ?');
    foreach (array_diff(array_keys($counts), ['held']) as $state) {
        $query->execute([$state, $channel]);
        $counts[$state] = (int) $query->fetch()['n'];
    }
    return $counts;
}

/**
 * What monitoring needs of the deliveries by $channels (those set up: one no longer set up is given
 * up by deliver.php), from indexes alone.
 * @param list<string> $channels
 * @return array{oldestUndelivered: ?int, oldestHeld: ?int, dead: bool}
 */
function contact_store_watch(PDO $pdo, array $channels): array
{
    $in = implode(', ', array_fill(0, count($channels), '?'));
    $query = $pdo->prepare("SELECT min(m.received_at) FROM deliveries d JOIN messages m ON m.id = d.message_id WHERE d.state IN ('pending', 'sending') AND d.channel IN ($in)");
    $query->execute($channels);
    $oldest = $query->fetchColumn();
    $held = $pdo->query('SELECT min(received_at) FROM messages WHERE held = 1')->fetchColumn();
    $query = $pdo->prepare("SELECT EXISTS (SELECT 1 FROM deliveries WHERE state = 'dead' AND channel IN ($in))");
    $query->execute($channels);
    $dead = $query->fetchColumn();
    return ['oldestUndelivered' => $oldest === null ? null : (int) $oldest, 'oldestHeld' => $held === null ? null : (int) $held, 'dead' => (bool) $dead];
}

/** @return array<int, string> rowid => id of the next messages received before $before, after rowid $after, done in one of $states (null: in any state) */
function contact_store_old(PDO $pdo, ?array $states, int $before, int $after, int $limit = 500): array
{
    $query = $pdo->prepare('SELECT m.rowid, m.id FROM messages m WHERE m.received_at < ? AND m.rowid > ?' . ($states === null ? '' : ' AND ' . contact_store_done_in($states)) . ' ORDER BY m.rowid LIMIT ?');
    $query->execute([$before, $after, $limit]);
    return $query->fetchAll(PDO::FETCH_KEY_PAIR);
}

/**
 * The messages received before $before with a delivery by one of $channels that is not delivered, oldest first.
 * @param list<string> $channels
 * @return list<array{id: string, received_at: int, undelivered: array<string, string>}> each with channel => the state of those deliveries
 */
function contact_store_undelivered(PDO $pdo, array $channels, int $before): array
{
    if ($channels === []) {
        return [];
    }
    $in = implode(', ', array_fill(0, count($channels), '?'));
    $query = $pdo->prepare("SELECT m.id, m.received_at, d.channel, d.state FROM messages m JOIN deliveries d ON d.message_id = m.id
        WHERE m.received_at < ? AND d.state <> 'delivered' AND d.channel IN ($in) ORDER BY m.received_at, m.rowid, d.channel");
    $query->execute([$before, ...$channels]);
    $messages = [];
    foreach ($query->fetchAll() as $row) {
        $messages[$row['id']] ??= ['id' => $row['id'], 'received_at' => (int) $row['received_at'], 'undelivered' => []];
        $messages[$row['id']]['undelivered'][$row['channel']] = $row['state'];
    }
    return array_values($messages);
}

/**
 * Deletes these messages and their deliveries in one transaction, except any a process is
 * sending right now; with $states, only those still done in one of them (contact_store_done_in:
 * a dead message retried meanwhile stays).
 * @param list<string> $ids
 * @param ?list<string> $states
 * @return list<string> the ids deleted
 */
function contact_store_delete(PDO $pdo, array $ids, ?array $states = null): array
{
    $deleted = contact_store_transaction($pdo, static function (PDO $pdo) use ($ids, $states): array {
        $delete = $pdo->prepare("DELETE FROM messages AS m WHERE id = :id
            AND NOT EXISTS (SELECT 1 FROM deliveries WHERE message_id = :id AND state = 'sending' AND lease_until > :now)"
            . ($states === null ? '' : ' AND ' . contact_store_done_in($states)));
        $deliveries = $pdo->prepare('DELETE FROM deliveries WHERE message_id = ?');
        $deleted = [];
        foreach ($ids as $id) {
            $delete->execute(['id' => $id, 'now' => time()]);
            if ($delete->rowCount() === 1) {
                $deliveries->execute([$id]);
                $deleted[] = $id;
            }
        }
        return $deleted;
    });
    // Deleted pages leave the write-ahead log too unless another process reads: never wait for it.
    $wait = (int) $pdo->query('PRAGMA busy_timeout')->fetchColumn();
    $pdo->exec('PRAGMA busy_timeout = 0');
    try {
        $pdo->query('PRAGMA wal_checkpoint(TRUNCATE)')->fetchAll();
    } finally {
        $pdo->exec("PRAGMA busy_timeout = $wait");
    }
    return $deleted;
}
