<?php
// Per-IP limit on accepted messages: one small file per address (named by its SHA-256, so no
// address is stored) holding the times of its recent messages, read and written under a lock.
declare(strict_types=1);

/** Records one accepted message; returns 0, or the seconds to wait when the limit is reached. */
function contact_rate_limit_hit(array $config, string $ip): int
{
    [$limit, $window] = contact_rate_limit($config);
    if ($limit === 0) {
        return 0;
    }
    $dir = $config['MAIL_STORAGE_DIR'] . '/ratelimit';
    contact_private_dir($config['MAIL_STORAGE_DIR']);
    if (!is_dir($dir) && !mkdir($dir, 0770, true) && !is_dir($dir)) {
        throw new RuntimeException('cannot create the rate limit directory');
    }
    $handle = fopen($dir . '/' . hash('sha256', contact_rate_limit_key($ip)), 'c+b');
    if ($handle === false || !flock($handle, LOCK_EX)) {
        throw new RuntimeException('cannot open the rate limit file');
    }
    try {
        $now = time();
        $times = json_decode((string) stream_get_contents($handle), true);
        $times = array_values(array_filter(
            is_array($times) ? $times : [],
            static fn ($time): bool => is_int($time) && $time > $now - $window,
        ));
        if (count($times) >= $limit) {
            return max(1, min($times) + $window - $now);
        }
        $times[] = $now;
        ftruncate($handle, 0);
        rewind($handle);
        fwrite($handle, json_encode($times, JSON_THROW_ON_ERROR));
        fflush($handle);
        return 0;
    } finally {
        flock($handle, LOCK_UN);
        fclose($handle);
    }
}

/** An IPv6 client usually holds a whole /64, so the limit counts per /64; IPv4 per address. */
function contact_rate_limit_key(string $ip): string
{
    $packed = @inet_pton($ip);
    if (!is_string($packed) || strlen($packed) !== 16) {
        return $ip;
    }
    // An IPv4 client seen as ::ffff:a.b.c.d is still one IPv4 address.
    return str_starts_with($packed, str_repeat("\0", 10) . "\xff\xff") ? (string) inet_ntop(substr($packed, 12)) : substr($packed, 0, 8);
}
