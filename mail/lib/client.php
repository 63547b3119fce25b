<?php
// Who is asking: the visitor's address (X-Forwarded-For only from a trusted proxy) and its rate-limit key.
declare(strict_types=1);

/** @return list<string> the entries of MAIL_TRUSTED_PROXIES, as written */
function contact_trusted_proxies(array $config): array
{
    return array_values(array_filter(preg_split('/[\s,]+/', $config['MAIL_TRUSTED_PROXIES']) ?: [], 'strlen'));
}

/** An address as bytes (an IPv4 address seen as ::ffff:a.b.c.d as its 4 bytes), or null. */
function contact_pack_address(string $address): ?string
{
    $packed = @inet_pton($address);
    if (!is_string($packed)) {
        return null;
    }
    return strlen($packed) === 16 && str_starts_with($packed, str_repeat("\0", 10) . "\xff\xff") ? substr($packed, 12) : $packed;
}

/** @return ?array{0: string, 1: int} an address or CIDR range as [packed network, prefix length] */
function contact_parse_cidr(string $entry): ?array
{
    $parts = explode('/', $entry, 2);
    $network = contact_pack_address($parts[0]);
    if ($network === null) {
        return null;
    }
    $max = strlen($network) * 8;
    $bits = $parts[1] ?? (string) $max;
    if (!ctype_digit($bits) || (int) $bits > $max) {
        return null;
    }
    return [$network, (int) $bits];
}

/** @param array{0: string, 1: int} $range [packed network, prefix length] */
function contact_in_range(string $packed, array $range): bool
{
    [$network, $bits] = $range;
    $mask = str_pad(str_repeat("\xff", intdiv($bits, 8)) . ($bits % 8 === 0 ? '' : chr((0xff << (8 - $bits % 8)) & 0xff)), strlen($network), "\0");
    return strlen($packed) === strlen($network) && ($packed & $mask) === ($network & $mask);
}

/**
 * The visitor's address: behind a trusted proxy, the right-most X-Forwarded-For entry that is no
 * trusted proxy (entries further left the visitor's side wrote); else REMOTE_ADDR alone.
 * @param array<string, mixed> $server $_SERVER
 */
function contact_client_address(array $config, array $server): string
{
    $remote = (string) ($server['REMOTE_ADDR'] ?? '');
    $ranges = array_filter(array_map('contact_parse_cidr', contact_trusted_proxies($config)));
    $trusted = static function (?string $packed) use ($ranges): bool {
        foreach ($ranges as $range) {
            if ($packed !== null && contact_in_range($packed, $range)) {
                return true;
            }
        }
        return false;
    };
    if (!$trusted(contact_pack_address($remote))) {
        return $remote;
    }
    $hops = array_reverse(explode(',', (string) ($server['HTTP_X_FORWARDED_FOR'] ?? '')));
    foreach ($hops as $hop) {
        // Some proxies add a port: 203.0.113.7:51234 or [2001:db8::7]:51234.
        $hop = preg_replace('/^\[([^\]]+)\](:\d+)?$|^([\d.]+):\d+$/', '$1$3', trim($hop));
        $packed = contact_pack_address($hop);
        if ($packed === null) {
            break;
        }
        if (!$trusted($packed)) {
            return $hop;
        }
    }
    return $remote;
}

/** The network of an address, as the held messages' shares count it: an IPv6 /48 (what a site or a tunnel is given), an IPv4 /24. */
function contact_network_key(string $address): string
{
    $packed = contact_pack_address($address);
    if ($packed === null) {
        return $address;
    }
    return substr($packed, 0, strlen($packed) === 16 ? 6 : 3);
}

/** An IPv6 client usually holds a whole /64, so the limit counts per /64; IPv4 per address. */
function contact_rate_limit_key(string $address): string
{
    $packed = contact_pack_address($address);
    if ($packed === null) {
        return $address;
    }
    return strlen($packed) === 16 ? substr($packed, 0, 8) : $packed;
}
