<?php
// What is deleted, and when: retention (every message the contract's days after it came, whatever
// its deliveries' states; held ones after its held days: the periods /privacy publishes), purge
// and erasure, each message with the files its channels keep of it, those first; and which
// undelivered messages retention deletes soon. It may call contract.php, messages.php,
// rate-limit.php, database.php, config.php and channels.php.
declare(strict_types=1);

require_once __DIR__ . '/contract.php';
require_once __DIR__ . '/messages.php';
require_once __DIR__ . '/rate-limit.php';
require_once __DIR__ . '/database.php';
require_once __DIR__ . '/config.php';
require_once __DIR__ . '/channels.php';

/** status names an undelivered message this many days before retention deletes it, so the operator can act. */
const CONTACT_RETENTION_NOTICE_DAYS = 14;

/**
 * Deletes messages received before $before, in $states (delivered, dead, held: those done in one)
 * or, with null, in any, each after its files: one whose file stays is kept, so nothing of it is
 * left where no list can find it. One being sent right now stays for the next time.
 * @param ?list<string> $states
 * @return array{deleted: int, kept: array<string, string>} how many went; id => why for those kept
 */
function contact_purge(array $config, PDO $pdo, ?array $states, int $before): array
{
    $states = $states === null ? null : array_values(array_intersect($states, ['delivered', 'dead', 'held']));
    $result = ['deleted' => 0, 'kept' => []];
    $after = 0;
    while ($states !== [] && ($batch = contact_store_old($pdo, $states, $before, $after)) !== []) {
        $after = array_key_last($batch);
        $files = contact_forget_files($config, array_values($batch));
        $result['deleted'] += count(contact_store_delete($pdo, $files['gone'], $states));
        $result['kept'] += $files['kept'];
    }
    return $result;
}

/**
 * Every message the contract's messageDays after it came, whatever its deliveries' states
 * (/privacy promises it: a delivery that never went, to a channel since removed say, keeps nothing
 * longer); a held one after its heldDays. @return array{deleted: int, kept: array<string, string>}
 */
function contact_apply_retention(array $config, PDO $pdo): array
{
    contact_store_transaction($pdo, static fn (PDO $pdo) => contact_rate_limit_expire($pdo, time()));
    $old = contact_purge($config, $pdo, null, time() - contact_retention_days('messageDays') * 86400);
    $held = contact_purge($config, $pdo, ['held'], time() - contact_retention_days('heldDays') * 86400);
    return ['deleted' => $old['deleted'] + $held['deleted'], 'kept' => $old['kept'] + $held['kept']];
}

/**
 * The messages retention deletes within CONTACT_RETENTION_NOTICE_DAYS with a delivery by a channel
 * set up not yet delivered (pending, or dead: retry sends it again).
 * @return array<string, array{received: int, deleted: int, undelivered: array<string, string>}> id => when it came, when it goes, channel => state
 */
function contact_retention_due(array $config, PDO $pdo, int $now): array
{
    $days = contact_retention_days('messageDays');
    $due = [];
    foreach (contact_store_undelivered($pdo, contact_enabled_channels($config), $now - ($days - CONTACT_RETENTION_NOTICE_DAYS) * 86400) as $message) {
        $received = (int) $message['received_at'];
        $due[$message['id']] = ['received' => $received, 'deleted' => $received + $days * 86400, 'undelivered' => $message['undelivered']];
    }
    return $due;
}

/**
 * Deletes every message from this address, each after its files; one being sent right now is kept.
 * @return array{erased: list<array<string, mixed>>, files: array<string, list<string>>, kept: array<string, string>} the messages deleted; id => the names of its files deleted; id => why for those kept
 */
function contact_erase(array $config, PDO $pdo, string $email): array
{
    $kept = [];
    $idle = [];
    foreach (contact_store_sender($pdo, $email) as $message) {
        $sending = array_filter($message['deliveries'], static fn (array $delivery): bool => $delivery['state'] === 'sending' && (int) $delivery['lease_until'] > time());
        if ($sending !== []) {
            $kept[$message['id']] = 'being sent right now: erase again in a few minutes';
        } else {
            $idle[] = $message;
        }
    }
    $files = contact_forget_files($config, array_column($idle, 'id'));
    $deleted = contact_store_delete($pdo, $files['gone']);
    foreach (array_diff($files['gone'], $deleted) as $id) {
        $kept[$id] = 'being sent right now: erase again in a few minutes';
    }
    $erased = array_values(array_filter($idle, static fn (array $message): bool => in_array($message['id'], $deleted, true)));
    return ['erased' => $erased, 'files' => $files['removed'], 'kept' => $kept + $files['kept']];
}

/**
 * Deletes the files each channel keeps of these messages.
 * @return array{gone: list<string>, removed: array<string, list<string>>, kept: array<string, string>} the ids with no file left; id => the names of the files deleted; id => why for the others
 */
function contact_forget_files(array $config, array $ids): array
{
    $result = ['gone' => [], 'removed' => [], 'kept' => []];
    foreach ($ids as $id) {
        $files = array_merge(...array_map(static fn (array $channel): array => ($channel['files'])($config, $id), array_values(contact_channels())));
        foreach ($files as $file) {
            if (!@unlink($file)) {
                $result['kept'][$id] = "cannot delete $file: " . (error_get_last()['message'] ?? 'unknown error');
                continue 2;
            }
        }
        $result['gone'][] = $id;
        $result['removed'] += $files === [] ? [] : [$id => array_keys($files)];
    }
    return $result;
}
