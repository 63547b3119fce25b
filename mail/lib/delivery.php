<?php
// Delivers one stored message at most once, whether the endpoint or deliver.php gets to it
// first: a per-message lock, taken by the endpoint before the message is even stored, and a
// check of status.jsonl under that lock.
declare(strict_types=1);

/** Holds the message's lock; null when another process holds it. */
function contact_lock_message(array $config, string $id, bool $wait): mixed
{
    $dir = $config['MAIL_STORAGE_DIR'] . '/locks';
    if (!is_dir($dir) && !mkdir($dir, 0770, true) && !is_dir($dir)) {
        throw new RuntimeException('cannot create the lock directory');
    }
    $handle = fopen("$dir/$id.lock", 'c');
    if ($handle === false) {
        throw new RuntimeException('cannot open a message lock');
    }
    if (!flock($handle, $wait ? LOCK_EX : LOCK_EX | LOCK_NB)) {
        fclose($handle);
        return null;
    }
    return $handle;
}

function contact_unlock_message(array $config, string $id, mixed $handle): void
{
    @unlink($config['MAIL_STORAGE_DIR'] . "/locks/$id.lock");
    flock($handle, LOCK_UN);
    fclose($handle);
}

/**
 * Sends a stored message unless it was delivered meanwhile; the caller holds its lock.
 *
 * @return string "delivered", "already delivered" or "failed: <reason>"
 */
function contact_deliver_locked(array $config, array $record): string
{
    if (contact_is_delivered($config, $record['id'])) {
        return 'already delivered';
    }
    try {
        contact_transport_send($config, contact_compose($config, $record));
    } catch (Throwable $error) {
        $reason = $error->getMessage();
        contact_log_status($config, $record['id'], 'failed', $reason);
        return "failed: $reason";
    }
    contact_log_status($config, $record['id'], 'delivered');
    return 'delivered';
}
