<?php
// admin.php delete, purge and erase: messages deleted on the operator's word, each with its files,
// never one being sent. It may call admin/common.php, retention.php and messages.php.
declare(strict_types=1);

require_once __DIR__ . '/common.php';
require_once __DIR__ . '/../retention.php';
require_once __DIR__ . '/../messages.php';

function admin_delete(array $config, string $id): int
{
    [$store, $message] = admin_message($config, $id);
    if ($message === null) {
        return 1;
    }
    $files = contact_forget_files($config, [$id]);
    if ($files['kept'] !== [] || contact_store_delete($store, [$id]) === []) {
        echo "NOT deleted $id: " . ($files['kept'][$id] ?? 'being sent right now: delete it again in a few minutes') . "\n";
        return 1;
    }
    echo "Deleted $id ({$message['state']}, from {$message['email']}, received " . admin_time((int) $message['received_at']) . ")\n";
    return 0;
}

function admin_purge(array $config, string $days): int
{
    if (!ctype_digit($days)) {
        throw new AdminUsageError('--older-than takes a number of days');
    }
    $store = admin_store($config);
    $before = time() - (int) $days * 86400;
    $purged = $store === null ? ['deleted' => 0, 'kept' => []] : contact_purge($config, $store, ['delivered', 'dead'], $before);
    foreach ($purged['kept'] as $id => $why) {
        echo "$id kept: $why\n";
    }
    echo 'Deleted ' . contact_count($purged['deleted'], 'message') . ' (delivered or dead) received before ' . admin_time($before) . ", with their outbox files. Pending messages are kept.\n";
    return $purged['kept'] === [] ? 0 : 1;
}

function admin_erase(array $config, string $email): int
{
    if ($email === '') {
        throw new AdminUsageError('Give --email ADDRESS.');
    }
    $store = admin_store($config);
    $result = $store === null ? ['erased' => [], 'files' => [], 'kept' => []] : contact_erase($config, $store, $email);
    foreach ($result['erased'] as $message) {
        $file = implode('', array_map(static fn (string $name): string => ", and its $name", $result['files'][$message['id']] ?? []));
        echo "erased {$message['id']} ({$message['state']}, received " . admin_time((int) $message['received_at']) . ")$file\n";
    }
    foreach ($result['kept'] as $id => $why) {
        echo "NOT erased $id: $why\n";
    }
    $erased = count($result['erased']);
    echo match (true) {
        $erased === 0 && $result['kept'] === [] => "No messages from $email.\n",
        default => 'Erased ' . contact_count($erased, 'message') . " from $email. Mails already delivered to {$config['MAIL_TO']} are not touched: delete them there too.\n",
    };
    return $result['kept'] === [] ? 0 : 1;
}
