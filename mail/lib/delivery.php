<?php
// Delivery attempts and retention, shared by the endpoint (one attempt right after a message is
// stored), deliver.php (cron: everything due) and admin.php. A message is sent only by the
// process that claimed it in the store, so the endpoint and any number of overlapping cron runs
// never send the same message twice.
declare(strict_types=1);

/**
 * One attempt at a stored message's delivery by $channel (the mail, or the webhook), if it is
 * due and no other process has claimed it. A webhook attempt takes at most $seconds.
 *
 * @return ?array{state: ?string, error: ?string, attempts: int, next: ?int} how it ended; null when not claimed
 */
function contact_deliver(array $config, PDO $pdo, string $id, string $channel = 'mail', float $seconds = CONTACT_WEBHOOK_SECONDS): ?array
{
    $record = contact_store_claim($pdo, $id, $channel);
    if ($record === null) {
        return null;
    }
    $error = null;
    $permanent = false;
    try {
        if ($channel === 'webhook') {
            contact_webhook_send($config, contact_webhook_body($record), $seconds);
        } else {
            contact_transport_send($config, contact_compose($config, $record));
        }
    } catch (ContactInvalidMessage $invalid) {
        [$error, $permanent] = [$invalid->getMessage(), true];
    } catch (Throwable $failure) {
        $error = trim(preg_replace('/\s+/', ' ', $failure->getMessage())) ?: get_class($failure);
    }
    // A receiver's or mail server's answer is in it: stored, printed and logged, it stays text.
    $error = $error === null ? null : contact_printable($error);
    $c = contact_channel($channel);
    $state = contact_store_settle($pdo, $record, $error, contact_config_int($config, 'MAIL_GIVE_UP_HOURS', 0), $permanent, $channel);
    $after = contact_store_message($pdo, $id);
    return ['state' => $state, 'error' => $error, 'attempts' => (int) $record[$c['attempts']], 'next' => $after[$c['next']] ?? null];
}

/**
 * Deletes messages in the given states received before $before, each with its outbox file. The
 * file goes first: a message whose file cannot be removed is kept, so nothing of it is left
 * where no list can find it.
 *
 * @param list<string> $states delivered, dead and/or held; pending messages are never purged
 * @return array{deleted: int, kept: array<string, string>} how many went; id => why for those kept
 */
function contact_purge(array $config, PDO $pdo, array $states, int $before): array
{
    $states = array_values(array_intersect($states, ['delivered', 'dead', 'held']));
    $result = ['deleted' => 0, 'kept' => []];
    $after = 0;
    while ($states !== [] && ($batch = contact_store_old($pdo, $states, $before, $after)) !== []) {
        $after = array_key_last($batch);
        $files = contact_remove_outbox_files($config, array_values($batch));
        $result['deleted'] += count(contact_store_delete($pdo, $files['gone'], $states));
        $result['kept'] += $files['kept'];
    }
    return $result;
}

/**
 * Applies MAIL_RETENTION_DAYS: delivered messages older than that go; so do held messages nobody
 * released within CONTACT_HELD_DAYS, and expired rate-limit counters.
 *
 * @return array{deleted: int, kept: array<string, string>}
 */
function contact_apply_retention(array $config, PDO $pdo): array
{
    contact_store_expire_rate_hits($pdo);
    $delivered = contact_purge($config, $pdo, ['delivered'], time() - contact_config_int($config, 'MAIL_RETENTION_DAYS', 1) * 86400);
    $held = contact_purge($config, $pdo, ['held'], time() - CONTACT_HELD_DAYS * 86400);
    return ['deleted' => $delivered['deleted'] + $held['deleted'], 'kept' => $delivered['kept'] + $held['kept']];
}

/**
 * Deletes every message from this address, each with its outbox file (the file first). One
 * that a process is sending right now is kept: it would be sent, or filed, after its erasure.
 *
 * @return array{erased: list<array<string, mixed>>, files: list<string>, kept: array<string, string>} the messages deleted; the ids whose outbox file was deleted; id => why for those kept
 */
function contact_erase(array $config, PDO $pdo, string $email): array
{
    $kept = [];
    $idle = [];
    foreach (contact_store_sender($pdo, $email) as $message) {
        $sending = static fn (string $channel): bool => $message[contact_channel($channel)['state']] === 'sending' && (int) $message[contact_channel($channel)['lease']] > time();
        if ($sending('mail') || $sending('webhook')) {
            $kept[$message['id']] = 'being sent right now: erase again in a few minutes';
        } else {
            $idle[] = $message;
        }
    }
    $files = contact_remove_outbox_files($config, array_column($idle, 'id'));
    $deleted = contact_store_delete($pdo, $files['gone']);
    foreach (array_diff($files['gone'], $deleted) as $id) {
        $kept[$id] = 'being sent right now: erase again in a few minutes';
    }
    $erased = array_values(array_filter($idle, static fn (array $message): bool => in_array($message['id'], $deleted, true)));
    return ['erased' => $erased, 'files' => $files['removed'], 'kept' => $kept + $files['kept']];
}

/**
 * @param list<string> $ids
 * @return array{gone: list<string>, removed: list<string>, kept: array<string, string>} the ids whose outbox file is gone now; of those, the ones that had one; id => why for the others
 */
function contact_remove_outbox_files(array $config, array $ids): array
{
    $files = ['gone' => [], 'removed' => [], 'kept' => []];
    foreach ($ids as $id) {
        $file = contact_outbox_file($config, $id);
        if (!is_file($file)) {
            $files['gone'][] = $id;
        } elseif (@unlink($file)) {
            $files['gone'][] = $id;
            $files['removed'][] = $id;
        } else {
            $files['kept'][$id] = "cannot delete $file: " . (error_get_last()['message'] ?? 'unknown error');
        }
    }
    return $files;
}

/** "1 message", "2 messages": for what the commands print. */
function contact_count(int $count, string $noun): string
{
    return "$count $noun" . ($count === 1 ? '' : 's');
}
