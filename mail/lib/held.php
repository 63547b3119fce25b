<?php
// How many messages may be held for the operator (sent without a proof of work: the form
// without JavaScript, or a script). The rate limit counts per address, and addresses are cheap
// (an IPv6 /64 each), so held messages are capped too, by count and by size
// (MAIL_HELD_MAX_MESSAGES, MAIL_HELD_MAX_MB): a flood of form posts can never fill the disk, and
// a visitor whose message carries a proof is never turned away, as the cap counts held messages
// only. At the cap a post without a proof is refused and the visitor asked to call or write;
// health.php and admin.php status say the cap was reached. It may call config.php and printable.php.
declare(strict_types=1);

require_once __DIR__ . '/config.php';
require_once __DIR__ . '/printable.php';

/** What is counted of a held message's size: what the visitor typed, as stored (bytes). */
const CONTACT_HELD_BYTES_SQL = 'length(CAST(firstName || lastName || email || company || subject || phone || message AS BLOB))';

/**
 * Whether the held messages have reached their cap, so no more may be held: null when they have
 * not, else a sentence for the operator saying how many there are and what the cap is. The count
 * comes from an index; the size, which reads the messages, only while the count is under its cap.
 */
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
