<?php
// One delivery attempt, claimed, sent by its channel and settled: only the process that claimed it
// sends it, so the endpoint and overlapping cron runs never send one twice. It may call queue.php,
// messages.php, channels.php, compose.php, config.php and printable.php.
declare(strict_types=1);

require_once __DIR__ . '/queue.php';
require_once __DIR__ . '/messages.php';
require_once __DIR__ . '/channels.php';
require_once __DIR__ . '/compose.php';
require_once __DIR__ . '/config.php';
require_once __DIR__ . '/printable.php';

/**
 * One attempt at a due, unclaimed delivery, within $seconds (by default the channel's own).
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
        (contact_channel($channel)['send'])($config, $record, $seconds ?? (contact_channel($channel)['seconds'])($config));
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
