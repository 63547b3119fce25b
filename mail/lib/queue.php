<?php
// The queue: a lead's deliveries, one per channel, each change one transaction: pending → sending
// (claimed with a lease) → delivered, or pending again later, or dead once given up. A message
// without a proof of work is held, with no delivery until released. It may call database.php,
// messages.php, channels.php, proof.php, rate-limit.php, held.php, contract.php and
// validation.php.
declare(strict_types=1);

require_once __DIR__ . '/database.php';
require_once __DIR__ . '/messages.php';
require_once __DIR__ . '/channels.php';
require_once __DIR__ . '/proof.php';
require_once __DIR__ . '/rate-limit.php';
require_once __DIR__ . '/held.php';
require_once __DIR__ . '/contract.php';
require_once __DIR__ . '/validation.php';

/** How long a claimed delivery is left to its sender before another process may take it over. */
const CONTACT_LEASE_SECONDS = 300;
/** Waits after the first, second, … failed attempt; the last one repeats. */
const CONTACT_BACKOFF = [600, 1800, 7200, 21600, 86400];

/**
 * Stores an accepted message, spends its proof and counts it against its client's rate limit, in
 * one transaction, with a delivery due now for each channel set up; one without a proof is held,
 * with its network, unless the held messages are at their cap or its network at its share. A
 * message refused leaves its proof unspent.
 * @param array<string, ?string> $fields the seven fields and the attribution, validated
 * @param ?array{challenge: string, expires: int} $proof a proof whose signature holds, or null
 * @param ?int $now the request's clock; by default read once the store is locked
 * @return array{id: ?string, wait: int, refused: ?string} the new message's id; or null with the seconds to wait (the rate limit), or why it is refused: expired, reused; full or network (held.php)
 */
function contact_store_accept(PDO $pdo, array $config, array $fields, string $client, ?array $proof, ?int $now = null): array
{
    $channels = contact_enabled_channels($config);
    return contact_store_transaction($pdo, static function (PDO $pdo) use ($config, $fields, $client, $proof, $channels, $now): array {
        // One clock, read once no other request can change the store: a proof that passes in its
        // last second is still on record as spent for anyone else in that second.
        $now ??= time();
        $network = $proof === null ? contact_held_network($pdo, $client) : null;
        $refused = $network !== null ? contact_held_refusal($config, $pdo, $network) : contact_proof_refusal($pdo, $proof, $now);
        if ($refused !== null) {
            return ['id' => null, 'wait' => 0, 'refused' => $refused];
        }
        $wait = contact_rate_limit_count($pdo, $config, $client, $now);
        if ($wait > 0) {
            return ['id' => null, 'wait' => $wait, 'refused' => null];
        }
        if ($proof !== null) {
            contact_proof_spend($pdo, $proof);
        }
        $id = contact_new_id();
        $names = [...array_keys(contact_fields()), ...array_keys(contact_attribution_fields())];
        $values = array_map(static fn (string $name): ?string => $fields[$name] ?? (isset(contact_fields()[$name]) ? '' : null), $names);
        $columns = implode(', ', $names);
        $marks = implode(', ', array_fill(0, count($names), '?'));
        $pdo->prepare("INSERT INTO messages (id, received_at, $columns, held, network) VALUES (?, ?, $marks, ?, ?)")
            ->execute([$id, $now, ...$values, (int) ($proof === null), $network]);
        contact_store_queue($pdo, $id, $proof === null ? [] : $channels, $now);
        return ['id' => $id, 'wait' => 0, 'refused' => null];
    });
}

/** @param list<string> $channels each gets a delivery of the message, due at $now */
function contact_store_queue(PDO $pdo, string $id, array $channels, int $now): void
{
    $insert = $pdo->prepare("INSERT INTO deliveries (message_id, channel, state, next_attempt_at) VALUES (?, ?, 'pending', ?)");
    foreach ($channels as $channel) {
        $insert->execute([$id, $channel, $now]);
    }
}

/** Claims a due delivery (or one whose lease ran out) for one attempt. @return ?array<string, mixed> the message, its delivery under `delivery` */
function contact_store_claim(PDO $pdo, string $id, ?string $channel = null): ?array
{
    $now = time();
    $channel ??= contact_primary_channel();
    return contact_store_transaction($pdo, static function (PDO $pdo) use ($id, $channel, $now): ?array {
        $claim = $pdo->prepare("UPDATE deliveries SET state = 'sending', attempts = attempts + 1, lease_until = :lease
            WHERE message_id = :id AND channel = :channel AND ((state = 'pending' AND next_attempt_at <= :due) OR (state = 'sending' AND lease_until <= :expired))");
        $claim->execute(['lease' => $now + CONTACT_LEASE_SECONDS, 'id' => $id, 'channel' => $channel, 'due' => $now, 'expired' => $now]);
        if ($claim->rowCount() !== 1) {
            return null;
        }
        $message = contact_store_message($pdo, $id);
        return $message + ['delivery' => $message['deliveries'][$channel]];
    });
}

/**
 * Records how a claimed attempt ended: a failure waits per CONTACT_BACKOFF, or is dead when the
 * message came $giveUpHours or more ago or can never succeed ($permanent). Only the latest claim
 * settles: a sender whose lease ran out must not undo what the next one records.
 * @param array<string, mixed> $claim what contact_store_claim returned
 * @return ?string the delivery's new state; null when it was no longer this sender's to settle
 */
function contact_store_settle(PDO $pdo, array $claim, ?string $error, int $giveUpHours, bool $permanent = false): ?string
{
    $now = time();
    ['message_id' => $id, 'channel' => $channel, 'attempts' => $attempts] = $claim['delivery'];
    return contact_store_transaction($pdo, static function (PDO $pdo) use ($id, $channel, $attempts, $claim, $error, $giveUpHours, $permanent, $now): ?string {
        $delivery = contact_store_delivery($pdo, $id, $channel);
        if ($delivery === null || $delivery['state'] !== 'sending' || (int) $delivery['attempts'] !== (int) $attempts) {
            return null;
        }
        if ($error === null) {
            $pdo->prepare("UPDATE deliveries SET state = 'delivered', delivered_at = ?, lease_until = NULL, next_attempt_at = NULL, last_error = NULL WHERE message_id = ? AND channel = ?")
                ->execute([$now, $id, $channel]);
            return 'delivered';
        }
        $dead = $permanent || $now >= (int) $claim['received_at'] + $giveUpHours * 3600;
        $wait = CONTACT_BACKOFF[min((int) $attempts, count(CONTACT_BACKOFF)) - 1] ?? CONTACT_BACKOFF[0];
        $pdo->prepare('UPDATE deliveries SET state = ?, next_attempt_at = ?, lease_until = NULL, last_error = ? WHERE message_id = ? AND channel = ?')
            ->execute([$dead ? 'dead' : 'pending', $dead ? null : $now + $wait, substr($error, 0, 1000), $id, $channel]);
        return $dead ? 'dead' : 'pending';
    });
}

/** @return list<string> the ids of the messages whose delivery by $channel is due at $now: longest due first, then oldest */
function contact_store_due(PDO $pdo, int $now, string $channel): array
{
    $due = $pdo->prepare("SELECT d.message_id, d.next_attempt_at AS since, m.received_at FROM deliveries d JOIN messages m ON m.id = d.message_id
            WHERE d.state = 'pending' AND d.channel = :channel AND d.next_attempt_at <= :due
        UNION ALL SELECT d.message_id, d.lease_until, m.received_at FROM deliveries d JOIN messages m ON m.id = d.message_id
            WHERE d.state = 'sending' AND d.channel = :channel AND d.lease_until <= :expired
        ORDER BY since, received_at, message_id");
    $due->execute(['channel' => $channel, 'due' => $now, 'expired' => $now]);
    return $due->fetchAll(PDO::FETCH_COLUMN);
}

/**
 * Gives up every delivery by $channel still waiting (pending, or claimed by a sender whose lease
 * ran out): the channel is no longer set up, so none of them can ever go. @return list<string> the ids of their messages
 */
function contact_store_give_up(PDO $pdo, string $channel, string $why): array
{
    $now = time();
    $waiting = "channel = :channel AND (state = 'pending' OR (state = 'sending' AND lease_until <= :now))";
    $find = static function (PDO $pdo) use ($waiting, $channel, $now): array {
        $query = $pdo->prepare("SELECT message_id FROM deliveries WHERE $waiting ORDER BY message_id");
        $query->execute(['channel' => $channel, 'now' => $now]);
        return $query->fetchAll(PDO::FETCH_COLUMN);
    };
    // Looked for first without the lock: there is nothing to give up nearly always.
    return $find($pdo) === [] ? [] : contact_store_transaction($pdo, static function (PDO $pdo) use ($find, $waiting, $channel, $now, $why): array {
        $ids = $find($pdo);
        $pdo->prepare("UPDATE deliveries SET state = 'dead', next_attempt_at = NULL, lease_until = NULL, last_error = :why WHERE $waiting")
            ->execute(['channel' => $channel, 'now' => $now, 'why' => $why]);
        return $ids;
    });
}

/** Queues a held message, due now, for each channel set up now. @return string its state before: held, or why nothing changed */
function contact_store_release(PDO $pdo, array $config, string $id): string
{
    $channels = contact_enabled_channels($config);
    return contact_store_transaction($pdo, static function (PDO $pdo) use ($id, $channels): string {
        // Its network counted only for the share it held: released, it is forgotten.
        $release = $pdo->prepare('UPDATE messages SET held = 0, network = NULL WHERE id = ? AND held = 1');
        $release->execute([$id]);
        if ($release->rowCount() !== 1) {
            return contact_store_message($pdo, $id)['state'] ?? 'missing';
        }
        contact_store_queue($pdo, $id, $channels, time());
        return 'held';
    });
}

/**
 * Makes each pending or dead delivery of a message due now (one whose sender died counts as pending).
 * @return ?array<string, ?string> channel => its state before (held: the message is; null: none); null: no such message
 */
function contact_store_retry(PDO $pdo, string $id): ?array
{
    return contact_store_transaction($pdo, static function (PDO $pdo) use ($id): ?array {
        $message = contact_store_message($pdo, $id);
        if ($message === null) {
            return null;
        }
        $before = [];
        foreach (array_keys(contact_channels()) as $channel) {
            $delivery = $message['deliveries'][$channel] ?? null;
            $abandoned = $delivery !== null && $delivery['state'] === 'sending' && (int) $delivery['lease_until'] <= time();
            if ($abandoned || in_array($delivery['state'] ?? null, ['pending', 'dead'], true)) {
                $pdo->prepare("UPDATE deliveries SET state = 'pending', next_attempt_at = ?, lease_until = NULL WHERE message_id = ? AND channel = ?")->execute([time(), $id, $channel]);
            }
            $held = $message['held'] && $channel === contact_primary_channel() ? 'held' : null;
            $before[$channel] = $abandoned ? 'pending' : ($delivery['state'] ?? $held);
        }
        return $before;
    });
}

/** @return list<string> the ids of the messages with a dead delivery, each now due again */
function contact_store_retry_dead(PDO $pdo): array
{
    return contact_store_transaction($pdo, static function (PDO $pdo): array {
        $ids = $pdo->query("SELECT DISTINCT message_id FROM deliveries WHERE state = 'dead' ORDER BY message_id")->fetchAll(PDO::FETCH_COLUMN);
        $pdo->prepare("UPDATE deliveries SET state = 'pending', next_attempt_at = ? WHERE state = 'dead'")->execute([time()]);
        return $ids;
    });
}
