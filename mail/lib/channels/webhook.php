<?php
// The team webhook channel (MAIL_WEBHOOK_URL): each lead POSTed as JSON, one line for people and
// the lead for programs; its contract is the one channels/mail.php describes. It may call
// channels/webhook-request.php, compose.php, config.php, contract.php, validation.php and
// printable.php.
declare(strict_types=1);

require_once __DIR__ . '/webhook-request.php';
require_once __DIR__ . '/../compose.php';
require_once __DIR__ . '/../config.php';
require_once __DIR__ . '/../contract.php';
require_once __DIR__ . '/../validation.php';
require_once __DIR__ . '/../printable.php';

/** The webhook's settings and their defaults; MAIL_WEBHOOK_URL turns it on (channels.php). */
const CONTACT_WEBHOOK_SETTINGS = [
    'MAIL_WEBHOOK_URL' => '',
    'MAIL_WEBHOOK_SECRET' => '',
    // Seconds one request may take in all: docs/contact-endpoint.md, Deadlines.
    'MAIL_WEBHOOK_TIMEOUT' => '5',
];

/** The request body: one line for people, and the lead itself for programs. @param array<string, mixed> $record */
function contact_webhook_body(array $record): string
{
    $fields = array_map('strval', array_intersect_key($record, contact_fields()));
    ['source' => $source, 'campaign' => $campaign] = contact_lead_origin($record);
    $text = contact_subject(array_map('contact_webhook_inert', $fields))
        . ' (from ' . ($source === null ? 'the form, opened directly' : contact_webhook_inert($source)) . ')';
    $lead = [
        'id' => $record['id'],
        'received' => gmdate('Y-m-d\TH:i:s\Z', (int) $record['received_at']),
        ...$fields,
        'source' => $source,
        'campaign' => (object) $campaign,
    ];
    return json_encode(['text' => $text, 'lead' => $lead], JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE | JSON_THROW_ON_ERROR);
}

/**
 * Someone else's words for a chat's `text`, shown as typed and doing nothing there: controls
 * escaped (printable.php), Slack's three markup characters as entities (no <!channel>), and a
 * zero-width space after each character that can begin or join a mention, a link, an image or an
 * autolink in Slack or Mattermost: @here, ~channel, [label](url), ![image](url), https://…, www.….
 */
function contact_webhook_inert(string $words): string
{
    $escaped = strtr(contact_printable($words), ['&' => '&amp;', '<' => '&lt;', '>' => '&gt;']);
    return (string) preg_replace('/[@:.\]~#]/', "\$0\u{200B}", $escaped);
}

/** POSTs the body to MAIL_WEBHOOK_URL within $seconds; throws unless the receiver answers 2xx. */
function contact_webhook_send(array $config, string $body, float $seconds): void
{
    $url = $config['MAIL_WEBHOOK_URL'];
    $problem = $url === '' ? 'MAIL_WEBHOOK_URL is not set' : contact_webhook_url_problem($url);
    if ($problem !== null) {
        throw new RuntimeException($problem);
    }
    $headers = ['Content-Type: application/json'];
    if ($config['MAIL_WEBHOOK_SECRET'] !== '') {
        // Each attempt signs its own time: a receiver refuses a request older than a few minutes.
        $timestamp = (string) time();
        $headers[] = "X-NPTS-Timestamp: $timestamp";
        $headers[] = 'X-NPTS-Signature: sha256=' . hash_hmac('sha256', "$timestamp.$body", $config['MAIL_WEBHOOK_SECRET']);
    }
    $code = contact_webhook_request($url, 'POST', $headers, $body, $seconds);
    if ($code < 200 || $code >= 300) {
        throw new RuntimeException("the webhook answered HTTP $code");
    }
}

/** @return list<string> what stops the webhook: no address, one that cannot be used, or no curl */
function contact_webhook_problems(array $config): array
{
    $url = $config['MAIL_WEBHOOK_URL'];
    return array_values(array_filter([
        $url === '' ? 'MAIL_WEBHOOK_URL is not set.' : contact_webhook_url_problem($url),
        extension_loaded('curl') ? null : CONTACT_WEBHOOK_NO_CURL,
    ]));
}

/** MAIL_WEBHOOK_URL: a usable address that answers without redirecting; with --send-test, a test lead posted to it. */
function contact_webhook_check(array $config, callable $report, bool $sendTest): void
{
    $url = $config['MAIL_WEBHOOK_URL'];
    if ($url === '') {
        return;
    }
    $timeout = contact_config_seconds_warning($config, 'MAIL_WEBHOOK_TIMEOUT', CONTACT_WEBHOOK_SETTINGS);
    if ($timeout !== null) {
        $report(false, $timeout, 'warn');
    }
    $shown = contact_webhook_shown($url);
    $problems = contact_webhook_problems($config);
    foreach ($problems as $problem) {
        $report(false, "webhook: $problem");
    }
    if ($problems !== []) {
        return;
    }
    $warning = contact_webhook_url_warning($url);
    if ($warning !== null) {
        $report(false, "webhook: $warning", 'warn');
    }
    try {
        if (!$sendTest) {
            // A GET changes nothing at the receiver; it shows that the address answers, and where it redirects.
            $code = contact_webhook_request($url, 'GET', [], '', contact_config_seconds($config, 'MAIL_WEBHOOK_TIMEOUT', CONTACT_WEBHOOK_SETTINGS));
            $report(true, "webhook: $shown answered (HTTP $code to a GET; --send-test posts a test lead)");
            return;
        }
        $test = contact_test_lead($config, 'Test lead from php mail/admin.php check --send-test', 'This test shows that leads from the contact form reach this webhook.');
        contact_webhook_send($config, contact_webhook_body($test), contact_config_seconds($config, 'MAIL_WEBHOOK_TIMEOUT', CONTACT_WEBHOOK_SETTINGS));
        $report(true, "webhook: test lead {$test['id']} posted to $shown" . ($config['MAIL_WEBHOOK_SECRET'] === '' ? ', unsigned' : ', signed'));
    } catch (Throwable $error) {
        $report(false, "webhook: $shown: " . $error->getMessage());
    }
}

return [
    'label' => 'webhook',
    'settings' => CONTACT_WEBHOOK_SETTINGS,
    'seconds' => static fn (array $config): float => contact_config_seconds($config, 'MAIL_WEBHOOK_TIMEOUT', CONTACT_WEBHOOK_SETTINGS),
    'problems' => contact_webhook_problems(...),
    'send' => static fn (array $config, array $message, float $seconds) => contact_webhook_send($config, contact_webhook_body($message), $seconds),
    // Nothing of a lead stays here once it is sent.
    'files' => static fn (array $config, string $id): array => [],
    // A chat's webhook URL is its password: only its host shows.
    'hidden' => static fn (array $config): array => ['MAIL_WEBHOOK_URL' => contact_webhook_shown($config['MAIL_WEBHOOK_URL']), 'MAIL_WEBHOOK_SECRET' => '(set, hidden)'],
    'check' => contact_webhook_check(...),
];
