<?php
// How many messages may be held for the operator (sent without a proof of work). Addresses are
// cheap (an IPv6 /64 each), so beside the rate limit held messages are capped by count and size
// (MAIL_HELD_MAX_MESSAGES, MAIL_HELD_MAX_MB): a flood of form posts never fills the disk, and a
// message with a proof is never turned away. Within the cap, each network (an IPv6 /48, an IPv4
// /24) may hold only its share, so a flood from one cannot turn away everyone else without
// JavaScript. It may call config.php, client.php, contract.php, database.php and printable.php.
declare(strict_types=1);

require_once __DIR__ . '/config.php';
require_once __DIR__ . '/contract.php';
require_once __DIR__ . '/client.php';
require_once __DIR__ . '/database.php';
require_once __DIR__ . '/printable.php';

/** One network may hold this part of each cap: a twentieth, 25 messages and 0.5 MB of the defaults. */
const CONTACT_HELD_NETWORK_SHARE = 20;

/** What is counted of a held message's size, as SQL: what the visitor typed, the contract's fields as stored (bytes). */
function contact_held_bytes_sql(): string
{
    return 'length(CAST(' . implode(' || ', array_keys(contact_fields())) . ' AS BLOB))';
}

/** Null while more may be held, else a sentence for the operator: how many, and the cap. The size is read only under the count's cap. */
function contact_held_full(array $config, PDO $pdo): ?string
{
    $messages = contact_config_int($config, 'MAIL_HELD_MAX_MESSAGES', 1);
    $megabytes = contact_config_int($config, 'MAIL_HELD_MAX_MB', 1);
    $count = (int) $pdo->query('SELECT count(*) FROM messages WHERE held = 1')->fetchColumn();
    $bytes = $count >= $messages ? null : (int) $pdo->query('SELECT coalesce(sum(' . contact_held_bytes_sql() . '), 0) FROM messages WHERE held = 1')->fetchColumn();
    if ($bytes !== null && $bytes < $megabytes * 1048576) {
        return null;
    }
    return sprintf(
        '%s%s reached the cap (MAIL_HELD_MAX_MESSAGES %d, MAIL_HELD_MAX_MB %d): forms sent without JavaScript are turned away, their visitors asked to call or write',
        contact_count($count, 'held message'),
        $bytes === null ? '' : sprintf(' (%.1f MB)', $bytes / 1048576),
        $messages,
        $megabytes,
    );
}

/**
 * The network a message without a proof of work came from, as the store keeps it: a keyed hash
 * (the rate limit's key), never the address or the network itself.
 */
function contact_held_network(PDO $pdo, string $client): string
{
    return hash_hmac('sha256', 'held network ' . contact_network_key($client), (string) contact_store_setting($pdo, 'rate_limit_secret'));
}

/** @return array{0: int, 1: int} the messages and bytes one network may hold: its share of each cap, at least one message */
function contact_held_share(array $config): array
{
    return [
        max(1, intdiv(contact_config_int($config, 'MAIL_HELD_MAX_MESSAGES', 1), CONTACT_HELD_NETWORK_SHARE)),
        intdiv(contact_config_int($config, 'MAIL_HELD_MAX_MB', 1) * 1048576, CONTACT_HELD_NETWORK_SHARE),
    ];
}

/**
 * Why a message without a proof of work from $network may not be held now, in the transaction that
 * would store it: 'full' (the held messages are at their cap), 'network' (its network holds its
 * share); null when it may.
 */
function contact_held_refusal(array $config, PDO $pdo, string $network): ?string
{
    if (contact_held_full($config, $pdo) !== null) {
        return 'full';
    }
    [$messages, $bytes] = contact_held_share($config);
    $query = $pdo->prepare('SELECT count(*) AS messages, coalesce(sum(' . contact_held_bytes_sql() . '), 0) AS bytes FROM messages WHERE held = 1 AND network = ?');
    $query->execute([$network]);
    $held = $query->fetch();
    return (int) $held['messages'] >= $messages || (int) $held['bytes'] >= $bytes ? 'network' : null;
}

/** For the log: the share a network reached. */
function contact_held_share_reached(array $config): string
{
    [$messages, $bytes] = contact_held_share($config);
    return sprintf('its network (an IPv6 /48 or IPv4 /24) holds its share of the held messages, %s or %.1f MB', contact_count($messages, 'message'), $bytes / 1048576);
}
