<?php
// The team webhook (MAIL_WEBHOOK_URL): each accepted lead POSTed as JSON, for a chat's incoming
// webhook (Slack and Mattermost show `text`) or any receiver. In `text` the visitor's words are
// inert: they show as typed, and ping, link and load nothing; `lead` holds them as they are. With
// MAIL_WEBHOOK_SECRET the request carries X-NPTS-Timestamp: <unix seconds> and
// X-NPTS-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">, as Stripe and Slack sign
// theirs, so a receiver can refuse a replay (docs/contact-endpoint.md shows its check). One
// attempt ends within CONTACT_WEBHOOK_SECONDS (or what the endpoint has left), however the
// receiver stalls, trickles or floods, as an SMTP attempt does (lib/smtp-deadline.php). Redirects
// are not followed: a 3xx is a failure, so a lead only ever goes to the address configured.
// This file holds the address's checks and the one HTTP request; channels/webhook.php the
// channel. It calls nothing.
declare(strict_types=1);

const CONTACT_WEBHOOK_SECONDS = 5;

/** All of a receiver's answer that is read: its status line and headers; the body is never read. */
const CONTACT_WEBHOOK_MAX_HEADERS = 16384;

/** Why a MAIL_WEBHOOK_URL cannot be used; null when it can (or is empty: no webhook). */
function contact_webhook_url_problem(string $url): ?string
{
    if ($url === '') {
        return null;
    }
    if (preg_match('#^https?://#i', $url) !== 1) {
        return 'MAIL_WEBHOOK_URL must be an http:// or https:// address.';
    }
    $host = parse_url($url, PHP_URL_HOST);
    return is_string($host) && $host !== '' ? null : 'MAIL_WEBHOOK_URL has no host.';
}

/** Why check warns of a usable URL: http:// to another machine, where anyone on the way reads each lead. */
function contact_webhook_url_warning(string $url): ?string
{
    $host = strtolower(trim((string) parse_url($url, PHP_URL_HOST), '[]'));
    $loopback = in_array($host, ['localhost', '::1'], true)
        || (filter_var($host, FILTER_VALIDATE_IP, FILTER_FLAG_IPV4) !== false && str_starts_with($host, '127.'));
    return str_starts_with(strtolower($url), 'http://') && !$loopback
        ? 'MAIL_WEBHOOK_URL is http://: every lead crosses the network unencrypted; use the receiver\'s https:// address.'
        : null;
}

/** The URL as check prints it: a chat's webhook URL is its password, so only its host shows. */
function contact_webhook_shown(string $url): string
{
    $parts = parse_url($url);
    return is_array($parts) && isset($parts['scheme'], $parts['host']) ? "{$parts['scheme']}://{$parts['host']}/… (path hidden)" : '(set, not a URL)';
}

/**
 * One HTTP/1.1 request that ends within $seconds whatever the receiver does (connecting, the TLS
 * handshake, every write and read wait only for what is left), never following a redirect.
 * Certificates are checked as PHP's openssl settings say, host name included.
 *
 * @param list<string> $headers
 * @return int the answer's status code; a redirect throws, saying where to
 */
function contact_webhook_request(string $url, string $method, array $headers, string $body, float $seconds): int
{
    $deadline = hrtime(true) + (int) ($seconds * 1e9);
    $wait = static function () use ($deadline, $seconds): array {
        $left = intdiv($deadline - hrtime(true), 1000);
        if ($left <= 0) {
            throw new RuntimeException(sprintf('the webhook did not answer within %d s', $seconds));
        }
        return [intdiv($left, 1_000_000), $left % 1_000_000];
    };
    $parts = parse_url($url);
    $https = strtolower((string) $parts['scheme']) === 'https';
    $host = (string) $parts['host'];
    $port = $parts['port'] ?? ($https ? 443 : 80);
    $context = stream_context_create(['ssl' => ['peer_name' => trim($host, '[]'), 'verify_peer' => true, 'verify_peer_name' => true, 'SNI_enabled' => true]]);
    $socket = @stream_socket_client("tcp://$host:$port", $code, $error, max(0.001, ($deadline - hrtime(true)) / 1e9), STREAM_CLIENT_CONNECT, $context);
    if ($socket === false) {
        $wait();
        throw new RuntimeException("the webhook could not be reached: $error");
    }
    try {
        stream_set_blocking($socket, false);
        $ready = static function (string $for) use ($socket, $wait): void {
            $read = $for === 'read' ? [$socket] : null;
            $write = $for === 'write' ? [$socket] : null;
            $none = null;
            @stream_select($read, $write, $none, ...$wait());
        };
        if ($https) {
            $tls = STREAM_CRYPTO_METHOD_TLSv1_2_CLIENT | (defined('STREAM_CRYPTO_METHOD_TLSv1_3_CLIENT') ? STREAM_CRYPTO_METHOD_TLSv1_3_CLIENT : 0);
            while (($done = @stream_socket_enable_crypto($socket, true, $tls)) === 0) {
                $ready('read');
            }
            if ($done !== true) {
                throw new RuntimeException('the webhook\'s TLS handshake failed: ' . (error_get_last()['message'] ?? 'unknown error'));
            }
        }
        $target = ($parts['path'] ?? '') === '' ? '/' : $parts['path'];
        $request = "$method $target" . (isset($parts['query']) ? "?{$parts['query']}" : '') . " HTTP/1.1\r\n"
            . 'Host: ' . $host . (isset($parts['port']) ? ":$port" : '') . "\r\n"
            . implode('', array_map(static fn (string $header): string => "$header\r\n", [...$headers, 'User-Agent: NPTS-website-contact-form', 'Connection: close']))
            . 'Content-Length: ' . strlen($body) . "\r\n\r\n" . $body;
        while ($request !== '') {
            $ready('write');
            $written = @fwrite($socket, $request);
            if ($written === false) {
                throw new RuntimeException('the webhook closed the connection');
            }
            $request = substr($request, $written);
        }
        // The status line and headers are all that counts: read up to their end, never further
        // than CONTACT_WEBHOOK_MAX_HEADERS, whatever the receiver sends.
        $answer = '';
        $searched = 0;
        while (strpos($answer, "\r\n\r\n", $searched) === false && !feof($socket)) {
            if (strlen($answer) >= CONTACT_WEBHOOK_MAX_HEADERS) {
                throw new RuntimeException('the webhook answered with over ' . (CONTACT_WEBHOOK_MAX_HEADERS / 1024) . ' KiB of headers');
            }
            $searched = max(0, strlen($answer) - 3);
            $ready('read');
            $answer .= (string) @fread($socket, CONTACT_WEBHOOK_MAX_HEADERS - strlen($answer));
        }
    } finally {
        fclose($socket);
    }
    if (preg_match('#^HTTP/\d(?:\.\d)? (\d{3})#', $answer, $match) !== 1) {
        throw new RuntimeException('the webhook gave no HTTP answer');
    }
    $code = (int) $match[1];
    if ($code >= 300 && $code < 400) {
        $location = preg_match('/\r\nLocation:[ \t]*([^\r\n]*)/i', $answer, $found) === 1 ? " to {$found[1]}" : '';
        throw new RuntimeException("the webhook redirects$location (HTTP $code): set MAIL_WEBHOOK_URL to the final address; redirects are not followed");
    }
    return $code;
}
