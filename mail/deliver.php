<?php
// Sends every stored message that is still pending, for cron:
//   */10 * * * * php /path/to/mail/deliver.php
// Prints one line per message; exits 1 if any message failed again. Command line only.
declare(strict_types=1);

if (PHP_SAPI !== 'cli') {
    http_response_code(404);
    exit;
}

require __DIR__ . '/lib/config.php';
require __DIR__ . '/lib/validation.php';
require __DIR__ . '/lib/store.php';
require __DIR__ . '/lib/compose.php';
require __DIR__ . '/lib/transports.php';
require __DIR__ . '/lib/delivery.php';

set_error_handler(static function (int $severity, string $message, string $file, int $line): bool {
    if ((error_reporting() & $severity) === 0 || ($severity & (E_NOTICE | E_USER_NOTICE | E_DEPRECATED | E_USER_DEPRECATED)) !== 0) {
        return false;
    }
    throw new ErrorException($message, 0, $severity, $file, $line);
});

$config = contact_config();
if (!is_dir($config['MAIL_STORAGE_DIR'])) {
    echo "No messages stored yet ({$config['MAIL_STORAGE_DIR']}).\n";
    exit(0);
}

// One run at a time, so two overlapping cron runs never send the same message twice.
$run = fopen($config['MAIL_STORAGE_DIR'] . '/deliver.lock', 'c');
if ($run === false || !flock($run, LOCK_EX | LOCK_NB)) {
    echo "Another delivery run is in progress.\n";
    exit(0);
}

$counts = ['delivered' => 0, 'failed' => 0, 'busy' => 0];
foreach (contact_pending($config) as $record) {
    $id = $record['id'];
    // The endpoint holds this lock while it sends a new message itself.
    $lock = contact_lock_message($config, $id, false);
    if ($lock === null) {
        echo "$id: being sent by the endpoint, skipped\n";
        $counts['busy']++;
        continue;
    }
    try {
        $result = contact_deliver_locked($config, $record);
    } finally {
        contact_unlock_message($config, $id, $lock);
    }
    echo "$id: $result\n";
    if ($result === 'delivered') {
        $counts['delivered']++;
    } elseif ($result !== 'already delivered') {
        $counts['failed']++;
    }
}

printf("%d delivered, %d failed, %d skipped (transport: %s).\n", $counts['delivered'], $counts['failed'], $counts['busy'], $config['MAIL_TRANSPORT']);
exit($counts['failed'] > 0 ? 1 : 0);
