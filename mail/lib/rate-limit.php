<?php
// The rate limit (MAIL_RATE_LIMIT): messages accepted per client address in a window, counted in
// the store as keyed hashes of the address (client.php: an IPv6 client counts per /64), each
// kept only until its window ends, and the window never longer than /privacy publishes (the
// contract's retention.rateLimitMinutes; admin.php check warns of a longer one). It may call
// database.php, client.php, config.php and contract.php.
declare(strict_types=1);

require_once __DIR__ . '/database.php';
require_once __DIR__ . '/client.php';
require_once __DIR__ . '/config.php';
require_once __DIR__ . '/contract.php';

/** Counts a message from $client, in the transaction that stores it. @return int 0, or the seconds until it may send again */
function contact_rate_limit_count(PDO $pdo, array $config, string $client, int $now): int
{
    [$limit, $window] = contact_rate_limit($config);
    $window = min($window, contact_rate_limit_longest());
    contact_rate_limit_expire($pdo, $now);
    if ($limit === 0) {
        return 0;
    }
    $key = hash_hmac('sha256', contact_rate_limit_key($client), (string) contact_store_setting($pdo, 'rate_limit_secret'));
    $hits = $pdo->prepare('SELECT count(*) AS hits, min(expires_at) AS first FROM rate_hits WHERE client = ?');
    $hits->execute([$key]);
    $row = $hits->fetch();
    if ((int) $row['hits'] >= $limit) {
        return max(1, (int) $row['first'] - $now);
    }
    $pdo->prepare('INSERT INTO rate_hits (client, expires_at) VALUES (?, ?)')->execute([$key, $now + $window]);
    return 0;
}

/** Deletes the counters whose window has ended. */
function contact_rate_limit_expire(PDO $pdo, int $now): void
{
    $pdo->prepare('DELETE FROM rate_hits WHERE expires_at <= ?')->execute([$now]);
}
