<?php
// What admin.php's commands share: the usage error, reading an option's value, showing a time,
// opening the store or saying there is none. It may call store.php, location.php and messages.php.
declare(strict_types=1);

require_once __DIR__ . '/../store.php';
require_once __DIR__ . '/../location.php';
require_once __DIR__ . '/../messages.php';

final class AdminUsageError extends RuntimeException
{
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

/** @return array{0: ?PDO, 1: ?array<string, mixed>} the store and its message $id, or null (said) when there is none */
function admin_message(array $config, string $id): array
{
    $store = admin_store($config);
    $message = $store === null ? null : contact_store_message($store, $id);
    if ($message === null) {
        echo "No message $id.\n";
    }
    return [$store, $message];
}

/** For a store in mail/ behind the project's rules, allowed but one server change from being served: what to do. */
function admin_inside_web_root(string $dir): ?string
{
    return !contact_inside_web_root($dir) ? null : "$dir is inside the web root: the endpoint uses it only while the web server applies the project's rules "
        . '(/mail/health.php answers 503 when it does not). Safer: ' . contact_install_command(contact_private_home(), false)
        . ' (the web server\'s user), and the next deliver.php run moves the store there.';
}
