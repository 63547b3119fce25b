<?php
// How many messages may be held for the operator (sent without a proof of work). Addresses are
// cheap (an IPv6 /64 each), so beside the rate limit held messages are capped by count and size
// (MAIL_HELD_MAX_MESSAGES, MAIL_HELD_MAX_MB): a flood of form posts never fills the disk, and a
// message with a proof is never turned away. It may call config.php and printable.php.
declare(strict_types=1);

require_once __DIR__ . '/config.php';
require_once __DIR__ . '/printable.php';

/** What is counted of a held message's size: what the visitor typed, as stored (bytes). */
const CONTACT_HELD_BYTES_SQL = 'length(CAST(firstName || lastName || email || company || subject || phone || message AS BLOB))';

/** Null while more may be held, else a sentence for the operator: how many, and the cap. The size is read only under the count's cap. */
function contact_held_full(array $config, PDO $pdo): ?string
{
    $messages = contact_config_int($config, 'MAIL_HELD_MAX_MESSAGES', 1);
    $megabytes = contact_config_int($config, 'MAIL_HELD_MAX_MB', 1);
    $count = (int) $pdo->query('SELECT count(*) FROM messages WHERE held = 1')->fetchColumn();
    $bytes = $count >= $messages ? null : (int) $pdo->query('SELECT coalesce(sum(' . CONTACT_HELD_BYTES_SQL . '), 0) FROM messages WHERE held = 1')->fetchColumn();
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
