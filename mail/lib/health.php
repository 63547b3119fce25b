<?php
// The store's health, one rule for /mail/health.php and `admin.php status`: a dead delivery by a
// channel set up is the worst; then the held messages at their cap, a delivery waiting over an
// hour, a held message nobody has looked at for a day. It may call messages.php, channels.php,
// held.php and printable.php.
declare(strict_types=1);

require_once __DIR__ . '/messages.php';
require_once __DIR__ . '/held.php';
require_once __DIR__ . '/channels.php';
require_once __DIR__ . '/printable.php';

/** A delivery waiting longer than this makes the store unhealthy. */
const CONTACT_PENDING_ALERT_SECONDS = 3600;
/** Nor may a held message wait longer than this. */
const CONTACT_HELD_ALERT_SECONDS = 86400;

/**
 * @return array{code: int, attention: list<string>, notes: list<string>, oldestUndelivered: ?int} 0 healthy, 1 something waits too long, 2 a delivery is dead; what to do about it; what is known and needs nothing; when the oldest message with a delivery to make came
 */
function contact_health(array $config, PDO $pdo, int $now): array
{
    $enabled = contact_enabled_channels($config);
    $watch = contact_store_watch($pdo, $enabled);
    $health = ['code' => 0, 'attention' => [], 'notes' => contact_health_notes($config, $pdo), 'oldestUndelivered' => $watch['oldestUndelivered']];
    $full = contact_held_full($config, $pdo);
    $full = $full === null ? null : "$full: php mail/admin.php list --status held, then release ID or delete ID";
    if ($watch['dead']) {
        foreach ($enabled as $channel) {
            $dead = contact_store_counts($pdo, $channel)['dead'];
            if ($dead > 0) {
                $health['attention'][] = $channel === contact_primary_channel()
                    ? "$dead dead: php mail/admin.php list --status dead"
                    : "$dead" . contact_channel_suffix($channel) . ' ' . ($dead === 1 ? 'delivery' : 'deliveries') . ' dead: php mail/admin.php retry --dead sends them again';
            }
        }
        $health['attention'] = [...$health['attention'], ...($full === null ? [] : [$full])];
        return ['code' => 2] + $health;
    }
    $waiting = match (true) {
        $full !== null => $full,
        $watch['oldestUndelivered'] !== null && $now - $watch['oldestUndelivered'] > CONTACT_PENDING_ALERT_SECONDS
            => 'a message has waited over an hour: php mail/admin.php list --status pending',
        $watch['oldestHeld'] !== null && $now - $watch['oldestHeld'] > CONTACT_HELD_ALERT_SECONDS
            => 'a held message has waited over a day: php mail/admin.php list --status held, then release ID or delete ID',
        default => null,
    };
    return $waiting === null ? $health : ['code' => 1, 'attention' => [$waiting]] + $health;
}

/**
 * The deliveries deliver.php gave up as their channel is no longer set up (the webhook's address
 * removed, say): known, and the operator's choice, so they make the store no less healthy.
 * @return list<string>
 */
function contact_health_notes(array $config, PDO $pdo): array
{
    $notes = [];
    foreach (array_diff(array_keys(contact_channels()), contact_enabled_channels($config)) as $channel) {
        $dead = contact_store_counts($pdo, $channel)['dead'];
        $name = trim(contact_channel_suffix($channel));
        if ($dead > 0) {
            $notes[] = "$dead $name " . ($dead === 1 ? 'delivery is' : 'deliveries are') . " dead, given up as the $name is no longer set up ("
                . contact_channel_unset($channel) . "): set it up again and php mail/admin.php retry --dead sends them; else retention deletes them with their messages";
        }
    }
    return $notes;
}
