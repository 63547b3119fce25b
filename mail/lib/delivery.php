<?php
// One delivery attempt, shared by the endpoint (right after a message is stored), deliver.php
// (cron: everything due) and admin.php: claimed in the store (queue.php), sent by its channel
// (channels.php), settled. A delivery is sent only by the process that claimed it, so the
// endpoint and any number of overlapping cron runs never send the same one twice. It may call
// queue.php, messages.php, channels.php, compose.php, config.php and printable.php.
declare(strict_types=1);

require_once __DIR__ . '/queue.php';
require_once __DIR__ . '/messages.php';
require_once __DIR__ . '/channels.php';
require_once __DIR__ . '/compose.php';
require_once __DIR__ . '/config.php';
require_once __DIR__ . '/printable.php';

/**
 * One attempt at a stored message's delivery by $channel, if it is due and no other process has
 * claimed it, taking at most $seconds (by default, as long as the channel's attempt may).
 *
 * @return ?array{state: ?string, error: ?string, attempts: int, next: ?int} how it ended; null when not claimed
 */
function contact_deliver(array $config, PDO $pdo, string $id, string $channel, ?float $seconds = null): ?array
{
    $record = contact_store_claim($pdo, $id, $channel);
    if ($record === null) {
        return null;
    }
    $error = null;
    $permanent = false;
    try {
        (contact_channels()[$channel]['send'])($config, $record, $seconds ?? (contact_channels()[$channel]['seconds'])($config));
    } catch (ContactInvalidMessage $invalid) {
        [$error, $permanent] = [$invalid->getMessage(), true];
    } catch (Throwable $failure) {
        $error = trim(preg_replace('/\s+/', ' ', $failure->getMessage())) ?: get_class($failure);
    }
    // A receiver's or mail server's answer is in it: stored, printed and logged, it stays text.
    $error = $error === null ? null : contact_printable($error);
    $state = contact_store_settle($pdo, $record, $error, contact_config_int($config, 'MAIL_GIVE_UP_HOURS', 0), $permanent);
    $after = contact_store_delivery($pdo, $id, $channel);
    return ['state' => $state, 'error' => $error, 'attempts' => (int) $record['delivery']['attempts'], 'next' => $after['next_attempt_at'] ?? null];
}
