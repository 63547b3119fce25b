<?php
// The operator's command for the contact form's messages. Command line only; run it as the web
// server's user (e.g. sudo -u www-data php mail/admin.php status): started as root, it becomes
// the store folder's owner (lib/run-as.php). `php mail/admin.php help` lists the commands;
// docs/contact-endpoint.md explains them.
declare(strict_types=1);

require __DIR__ . '/lib/bootstrap.php';
contact_command_line_only();

const ADMIN_USAGE = <<<'TEXT'
    Usage: php mail/admin.php COMMAND [OPTIONS]

      check [--send-test]            the configuration and where each value comes from; whether the
                                     store and the mail transport work (--send-test mails MAIL_TO);
                                     exit 1 on a problem, 2 when the store's location is unusable
      status                         messages per state; exit 0 healthy, 1 a message waits over an
                                     hour (or, held, over a day), 2 a message is dead or the store
                                     cannot be used
      list [--status S] [--since D]  one line per message: id, state, sender, received
      show ID                        one message in full
      release ID                     queue a held message for delivery (sent without a proof of
                                     work: the form without JavaScript, or a script)
      delete ID                      delete one message, with its outbox file
      export --format csv|jsonl [--since D]
                                     every message, to standard output
      retry ID | retry --dead        make that message, or every dead one, due now
      purge --older-than DAYS        delete delivered and dead messages received before then
      erase --email ADDRESS          delete every message from this sender, with its outbox files
      import-jsonl [DIR]             import messages.jsonl and status.jsonl of the previous version

    S is held, pending, sending, delivered or dead; D a date such as 2026-11-01 (UTC).

    TEXT;

/** Each command's options: true takes a value, false is a flag. */
const ADMIN_COMMANDS = [
    'check' => ['send-test' => false],
    'status' => [],
    'list' => ['status' => true, 'since' => true],
    'show' => [],
    'export' => ['format' => true, 'since' => true],
    'release' => [],
    'delete' => [],
    'retry' => ['dead' => false],
    'purge' => ['older-than' => true],
    'erase' => ['email' => true],
    'import-jsonl' => [],
    'help' => [],
];
const ADMIN_USAGE_ERROR = 64;

final class AdminUsageError extends RuntimeException
{
}

// Every line printed passes through contact_printable(), so nothing from a visitor, a receiver
// or a mail server can steer the terminal; line breaks and tabs stay. An export stays data: its
// JSON lines mean the same (a C1 character becomes its JSON escape), and its CSV keeps all that
// the form accepts.
ob_start(static fn (string $output): string => contact_printable($output, true), 1);

try {
    [$command, $arguments, $options] = admin_parse(array_slice($argv, 1));
    contact_run_as_config_owner();
    $config = contact_config();
    contact_run_as_store_owner($config);
    exit(match ($command) {
        'check' => admin_check($config, isset($options['send-test'])),
        'status' => admin_status($config),
        'list' => admin_list($config, admin_state($options['status'] ?? null), admin_since($options['since'] ?? null)),
        'show' => admin_show($config, admin_one($arguments, 'a message id')),
        'export' => admin_export($config, $options['format'] ?? '', admin_since($options['since'] ?? null)),
        'release' => admin_release($config, admin_one($arguments, 'a message id')),
        'delete' => admin_delete($config, admin_one($arguments, 'a message id')),
        'retry' => admin_retry($config, isset($options['dead']) ? null : admin_one($arguments, 'a message id or --dead')),
        'purge' => admin_purge($config, $options['older-than'] ?? ''),
        'erase' => admin_erase($config, (string) ($options['email'] ?? '')),
        'import-jsonl' => admin_import($config, $arguments[0] ?? null),
        'help' => admin_help(),
    });
} catch (AdminUsageError $error) {
    fwrite(STDERR, contact_printable($error->getMessage()) . "\n\n" . ADMIN_USAGE);
    exit(ADMIN_USAGE_ERROR);
} catch (Throwable $error) {
    fwrite(STDERR, 'admin.php: ' . contact_printable($error->getMessage()) . "\n");
    exit(2);
}

/** @return array{0: string, 1: list<string>, 2: array<string, string|true>} */
function admin_parse(array $words): array
{
    $command = array_shift($words) ?? 'help';
    if (!isset(ADMIN_COMMANDS[$command])) {
        throw new AdminUsageError("Unknown command: $command");
    }
    $arguments = [];
    $options = [];
    while (($word = array_shift($words)) !== null) {
        if (preg_match('/^--([a-z-]+)(?:=(.*))?$/s', $word, $match) !== 1) {
            $arguments[] = $word;
            continue;
        }
        $name = $match[1];
        if (!array_key_exists($name, ADMIN_COMMANDS[$command])) {
            throw new AdminUsageError("$command has no option --$name");
        }
        if (!ADMIN_COMMANDS[$command][$name]) {
            $options[$name] = true;
            continue;
        }
        $value = $match[2] ?? array_shift($words);
        if ($value === null || $value === '') {
            throw new AdminUsageError("--$name needs a value");
        }
        $options[$name] = $value;
    }
    return [$command, $arguments, $options];
}

function admin_one(array $arguments, string $what): string
{
    if (count($arguments) !== 1) {
        throw new AdminUsageError("Give $what.");
    }
    return $arguments[0];
}

function admin_state(?string $state): ?string
{
    if ($state !== null && !in_array($state, CONTACT_STATES, true)) {
        throw new AdminUsageError("--status is one of: " . implode(', ', CONTACT_STATES));
    }
    return $state;
}

function admin_since(?string $date): ?int
{
    if ($date === null) {
        return null;
    }
    try {
        return (new DateTimeImmutable($date, new DateTimeZone('UTC')))->getTimestamp();
    } catch (Exception) {
        throw new AdminUsageError("--since $date is not a date: use e.g. 2026-11-01");
    }
}

function admin_time(?int $time): string
{
    return $time === null ? '-' : gmdate('Y-m-d H:i', $time) . ' UTC';
}

function admin_ago(int $seconds): string
{
    return match (true) {
        $seconds < 3600 => intdiv($seconds, 60) . ' min',
        $seconds < 172800 => intdiv($seconds, 3600) . ' h ' . intdiv($seconds % 3600, 60) . ' min',
        default => intdiv($seconds, 86400) . ' days',
    };
}

/** The store, or null (said on standard output) when there is none yet. */
function admin_store(array $config): ?PDO
{
    $store = contact_store_open($config, true);
    if ($store === null) {
        echo "No store yet: {$config['MAIL_STORAGE_DIR']} does not exist. The endpoint creates it with the first message.\n";
    }
    return $store;
}

/** A store in mail/ behind the project's rules: allowed, but one server change from being served. */
function admin_inside_web_root(string $dir): string
{
    return "$dir is inside the web root: the endpoint uses it only while the web server applies the project's rules "
        . '(/mail/health.php answers 503 when it does not). Safer: ' . contact_install_command(contact_private_home(), false)
        . ' (the web server\'s user), and the endpoint moves the store there.';
}

function admin_help(): int
{
    echo ADMIN_USAGE;
    return 0;
}

function admin_check(array $config, bool $sendTest): int
{
    $read = contact_config_read();
    echo $read['file'] === null
        ? "Configuration file: none (copy mail/config.example.php to mail/config.php, or name one with MAIL_CONFIG)\n"
        : "Configuration file: {$read['file']} (environment variables override it)\n";
    foreach ($read['values'] as $key => $value) {
        $shown = match (true) {
            $value === '' => '(empty)',
            in_array($key, ['SMTP_PASS', 'MAIL_HEALTH_TOKEN', 'MAIL_WEBHOOK_SECRET'], true) => '(set, hidden)',
            $key === 'MAIL_WEBHOOK_URL' => contact_webhook_shown($value),
            default => $value,
        };
        printf("  %-21s %-44s %s\n", $key, $shown, $read['sources'][$key]);
    }
    echo "Values set only with Apache's SetEnv reach the web endpoint, never this command or cron.\n\n";

    $problems = 0;
    $report = static function (bool $ok, string $text, string $status = '') use (&$problems): void {
        $problems += $ok ? 0 : 1;
        printf("  %-5s %s\n", $status ?: ($ok ? 'ok' : 'FAIL'), $text);
    };
    foreach (contact_config_errors($config) as $error) {
        $report(false, $error);
    }
    foreach (contact_config_warnings($config) as $warning) {
        $report(false, $warning, 'warn');
    }
    $report(extension_loaded('pdo_sqlite'), 'PHP ' . PHP_VERSION . (extension_loaded('pdo_sqlite')
        ? ' with pdo_sqlite'
        : ' has no pdo_sqlite: install it (Debian, Ubuntu: apt-get install php-sqlite3)'));
    $usable = contact_location_problem($config, false) === null;
    if (extension_loaded('pdo_sqlite')) {
        admin_check_store($config, $report);
    }
    admin_check_transport($config, $report);
    admin_check_webhook($config, $report, $sendTest);
    if (function_exists('posix_geteuid') && posix_geteuid() === 0) {
        $report(true, 'running as root: run cron and this command as the web server\'s user, so files stay writable for it', 'note');
    }
    if ($sendTest && $problems === 0) {
        $id = 'test-' . contact_new_id();
        $test = [
            'id' => $id, 'received_at' => time(), 'firstName' => 'Website', 'lastName' => 'check',
            'email' => $config['MAIL_FROM'], 'company' => '', 'phone' => '',
            'subject' => 'Test message from php mail/admin.php check --send-test',
            'message' => 'This test shows that mail from the contact form reaches ' . $config['MAIL_TO'] . '.',
        ];
        try {
            contact_transport_send($config, contact_compose($config, $test));
            $report(true, "test message $id sent to {$config['MAIL_TO']} with {$config['MAIL_TRANSPORT']}");
        } catch (Throwable $error) {
            $report(false, 'the test message was not sent: ' . $error->getMessage());
        }
    }
    echo $problems === 0 ? "\nNo problems.\n" : "\n$problems " . ($problems === 1 ? 'problem' : 'problems') . ".\n";
    return $problems === 0 ? 0 : ($usable ? 1 : 2);
}

function admin_check_store(array $config, callable $report): void
{
    $dir = $config['MAIL_STORAGE_DIR'];
    $problem = contact_location_problem($config, false);
    if ($problem !== null) {
        $report(false, "store: $problem");
        return;
    }
    if (contact_inside_web_root($dir)) {
        $report(true, 'store: ' . admin_inside_web_root($dir), 'note');
    }
    if (!is_dir($dir)) {
        $report(true, "store: $dir does not exist yet; the endpoint creates it (the web server must be able to write to " . dirname($dir) . ')', 'note');
        return;
    }
    try {
        $store = contact_store_open($config, true);
        $integrity = $store->query('PRAGMA quick_check')->fetchColumn();
        contact_store_transaction($store, static function (): void {
        });
        $counts = contact_store_counts($store);
        $file = contact_store_file($config);
        $report($integrity === 'ok', "store: $file, writable, " . contact_count(array_sum($counts), 'message') . ($integrity === 'ok' ? '' : ", damaged: $integrity"));
        if (fileowner($file) !== fileowner($dir)) {
            $report(false, "store: $file is owned by another user than $dir: the web server may not be able to write it");
        }
        if (is_file("$dir/messages-damaged.jsonl")) {
            $report(true, "store: $dir/messages-damaged.jsonl holds lines of the old store that could not be imported: look at them, then delete the file", 'note');
        }
    } catch (Throwable $error) {
        $report(false, "store in $dir cannot be used: " . $error->getMessage());
    }
}

function admin_check_transport(array $config, callable $report): void
{
    switch ($config['MAIL_TRANSPORT']) {
        case 'outbox':
            $dir = $config['MAIL_OUTBOX_DIR'];
            $report(!is_dir($dir) || is_writable($dir), "transport outbox: messages are written to $dir as .eml files; nobody is mailed");
            break;
        case 'mail':
            $sendmail = strtok((string) ini_get('sendmail_path'), ' ') ?: '/usr/sbin/sendmail';
            $found = str_contains($sendmail, '/') ? is_executable($sendmail)
                : array_filter(explode(':', (string) getenv('PATH')), static fn (string $dir): bool => is_executable("$dir/$sendmail")) !== [];
            $report($found, "transport mail: PHP's mail() through $sendmail" . ($found ? '' : ', which is missing'));
            break;
        case 'smtp':
            $server = "{$config['SMTP_HOST']}:{$config['SMTP_PORT']}";
            try {
                $mailer = contact_smtp_mailer($config);
                contact_smtp_step($mailer, $mailer->smtpConnect(...));
                $mailer->smtpClose();
                $report(true, "transport smtp: $server answered" . ($config['SMTP_USER'] === '' ? '' : " and accepted the login of {$config['SMTP_USER']}"));
            } catch (Throwable $error) {
                $report(false, "transport smtp: $server: " . $error->getMessage());
            }
            break;
    }
}

/** MAIL_WEBHOOK_URL: a usable address that answers without redirecting; with --send-test, a test lead posted to it. */
function admin_check_webhook(array $config, callable $report, bool $sendTest): void
{
    $url = $config['MAIL_WEBHOOK_URL'];
    if ($url === '') {
        return;
    }
    $shown = contact_webhook_shown($url);
    $problem = contact_webhook_url_problem($url);
    if ($problem !== null) {
        $report(false, "webhook: $problem");
        return;
    }
    $warning = contact_webhook_url_warning($url);
    if ($warning !== null) {
        $report(false, "webhook: $warning", 'warn');
    }
    try {
        if (!$sendTest) {
            // A GET changes nothing at the receiver; it shows that the address answers, and where it redirects.
            $code = contact_webhook_request($url, 'GET', [], '', CONTACT_WEBHOOK_SECONDS);
            $report(true, "webhook: $shown answered (HTTP $code to a GET; --send-test posts a test lead)");
            return;
        }
        $test = [
            'id' => 'test-' . contact_new_id(), 'received_at' => time(), 'firstName' => 'Website', 'lastName' => 'check',
            'email' => $config['MAIL_FROM'], 'company' => '', 'phone' => '',
            'subject' => 'Test lead from php mail/admin.php check --send-test',
            'message' => 'This test shows that leads from the contact form reach this webhook.',
        ];
        contact_webhook_send($config, contact_webhook_body($test));
        $report(true, "webhook: test lead {$test['id']} posted to $shown" . ($config['MAIL_WEBHOOK_SECRET'] === '' ? ', unsigned' : ', signed'));
    } catch (Throwable $error) {
        $report(false, "webhook: $shown: " . $error->getMessage());
    }
}

function admin_status(array $config): int
{
    $problem = contact_location_problem($config, false);
    if ($problem !== null) {
        echo "The store cannot be used: $problem\n";
        return 2;
    }
    if (contact_inside_web_root($config['MAIL_STORAGE_DIR'])) {
        echo 'Note: ' . admin_inside_web_root($config['MAIL_STORAGE_DIR']) . "\n";
    }
    try {
        $store = admin_store($config);
        if ($store === null) {
            return 0;
        }
        $counts = contact_store_counts($store);
        $health = contact_store_health($store);
    } catch (Throwable $error) {
        echo "The store cannot be used: {$error->getMessage()}\n";
        return 2;
    }
    foreach ($counts as $state => $count) {
        echo "$state: $count\n";
    }
    $webhook = contact_store_counts($store, 'webhook');
    if ($config['MAIL_WEBHOOK_URL'] !== '' || array_sum($webhook) > 0) {
        echo 'webhook: ' . implode(', ', array_map(static fn (string $state, int $count): string => "$state $count", array_keys($webhook), $webhook)) . "\n";
    }
    $oldest = $health['oldestUndelivered'];
    $waited = $oldest === null ? 0 : time() - $oldest;
    echo 'oldest pending: ' . ($oldest === null ? '-' : admin_ago($waited) . ' (received ' . admin_time($oldest) . ')') . "\n";
    if ($counts['held'] > 0) {
        echo contact_count($counts['held'], 'held message') . ' (sent without a proof of work: the form without JavaScript, or a script): '
            . 'php mail/admin.php list --status held; release ID sends one, delete ID drops it; unreleased ones go after ' . CONTACT_HELD_DAYS . " days\n";
    }
    if ($health['dead']) {
        echo $counts['dead'] > 0 ? "Attention: {$counts['dead']} dead: php mail/admin.php list --status dead\n" : '';
        echo $webhook['dead'] > 0 ? "Attention: {$webhook['dead']} webhook " . ($webhook['dead'] === 1 ? 'delivery' : 'deliveries') . " dead: php mail/admin.php retry --dead sends them again\n" : '';
        return 2;
    }
    if ($waited > CONTACT_PENDING_ALERT_SECONDS) {
        echo "Attention: a message has waited over an hour: php mail/admin.php list --status pending\n";
        return 1;
    }
    if ($health['oldestHeld'] !== null && time() - $health['oldestHeld'] > CONTACT_HELD_ALERT_SECONDS) {
        echo "Attention: a held message has waited over a day: php mail/admin.php list --status held, then release ID or delete ID\n";
        return 1;
    }
    return 0;
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
    $store = admin_store($config);
    $message = $store === null ? null : contact_store_message($store, $id);
    if ($message === null) {
        echo "No message $id.\n";
        return 1;
    }
    $outbox = contact_outbox_file($config, $id);
    $lines = [
        'id' => $id,
        'state' => $message['state'],
        'received' => admin_time((int) $message['received_at']),
        'attempts' => $message['attempts'],
        'next attempt' => admin_time($message['next_attempt_at'] === null ? null : (int) $message['next_attempt_at']),
        'last error' => $message['last_error'] ?? '-',
        'delivered' => admin_time($message['delivered_at'] === null ? null : (int) $message['delivered_at']),
        'webhook' => $message['hook_state'] === null ? '-' : "{$message['hook_state']}, attempts {$message['hook_attempts']}"
            . ($message['hook_last_error'] === null ? '' : ", last error: {$message['hook_last_error']}"),
        'outbox file' => is_file($outbox) ? $outbox : '-',
    ];
    foreach (array_keys(CONTACT_ATTRIBUTION) as $name) {
        $lines[$name === 'source' ? 'came from' : $name] = $message[$name] ?? '-';
    }
    foreach (CONTACT_FIELDS as $name => $max) {
        $lines[CONTACT_LABELS[$name]] = $message[$name];
    }
    foreach ($lines as $label => $value) {
        // One line each, but the message: its own lines, indented, below its label.
        $shown = $label === CONTACT_LABELS['message']
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
    $columns = ['id', 'state', 'received', ...array_keys(CONTACT_FIELDS), ...array_keys(CONTACT_ATTRIBUTION), 'attempts', 'lastError', 'delivered', 'webhook'];
    if ($format === 'csv') {
        fwrite($out, admin_csv_row($columns));
    }
    foreach ($store === null ? [] : contact_store_messages($store, null, $since) as $message) {
        $iso = static fn ($time): ?string => $time === null ? null : gmdate('Y-m-d\TH:i:s\Z', (int) $time);
        $row = [
            'id' => $message['id'],
            'state' => $message['state'],
            'received' => $iso($message['received_at']),
            ...array_intersect_key($message, CONTACT_FIELDS),
            ...array_intersect_key($message, CONTACT_ATTRIBUTION),
            'attempts' => (int) $message['attempts'],
            'lastError' => $message['last_error'],
            'delivered' => $iso($message['delivered_at']),
            'webhook' => $message['hook_state'],
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
 * One CSV line (RFC 4180). Every cell is quoted, so a spreadsheet that splits on semicolons
 * cannot cut one in two; a cell starting with = + - @ (or a tab or return), which a spreadsheet
 * would run as a formula, starts with ' instead.
 *
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
        $what = $channel === 'mail' ? $id : "$id's webhook";
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
    $before = $store === null ? 'missing' : contact_store_release($store, $id, $config['MAIL_WEBHOOK_URL'] !== '');
    echo match ($before) {
        'held' => "$id is released and due now; the next deliver.php run sends it.\n",
        'missing' => "No message $id.\n",
        default => "$id is not held (it is $before).\n",
    };
    return $before === 'held' ? 0 : 1;
}

function admin_delete(array $config, string $id): int
{
    $store = admin_store($config);
    $message = $store === null ? null : contact_store_message($store, $id);
    if ($message === null) {
        echo "No message $id.\n";
        return 1;
    }
    $files = contact_remove_outbox_files($config, [$id]);
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
        $file = in_array($message['id'], $result['files'], true) ? ', and its outbox file' : '';
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

function admin_import(array $config, ?string $dir): int
{
    $store = contact_store_open($config, true);
    if ($store === null) {
        throw new RuntimeException("{$config['MAIL_STORAGE_DIR']} does not exist");
    }
    if ($dir === null) {
        // Opening the store imports an old one there by itself, the first time.
        $done = contact_store_setting($store, 'jsonl_imported');
        echo $done === null
            ? "No messages.jsonl in {$config['MAIL_STORAGE_DIR']}: nothing to import.\n"
            : "The old store in {$config['MAIL_STORAGE_DIR']} was imported $done. Its files were removed.\n";
        return 0;
    }
    if (!is_file("$dir/messages.jsonl")) {
        echo "No messages.jsonl in $dir.\n";
        return 1;
    }
    $counts = contact_store_import_jsonl($store, $dir);
    echo 'Imported ' . contact_import_summary($counts) . ". $dir is left as it was.\n";
    return 0;
}
