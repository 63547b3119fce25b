<?php
// Delivery attempts and retention, shared by the endpoint (one attempt right after a message is
// stored), deliver.php (cron: everything due) and admin.php. A message is sent only by the
// process that claimed it in the store, so the endpoint and any number of overlapping cron runs
// never send the same message twice.
declare(strict_types=1);

/**
 * One attempt at a stored message, if it is due and no other process has claimed it.
 *
 * @return ?array{state: ?string, error: ?string, attempts: int, next: ?int} how it ended; null when not claimed
 */
function contact_deliver(array $config, PDO $pdo, string $id): ?array
{
    $record = contact_store_claim($pdo, $id);
    if ($record === null) {
        return null;
    }
    $error = null;
    $permanent = false;
    try {
        contact_transport_send($config, contact_compose($config, $record));
    } catch (ContactInvalidMessage $invalid) {
        [$error, $permanent] = [$invalid->getMessage(), true];
    } catch (Throwable $failure) {
        $error = trim(preg_replace('/\s+/', ' ', $failure->getMessage())) ?: get_class($failure);
    }
    $state = contact_store_settle($pdo, $id, $error, contact_config_int($config, 'MAIL_GIVE_UP_HOURS', 0), $permanent);
    $after = contact_store_message($pdo, $id);
    return ['state' => $state, 'error' => $error, 'attempts' => (int) $record['attempts'], 'next' => $after['next_attempt_at'] ?? null];
}

/**
 * Deletes messages in the given states received before $before, with their outbox files.
 *
 * @param list<string> $states delivered and/or dead; pending messages are never purged
 * @return int how many
 */
function contact_purge(array $config, PDO $pdo, array $states, int $before): int
{
    $count = 0;
    do {
        $ids = contact_store_delete_old($pdo, $states, $before);
        foreach ($ids as $id) {
            contact_remove_outbox_file($config, $id);
        }
        $count += count($ids);
    } while ($ids !== []);
    return $count;
}

/** Applies MAIL_RETENTION_DAYS: delivered messages older than that go. */
function contact_apply_retention(array $config, PDO $pdo): int
{
    return contact_purge($config, $pdo, ['delivered'], time() - contact_config_int($config, 'MAIL_RETENTION_DAYS', 1) * 86400);
}

/** @return bool whether there was a file */
function contact_remove_outbox_file(array $config, string $id): bool
{
    $file = contact_outbox_file($config, $id);
    return is_file($file) && unlink($file);
}

/** "1 message", "2 messages": for what the commands print. */
function contact_count(int $count, string $noun): string
{
    return "$count $noun" . ($count === 1 ? '' : 's');
}
