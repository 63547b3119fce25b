<?php
// The cron entry, in the web server user's crontab (*/10 * * * * php …/mail/deliver.php; root is
// refused: lib/bootstrap.php): retention, then one attempt at every delivery due, channel by
// channel. Silent with exit 0 when there was nothing to do, so cron mails only on
// trouble; else a line per attempt, and exit 1 when one failed.
declare(strict_types=1);

require __DIR__ . '/lib/bootstrap.php';
require_once __DIR__ . '/lib/store.php';
require_once __DIR__ . '/lib/retention.php';
require_once __DIR__ . '/lib/queue.php';
require_once __DIR__ . '/lib/channels.php';
require_once __DIR__ . '/lib/delivery.php';
contact_command_line_only();

/** After this many failed attempts in a row the server is down: the rest wait for the next run. */
const CONTACT_FAILURES_BEFORE_PAUSE = 3;

try {
    $config = contact_config();
    $store = contact_store_open($config, true);
    if ($store === null) {
        exit(0);
    }
    $failed = 0;
    foreach (contact_apply_retention($config, $store)['kept'] as $id => $why) {
        echo "$id: past its retention, kept: $why\n";
        $failed++;
    }

    foreach (array_keys(contact_channels()) as $channel) {
        $failed += deliver_channel($config, $store, $channel);
    }
    exit($failed > 0 ? 1 : 0);
} catch (Throwable $error) {
    fwrite(STDERR, 'deliver.php: ' . contact_printable($error->getMessage()) . "\n");
    exit(2);
}

/** One attempt at each due delivery by $channel; prints a line each. @return int the failures */
function deliver_channel(array $config, PDO $store, string $channel): int
{
    $label = contact_channel_suffix($channel);
    if (!in_array($channel, contact_enabled_channels($config), true)) {
        // No longer set up (its address removed): what waits for it can never go.
        $why = 'no longer set up: ' . contact_channel_unset($channel);
        $given = contact_store_give_up($store, $channel, $why);
        foreach ($given as $id) {
            echo "$id:$label dead, given up: $why; php mail/admin.php status says what to do\n";
        }
        return count($given);
    }
    $due = contact_store_due($store, time(), $channel);
    $errors = $due === [] ? [] : (contact_channel($channel)['problems'])($config);
    $what = $label === '' ? 'message' : trim($label) . ' delivery';
    if ($errors !== []) {
        printf("%s due, none sent: %s\nphp mail/admin.php check shows the configuration.\n", contact_count(count($due), $what), implode(' ', $errors));
        return 1;
    }
    $failed = 0;
    $inARow = 0;
    foreach ($due as $index => $id) {
        // Another process (the endpoint, an overlapping run) may have it: then it is theirs.
        $result = contact_deliver($config, $store, $id, $channel);
        if ($result === null || $result['state'] === null) {
            continue;
        }
        if ($result['state'] === 'delivered') {
            echo "$id:$label delivered (attempt {$result['attempts']})\n";
            $inARow = 0;
            continue;
        }
        $failed++;
        $inARow++;
        $then = $result['state'] === 'dead'
            ? "dead, given up: php mail/admin.php retry $id sends it again"
            : 'next attempt ' . gmdate('Y-m-d H:i', (int) $result['next']) . ' UTC';
        echo "$id:$label failed (attempt {$result['attempts']}): {$result['error']}; $then\n";
        $left = count($due) - $index - 1;
        if ($inARow >= CONTACT_FAILURES_BEFORE_PAUSE && $left > 0) {
            echo "$inARow attempts in a row failed: the other " . contact_count($left, "due $what") . " wait for the next run.\n";
            break;
        }
    }
    return $failed;
}
