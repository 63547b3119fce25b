<?php
// admin.php check: each setting and where it comes from (secrets hidden, as their channel shows
// them), a PHP configuration left from an earlier version (never read), a key that is no setting,
// then whether the contract, PHP, the store and each channel set up work. admin.php config: the
// settings alone, for people or (--json) programs. It may call admin/common.php, config.php,
// contract.php, compose.php, paths.php, location.php, store.php, database.php, messages.php and
// channels.php.
declare(strict_types=1);

require_once __DIR__ . '/common.php';
require_once __DIR__ . '/../config.php';
require_once __DIR__ . '/../contract.php';
require_once __DIR__ . '/../compose.php';
require_once __DIR__ . '/../paths.php';
require_once __DIR__ . '/../location.php';
require_once __DIR__ . '/../store.php';
require_once __DIR__ . '/../database.php';
require_once __DIR__ . '/../messages.php';
require_once __DIR__ . '/../channels.php';

/** The configuration as check and config show it: every setting, a secret as its channel shows it when set. */
function admin_config_read(): array
{
    $read = contact_config_read(true);
    $hidden = array_merge(['MAIL_HEALTH_TOKEN' => '(set, hidden)'], ...array_map(static fn (array $channel): array => ($channel['hidden'])($read['values']), array_values(contact_channels())));
    foreach ($read['values'] as $key => $value) {
        $read['hidden'][$key] = $value !== '' && isset($hidden[$key]);
        $read['values'][$key] = $read['hidden'][$key] ? $hidden[$key] : $value;
    }
    return $read;
}

/**
 * admin.php config: each setting, where it comes from; with --json, for programs (npm start, the
 * release check), also its default and those of its values (separated by commas) in a domain
 * reserved for examples: placeholders.
 */
function admin_config(bool $json): int
{
    $read = admin_config_read();
    if (!$json) {
        admin_config_print($read);
        return 0;
    }
    $settings = [];
    foreach ($read['values'] as $key => $value) {
        $placeholders = $read['hidden'][$key] ? [] : array_values(array_filter(array_map('trim', explode(',', $value)), static fn (string $item): bool => $item !== '' && contact_is_placeholder($item)));
        $settings[$key] = ['value' => $value, 'source' => $read['sources'][$key], 'default' => $read['defaults'][$key], 'placeholders' => $placeholders];
    }
    echo json_encode(['file' => $read['file'], 'settings' => $settings], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR) . "\n";
    return 0;
}

function admin_config_print(array $read): void
{
    echo $read['file'] === null
        ? 'Configuration file: none (copy mail/config.example.ini to ' . contact_private_home() . '/' . CONTACT_CONFIG_FILE . ", or name one with MAIL_CONFIG)\n"
        : "Configuration file: {$read['file']} (environment variables override it)\n";
    foreach ($read['values'] as $key => $value) {
        printf("  %-21s %-44s %s\n", $key, $value === '' ? '(empty)' : $value, $read['sources'][$key]);
    }
    echo "Values set only with Apache's SetEnv reach the web endpoint, never this command or cron.\n";
}

function admin_check(array $config, bool $sendTest): int
{
    $read = admin_config_read();
    admin_config_print($read);
    echo "\n";

    $problems = 0;
    $report = static function (bool $ok, string $text, string $status = '') use (&$problems): void {
        $problems += $ok ? 0 : 1;
        printf("  %-5s %s\n", $status ?: ($ok ? 'ok' : 'FAIL'), $text);
    };
    foreach (admin_check_php_configs($config) as $stray) {
        $report(false, $stray);
    }
    foreach (array_keys(array_diff_key(contact_config_file_read()['values'], $read['values'])) as $key) {
        $report(false, "$key in {$read['file']} is no setting, so nothing reads it (mail/config.example.ini has every key).", 'warn');
    }
    // An earlier version's setting, which an environment (cron's, say) may still set: it would
    // look as if it changed what /privacy publishes.
    if (getenv('MAIL_RETENTION_DAYS') !== false) {
        $report(false, 'MAIL_RETENTION_DAYS in the environment is no setting: messages are kept as long as mail/contract.json says, which /privacy publishes.', 'warn');
    }
    foreach (contact_config_warnings($config) as $warning) {
        $report(false, $warning, 'warn');
    }
    try {
        [$limit, $window] = contact_rate_limit($config);
        if ($window > contact_rate_limit_longest()) {
            $report(false, "MAIL_RATE_LIMIT is \"{$config['MAIL_RATE_LIMIT']}\": its window would keep the hash of an address longer than the " . contact_rate_limit_longest() / 60
                . ' minutes /privacy publishes (retention.rateLimitMinutes in mail/contract.json) (now using ' . $limit . '/' . contact_rate_limit_longest() . ').', 'warn');
        }
        $report(true, 'contract: ' . realpath(CONTACT_CONTRACT_FILE) . ', messages kept ' . contact_retention_days('messageDays') . ' days, held ones ' . contact_retention_days('heldDays') . ', the rate limit\'s hashes at most ' . contact_rate_limit_longest() / 60 . ' minutes (as /privacy says)');
    } catch (RuntimeException $error) {
        $report(false, $error->getMessage());
    }
    $report(extension_loaded('pdo_sqlite'), 'PHP ' . PHP_VERSION . (extension_loaded('pdo_sqlite')
        ? ' with pdo_sqlite'
        : ' has no pdo_sqlite: install it (Debian, Ubuntu: apt-get install php-sqlite3)'));
    $usable = contact_location_problem($config, false) === null;
    if (extension_loaded('pdo_sqlite')) {
        admin_check_store($config, $report);
    }
    foreach (contact_enabled_channels($config) as $channel) {
        (contact_channels()[$channel]['check'])($config, $report, $sendTest);
    }
    echo $problems === 0 ? "\nNo problems.\n" : "\n$problems " . ($problems === 1 ? 'problem' : 'problems') . ".\n";
    return $problems === 0 ? 0 : ($usable ? 1 : 2);
}

/**
 * @return list<string> each config.php an earlier version read (beside the web root, in mail/ or
 * in the store's folder): configuration is data now, so it is never read, and how to write it
 */
function admin_check_php_configs(array $config): array
{
    $folders = array_unique([contact_private_home(), dirname(__DIR__, 2), $config['MAIL_STORAGE_DIR']]);
    $strays = array_filter(array_map(static fn (string $dir): string => "$dir/config.php", $folders), 'is_file');
    $target = contact_config_file() ?? contact_private_home() . '/' . CONTACT_CONFIG_FILE;
    return array_map(static fn (string $file): string => "$file is a PHP configuration, which is never read: configuration is data, which nothing runs. "
        . "Write its settings as KEY = \"value\" lines into $target (mail/config.example.ini has every key), then delete $file.", array_values($strays));
}

function admin_check_store(array $config, callable $report): void
{
    $dir = $config['MAIL_STORAGE_DIR'];
    $problem = contact_location_problem($config, false);
    if ($problem !== null) {
        $report(false, "store: $problem");
        return;
    }
    $note = admin_inside_web_root($dir);
    if ($note !== null) {
        $report(true, "store: $note", 'note');
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
    } catch (Throwable $error) {
        $report(false, "store in $dir cannot be used: " . $error->getMessage());
    }
}
