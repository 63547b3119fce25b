<?php
// The team webhook's address and its one HTTP request, through PHP's curl extension: certificate
// and host name checked (curl.cainfo of php.ini, else the system's CA bundle); no redirect
// followed, so a lead only ever goes to the address configured; one deadline for all of it,
// however the receiver stalls, trickles or floods; of the answer only the status line and
// headers read, 16 KiB at most. channels/webhook.php is the channel. It calls nothing.
declare(strict_types=1);

/** All of a receiver's answer that is read: its status line and headers. */
const CONTACT_WEBHOOK_MAX_HEADERS = 16384;

/** What stops the webhook on a PHP without curl: its deliveries wait; the mail goes out as ever. */
const CONTACT_WEBHOOK_NO_CURL = 'PHP has no curl extension, which the webhook is sent with: install it (Debian, Ubuntu: apt-get install php-curl).';

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

/** @param list<string> $headers @return int the status of an answer within $seconds; a failure or a redirect throws, saying which */
function contact_webhook_request(string $url, string $method, array $headers, string $body, float $seconds): int
{
    if (!extension_loaded('curl')) {
        throw new RuntimeException(CONTACT_WEBHOOK_NO_CURL);
    }
    $head = '';
    $curl = curl_init($url);
    // Options are numbers: + keeps them, where ... would renumber them.
    curl_setopt_array($curl, ($method === 'POST' ? [CURLOPT_POSTFIELDS => $body] : []) + [
        // Expect: no waiting for a "100 Continue" before the body.
        CURLOPT_HTTPHEADER => [...$headers, 'Expect:'],
        CURLOPT_USERAGENT => 'NPTS-website-contact-form',
        CURLOPT_FOLLOWLOCATION => false,
        CURLOPT_PROXY => '',
        CURLOPT_SSL_VERIFYPEER => true,
        CURLOPT_SSL_VERIFYHOST => 2,
        CURLOPT_TIMEOUT_MS => (int) ceil($seconds * 1000),
        // Returning less than was given stops the transfer: past the cap, or at the body's first byte.
        CURLOPT_HEADERFUNCTION => static function ($curl, string $line) use (&$head): int {
            $head .= $line;
            return strlen($head) > CONTACT_WEBHOOK_MAX_HEADERS ? 0 : strlen($line);
        },
        CURLOPT_WRITEFUNCTION => static fn ($curl, string $chunk): int => 0,
    ]);
    curl_exec($curl);
    $failure = curl_errno($curl);
    $code = (int) curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
    $error = curl_error($curl);
    match (true) {
        strlen($head) > CONTACT_WEBHOOK_MAX_HEADERS => throw new RuntimeException('the webhook answered with over ' . (CONTACT_WEBHOOK_MAX_HEADERS / 1024) . ' KiB of headers'),
        $failure === CURLE_OPERATION_TIMEDOUT => throw new RuntimeException(sprintf('the webhook did not answer within %g s', $seconds)),
        in_array($failure, [CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CACERT, CURLE_SSL_PEER_CERTIFICATE, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE], true)
            => throw new RuntimeException("the webhook's TLS handshake failed: $error"),
        $failure !== CURLE_OK && ($failure !== CURLE_WRITE_ERROR || $code === 0) => throw new RuntimeException("the webhook could not be reached: $error"),
        $code >= 300 && $code < 400 => throw new RuntimeException(sprintf(
            'the webhook redirects%s (HTTP %d): set MAIL_WEBHOOK_URL to the final address; redirects are not followed',
            preg_match('/\nLocation:[ \t]*([^\r\n]*)/i', $head, $found) === 1 ? " to {$found[1]}" : '',
            $code,
        )),
        default => null,
    };
    return $code;
}
