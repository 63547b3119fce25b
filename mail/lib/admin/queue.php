<?php
// admin.php status, list, show, export, retry and release: the messages and their deliveries as
// the operator sees and moves them (status's verdict is health.php's). It may call
// admin/common.php, contract.php, messages.php, queue.php, health.php, channels.php,
// validation.php, location.php, store.php and retention.php.
declare(strict_types=1);

require_once __DIR__ . '/common.php';
require_once __DIR__ . '/../contract.php';
require_once __DIR__ . '/../messages.php';
require_once __DIR__ . '/../queue.php';
require_once __DIR__ . '/../health.php';
require_once __DIR__ . '/../channels.php';
require_once __DIR__ . '/../validation.php';
require_once __DIR__ . '/../location.php';
require_once __DIR__ . '/../store.php';
require_once __DIR__ . '/../retention.php';

function admin_status(array $config): int
{
    $problem = contact_location_problem($config, false);
    if ($problem !== null) {
        echo "The store cannot be used: $problem\n";
        return 2;
    }
    $note = admin_inside_web_root($config['MAIL_STORAGE_DIR']);
    echo $note === null ? '' : "Note: $note\n";
    try {
        $store = admin_store($config);
        if ($store === null) {
            return 0;
        }
        $counts = contact_store_counts($store);
        $health = contact_health($config, $store, time());
    } catch (Throwable $error) {
        echo "The store cannot be used: {$error->getMessage()}\n";
        return 2;
    }
    foreach ($counts as $state => $count) {
        echo "$state: $count\n";
    }
    foreach (array_diff(array_keys(contact_channels()), [contact_primary_channel()]) as $channel) {
        $other = contact_store_counts($store, $channel);
        if (in_array($channel, contact_enabled_channels($config), true) || array_sum($other) > 0) {
            echo trim(contact_channel_suffix($channel)) . ': ' . implode(', ', array_map(static fn (string $state, int $count): string => "$state $count", array_keys($other), $other)) . "\n";
        }
    }
    $oldest = $health['oldestUndelivered'];
    echo 'oldest pending: ' . ($oldest === null ? '-' : admin_ago(time() - $oldest) . ' (received ' . admin_time($oldest) . ')') . "\n";
    if ($counts['held'] > 0) {
        echo contact_count($counts['held'], 'held message') . ' (sent without a proof of work: the form without JavaScript, or a script): '
            . 'php mail/admin.php list --status held; release ID sends one, delete ID drops it; unreleased ones go after ' . contact_retention_days('heldDays') . " days\n";
    }
    foreach ($health['attention'] as $line) {
        echo "Attention: $line\n";
    }
    foreach ($health['notes'] as $line) {
        echo "Note: $line\n";
    }
    foreach (contact_retention_due($config, $store, time()) as $id => $when) {
        $days = (int) ceil(($when['deleted'] - time()) / 86400);
        $undelivered = implode(', ', array_map(static fn (string $channel, string $state): string => ltrim(contact_channel_suffix($channel) . " $state"), array_keys($when['undelivered']), $when['undelivered']));
        echo "Attention: $id ($undelivered, received " . admin_time($when['received']) . ') is deleted '
            . ($days > 0 ? 'in ' . contact_count($days, 'day') . ', on ' . gmdate('Y-m-d', $when['deleted']) : 'by the next deliver.php run')
            . ', ' . contact_retention_days('messageDays') . ' days after it came, as /privacy says, whether sent or not: php mail/admin.php retry ' . $id . " sends it again\n";
    }
    return $health['code'];
}

function admin_list(array $config, ?string $state, ?int $since): int
{
    $store = admin_store($config);
    foreach ($store === null ? [] : contact_store_messages($store, $state, $since) as $message) {
        [$first, $last, $email] = array_map('contact_printable', [$message['firstName'], $message['lastName'], $message['email']]);
        printf("%s  %-9s  %s %s <%s>  %s\n", $message['id'], $message['state'], $first, $last, $email, admin_time((int) $message['received_at']));
    }
    return 0;
}

function admin_show(array $config, string $id): int
{
    [, $message] = admin_message($config, $id);
    if ($message === null) {
        return 1;
    }
    $own = $message['deliveries'][contact_primary_channel()] ?? [];
    $time = static fn (string $column): string => admin_time(isset($own[$column]) ? (int) $own[$column] : null);
    $lines = [
        'id' => $id,
        'state' => $message['state'],
        'received' => admin_time((int) $message['received_at']),
        'attempts' => $own['attempts'] ?? 0,
        'next attempt' => $time('next_attempt_at'),
        'last error' => $own['last_error'] ?? '-',
        'delivered' => $time('delivered_at'),
    ];
    foreach (array_diff(array_keys(contact_channels()), [contact_primary_channel()]) as $channel) {
        $delivery = $message['deliveries'][$channel] ?? null;
        $lines[trim(contact_channel_suffix($channel))] = $delivery === null ? '-' : "{$delivery['state']}, attempts {$delivery['attempts']}"
            . ($delivery['last_error'] === null ? '' : ", last error: {$delivery['last_error']}");
    }
    foreach (contact_channels() as $channel) {
        $lines += ($channel['files'])($config, $id);
    }
    foreach (array_keys(contact_attribution_fields()) as $name) {
        $lines[$name === 'source' ? 'came from' : $name] = $message[$name] ?? '-';
    }
    $multiline = [];
    foreach (contact_fields() as $name => $max) {
        $lines[contact_label($name)] = $message[$name];
        if (contact_field($name)['multiline']) {
            $multiline[] = contact_label($name);
        }
    }
    foreach ($lines as $label => $value) {
        // One line each, but a multiline field (the message): its own lines, indented, below its label.
        $shown = in_array($label, $multiline, true)
            ? "\n  " . str_replace("\n", "\n  ", contact_printable($value, true))
            : contact_printable((string) $value);
        printf("%-13s %s\n", "$label:", $shown);
    }
    return 0;
}

function admin_export(array $config, string $format, ?int $since): int
{
    if (!in_array($format, ['csv', 'jsonl'], true)) {
        throw new AdminUsageError('--format is csv or jsonl');
    }
    $store = contact_store_open($config, true);
    $out = fopen('php://output', 'wb');
    // The message's own delivery in attempts, lastError and delivered; each other channel's state in a column of its name.
    $others = array_values(array_diff(array_keys(contact_channels()), [contact_primary_channel()]));
    $columns = ['id', 'state', 'received', ...array_keys(contact_fields()), ...array_keys(contact_attribution_fields()), 'attempts', 'lastError', 'delivered', ...$others];
    if ($format === 'csv') {
        fwrite($out, admin_csv_row($columns));
    }
    foreach ($store === null ? [] : contact_store_messages($store, null, $since) as $message) {
        $iso = static fn ($time): ?string => $time === null ? null : gmdate('Y-m-d\TH:i:s\Z', (int) $time);
        $own = $message['deliveries'][contact_primary_channel()] ?? ['attempts' => 0, 'last_error' => null, 'delivered_at' => null];
        $row = [
            'id' => $message['id'],
            'state' => $message['state'],
            'received' => $iso($message['received_at']),
            ...array_intersect_key($message, contact_fields()),
            ...array_intersect_key($message, contact_attribution_fields()),
            'attempts' => (int) $own['attempts'],
            'lastError' => $own['last_error'],
            'delivered' => $iso($own['delivered_at']),
            ...array_map(static fn (string $channel): ?string => $message['deliveries'][$channel]['state'] ?? null, array_combine($others, $others)),
        ];
        if ($format === 'jsonl') {
            fwrite($out, json_encode($row, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE | JSON_THROW_ON_ERROR) . "\n");
        } else {
            fwrite($out, admin_csv_row(array_values($row)));
        }
    }
    return 0;
}

/**
 * One CSV line (RFC 4180), every cell quoted (a spreadsheet that splits on semicolons cuts none);
 * a cell a spreadsheet would run as a formula (= + - @, a tab or return first) starts with '.
 * @param list<mixed> $cells
 */
function admin_csv_row(array $cells): string
{
    $quoted = array_map(static function (mixed $cell): string {
        $cell = (string) $cell;
        $cell = preg_match('/^[=+\-@\t\r]/', $cell) === 1 ? "'$cell" : $cell;
        return '"' . str_replace('"', '""', $cell) . '"';
    }, $cells);
    return implode(',', $quoted) . "\r\n";
}

function admin_retry(array $config, ?string $id): int
{
    $store = admin_store($config);
    if ($store === null) {
        return 1;
    }
    if ($id === null) {
        $ids = contact_store_retry_dead($store);
        echo $ids === [] ? "No dead messages.\n" : implode("\n", $ids) . "\n" . contact_count(count($ids), 'dead message') . ' due now; the next deliver.php run sends ' . (count($ids) === 1 ? 'it' : 'them') . ".\n";
        return 0;
    }
    $before = contact_store_retry($store, $id);
    if ($before === null) {
        echo "No message $id.\n";
        return 1;
    }
    $due = 0;
    foreach ($before as $channel => $state) {
        $what = $id . (contact_channel_suffix($channel) === '' ? '' : "'s" . contact_channel_suffix($channel));
        $due += in_array($state, ['pending', 'dead'], true) ? 1 : 0;
        echo match ($state) {
            'pending', 'dead' => "$what ($state) is due now; the next deliver.php run sends it.\n",
            'sending' => "$what is being sent right now.\n",
            'delivered' => "$what was delivered already.\n",
            'held' => "$id is held: php mail/admin.php release $id queues it.\n",
            default => '',
        };
    }
    return $due > 0 ? 0 : 1;
}

function admin_release(array $config, string $id): int
{
    $store = admin_store($config);
    $before = $store === null ? 'missing' : contact_store_release($store, $config, $id);
    echo match ($before) {
        'held' => "$id is released and due now; the next deliver.php run sends it.\n",
        'missing' => "No message $id.\n",
        default => "$id is not held (it is $before).\n",
    };
    return $before === 'held' ? 0 : 1;
}
