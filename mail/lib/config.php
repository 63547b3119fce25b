<?php
// Configuration: defaults, then environment variables (Apache passes them with SetEnv, which
// PHP shows through getenv() or $_SERVER), then the optional, git-ignored mail/config.php.
declare(strict_types=1);

const CONTACT_CONFIG_KEYS = [
    'MAIL_TO', 'MAIL_FROM', 'MAIL_TRANSPORT', 'SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASS',
    'SMTP_SECURE', 'MAIL_STORAGE_DIR', 'MAIL_OUTBOX_DIR', 'MAIL_RATE_LIMIT',
];

/** @return array<string, string> */
function contact_config(): array
{
    $config = [
        // Placeholders: the operator sets the real addresses (see config.example.php).
        'MAIL_TO' => 'contact@example.com',
        'MAIL_FROM' => 'website@example.com',
        'MAIL_TRANSPORT' => 'outbox',
        'SMTP_HOST' => 'localhost',
        'SMTP_PORT' => '587',
        'SMTP_USER' => '',
        'SMTP_PASS' => '',
        'SMTP_SECURE' => 'tls',
        'MAIL_STORAGE_DIR' => '',
        'MAIL_OUTBOX_DIR' => '',
        'MAIL_RATE_LIMIT' => '5/600',
    ];
    foreach (CONTACT_CONFIG_KEYS as $key) {
        $value = getenv($key);
        if ($value === false) {
            $value = $_SERVER[$key] ?? null;
        }
        if (is_string($value) && $value !== '') {
            $config[$key] = $value;
        }
    }
    $file = dirname(__DIR__) . '/config.php';
    if (is_file($file)) {
        $overrides = require $file;
        if (is_array($overrides)) {
            foreach (CONTACT_CONFIG_KEYS as $key) {
                if (isset($overrides[$key]) && is_scalar($overrides[$key])) {
                    $config[$key] = (string) $overrides[$key];
                }
            }
        }
    }

    $config['MAIL_TRANSPORT'] = strtolower(trim($config['MAIL_TRANSPORT']));
    $config['MAIL_STORAGE_DIR'] = contact_absolute_path($config['MAIL_STORAGE_DIR'] ?: 'storage');
    $config['MAIL_OUTBOX_DIR'] = $config['MAIL_OUTBOX_DIR'] === ''
        ? $config['MAIL_STORAGE_DIR'] . '/outbox'
        : contact_absolute_path($config['MAIL_OUTBOX_DIR']);
    return $config;
}

/** Relative paths are relative to mail/, wherever PHP was started from. */
function contact_absolute_path(string $path): string
{
    $path = rtrim($path, '/');
    return str_starts_with($path, '/') ? $path : dirname(__DIR__) . '/' . $path;
}

/**
 * MAIL_RATE_LIMIT is "count/seconds" ("5/600": five accepted messages per IP address in ten
 * minutes) or just a count per ten minutes; 0 turns the limit off.
 *
 * @return array{0: int, 1: int} [count, window in seconds]
 */
function contact_rate_limit(array $config): array
{
    $parts = explode('/', $config['MAIL_RATE_LIMIT'], 2);
    $count = max(0, (int) $parts[0]);
    $window = isset($parts[1]) ? max(1, (int) $parts[1]) : 600;
    return [$count, $window];
}

/**
 * The configured recipients (comma-separated) and sender, checked because they go into headers.
 *
 * @return array{0: list<string>, 1: string} [recipients, sender]
 */
function contact_addresses(array $config): array
{
    $to = array_values(array_filter(array_map('trim', explode(',', $config['MAIL_TO'])), 'strlen'));
    foreach ([...$to, $config['MAIL_FROM']] as $address) {
        if (filter_var($address, FILTER_VALIDATE_EMAIL) === false) {
            throw new RuntimeException('MAIL_TO or MAIL_FROM is not a valid address');
        }
    }
    if ($to === []) {
        throw new RuntimeException('MAIL_TO is empty');
    }
    return [$to, $config['MAIL_FROM']];
}
