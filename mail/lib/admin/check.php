<?php
// admin.php check: each setting and where it comes from (secrets hidden, as their channel shows
// them), then whether PHP, the store and each channel set up work. It may call admin/common.php,
// config.php, location.php, store.php, database.php, messages.php and channels.php.
declare(strict_types=1);

require_once __DIR__ . '/common.php';
require_once __DIR__ . '/../config.php';
require_once __DIR__ . '/../location.php';
require_once __DIR__ . '/../store.php';
require_once __DIR__ . '/../database.php';
require_once __DIR__ . '/../messages.php';
require_once __DIR__ . '/../channels.php';

function admin_check(array $config, bool $sendTest): int
{
    $read = contact_config_read();
    echo $read['file'] === null
        ? "Configuration file: none (copy mail/config.example.php to mail/config.php, or name one with MAIL_CONFIG)\n"
        : "Configuration file: {$read['file']} (environment variables override it)\n";
    $hidden = array_merge(['MAIL_HEALTH_TOKEN' => '(set, hidden)'], ...array_map(static fn (array $channel): array => ($channel['settings'])($read['values']), array_values(contact_channels())));
    foreach ($read['values'] as $key => $value) {
        $shown = $value === '' ? '(empty)' : $hidden[$key] ?? $value;
        printf("  %-21s %-44s %s\n", $key, $shown, $read['sources'][$key]);
    }
    echo "Values set only with Apache's SetEnv reach the web endpoint, never this command or cron.\n\n";

    $problems = 0;
    $report = static function (bool $ok, string $text, string $status = '') use (&$problems): void {
        $problems += $ok ? 0 : 1;
        printf("  %-5s %s\n", $status ?: ($ok ? 'ok' : 'FAIL'), $text);
    };
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
    foreach (contact_enabled_channels($config) as $channel) {
        (contact_channels()[$channel]['check'])($config, $report, $sendTest);
    }
    if (function_exists('posix_geteuid') && posix_geteuid() === 0) {
        $report(true, 'running as root: run cron and this command as the web server\'s user, so files stay writable for it', 'note');
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
