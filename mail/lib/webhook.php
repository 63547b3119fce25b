<?php
// The team webhook (MAIL_WEBHOOK_URL): each accepted lead POSTed as JSON, for a chat's incoming
// webhook (Slack and Mattermost show `text` as is) or any receiver. With MAIL_WEBHOOK_SECRET the
// request carries X-NPTS-Signature: sha256=<hex HMAC-SHA256 of the raw body>. Connecting, and
// waiting for the answer, each take at most the attempt's time (CONTACT_WEBHOOK_SECONDS, or what
// the endpoint has left), so a receiver that is down or never answers cannot hold a visitor; PHP's
// HTTP client restarts that wait for every chunk, so only one that trickles its answer byte by
// byte could. Redirects are not followed: a 3xx is a failure, so a lead only ever goes to the
// address configured.
declare(strict_types=1);

const CONTACT_WEBHOOK_SECONDS = 5;

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

/** The URL as check prints it: a chat's webhook URL is its password, so only its host shows. */
function contact_webhook_shown(string $url): string
{
    $parts = parse_url($url);
    return is_array($parts) && isset($parts['scheme'], $parts['host']) ? "{$parts['scheme']}://{$parts['host']}/… (path hidden)" : '(set, not a URL)';
}

/**
 * The request body for a lead: one line for people, and the lead itself for programs.
 *
 * @param array<string, mixed> $record a stored message (lib/store.php)
 */
function contact_webhook_body(array $record): string
{
    $fields = array_map('strval', array_intersect_key($record, CONTACT_FIELDS));
    [$attribution, $invalid] = contact_validate_attribution(array_filter($record, 'is_string'));
    $known = array_filter(array_diff_key($attribution, array_flip($invalid)), 'is_string');
    $source = $known['source'] ?? null;
    unset($known['source']);
    $text = contact_subject($fields) . ' (from ' . ($source ?? 'the form, opened directly') . ')';
    $lead = [
        'id' => $record['id'],
        'received' => gmdate('Y-m-d\TH:i:s\Z', (int) $record['received_at']),
        ...$fields,
        'source' => $source,
        'campaign' => (object) $known,
    ];
    return json_encode(['text' => $text, 'lead' => $lead], JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE | JSON_THROW_ON_ERROR);
}

/**
 * POSTs the body to MAIL_WEBHOOK_URL within $seconds; throws unless the receiver answers 2xx.
 */
function contact_webhook_send(array $config, string $body, float $seconds = CONTACT_WEBHOOK_SECONDS): void
{
    $url = $config['MAIL_WEBHOOK_URL'];
    $problem = $url === '' ? 'MAIL_WEBHOOK_URL is not set' : contact_webhook_url_problem($url);
    if ($problem !== null) {
        throw new RuntimeException($problem);
    }
    $headers = ['Content-Type: application/json'];
    if ($config['MAIL_WEBHOOK_SECRET'] !== '') {
        $headers[] = 'X-NPTS-Signature: sha256=' . hash_hmac('sha256', $body, $config['MAIL_WEBHOOK_SECRET']);
    }
    $code = contact_webhook_request($url, 'POST', $headers, $body, $seconds);
    if ($code < 200 || $code >= 300) {
        throw new RuntimeException("the webhook answered HTTP $code");
    }
}

/**
 * One HTTP request within $seconds, never following a redirect.
 *
 * @param list<string> $headers
 * @return int the answer's status code; a redirect throws, saying where to
 */
function contact_webhook_request(string $url, string $method, array $headers, string $body, float $seconds): int
{
    if (!filter_var(ini_get('allow_url_fopen'), FILTER_VALIDATE_BOOL)) {
        throw new RuntimeException('PHP has allow_url_fopen off: the webhook needs it');
    }
    $context = stream_context_create([
        'http' => [
            'method' => $method,
            'header' => [...$headers, 'User-Agent: NPTS-website-contact-form', 'Connection: close'],
            'content' => $body,
            // Reading the answer; connecting is bounded by default_socket_timeout, set below.
            'timeout' => $seconds,
            'follow_location' => 0,
            'max_redirects' => 0,
            'ignore_errors' => true,
            'protocol_version' => 1.1,
        ],
    ]);
    $socketTimeout = ini_set('default_socket_timeout', (string) max(1, (int) ceil($seconds)));
    $started = hrtime(true);
    try {
        $stream = @fopen($url, 'rb', false, $context);
        if ($stream === false) {
            $elapsed = (hrtime(true) - $started) / 1e9;
            throw new RuntimeException($elapsed >= $seconds - 0.5
                ? sprintf('the webhook did not answer within %d s', $seconds)
                : 'the webhook could not be reached: ' . preg_replace('/^fopen\([^)]*\): /', '', (string) (error_get_last()['message'] ?? 'unknown error')));
        }
        $meta = stream_get_meta_data($stream);
        fclose($stream);
    } finally {
        ini_set('default_socket_timeout', (string) $socketTimeout);
    }
    $answer = $meta['wrapper_data'] ?? [];
    if (preg_match('#^HTTP/\S+ (\d{3})#', (string) ($answer[0] ?? ''), $match) !== 1) {
        throw new RuntimeException('the webhook gave no HTTP answer');
    }
    $code = (int) $match[1];
    if ($code >= 300 && $code < 400) {
        $location = '';
        foreach ($answer as $header) {
            if (stripos((string) $header, 'Location:') === 0) {
                $location = ' to ' . trim(substr((string) $header, 9));
            }
        }
        throw new RuntimeException("the webhook redirects$location (HTTP $code): set MAIL_WEBHOOK_URL to the final address; redirects are not followed");
    }
    return $code;
}
