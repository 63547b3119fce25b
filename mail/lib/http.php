<?php
// The endpoint's answers: JSON for the page's script, a 303 redirect for the form posted without
// JavaScript; their texts are the contract's (contract.php); errors logged, never shown. It may
// call contract.php, proof.php, channels.php (the configuration), store.php and printable.php.
declare(strict_types=1);

require_once __DIR__ . '/contract.php';
require_once __DIR__ . '/proof.php';
require_once __DIR__ . '/channels.php';
require_once __DIR__ . '/store.php';
require_once __DIR__ . '/printable.php';

/** What is known of this request, set once known: 'form', the plain form post (answered with redirects); 'stored', its message committed. */
function contact_request(string $fact, ?bool $set = null): bool
{
    static $facts = ['form' => false, 'stored' => false];
    return $set === null ? $facts[$fact] : $facts[$fact] = $set;
}

/** @param array<string, string> $headers @param array<string, string> $more further members of the answer */
function contact_respond(int $status, bool $success, string $message, array $headers = [], array $more = []): never
{
    contact_answer($status, ['success' => $success, 'message' => $message, ...$more], $headers);
}

/** Answers with $body as JSON and ends the request; the plain form post, with a redirect. @param array<string, string> $headers */
function contact_answer(int $status, array $body, array $headers = []): never
{
    while (ob_get_level() > 0) {
        ob_end_clean();
    }
    if (!headers_sent()) {
        header_remove();
        if (contact_request('form') && !in_array($status, [403, 405, 415], true)) {
            $headers['Location'] = contact_site_path() . match (true) {
                $status === 200 => '/contact/sent',
                $status === 400, $status === 422 => '/contact/invalid',
                default => '/contact/failed',
            };
            $status = 303;
        }
        // The status as header()'s third argument: after a fatal error only this replaces PHP's "500".
        header('Content-Type: application/json; charset=utf-8', true, $status);
        header('Cache-Control: no-store');
        // Security headers come from the host's rules for every response: not repeated here.
        foreach ($headers as $name => $value) {
            header("$name: $value");
        }
    }
    echo json_encode($body, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES);
    exit;
}

/**
 * Where the site's pages are on this server: the path before /mail/send.php, as the server ran it
 * ('' at the host's root, '/npts' for a site uploaded into a subfolder), so the form's answer
 * pages are the site's own.
 */
function contact_site_path(): string
{
    $script = (string) ($_SERVER['SCRIPT_NAME'] ?? '');
    $site = preg_match('#^((?:/[^/]+)*)/mail/send\.php$#D', $script, $match) === 1 ? $match[1] : '';
    return implode('/', array_map('rawurlencode', explode('/', $site)));
}

/** Refuses a message whose proof is invalid, expired (the form's script then sends a fresh one) or spent. @param 'invalid'|'expired'|'reused' $why */
function contact_refuse_proof(string $why): never
{
    // The form's own script sends a valid one.
    contact_respond(contact_request('form') ? 400 : 403, false, contact_text('useTheForm'), [], $why === 'expired' ? ['proof' => 'expired'] : []);
}

/**
 * Runs $work with the store. Where the store cannot be used, or $work fails, the log says $what
 * and why, and the visitor is asked to call (503) when the operator must act first, else to try
 * again (500).
 * @template T
 * @param callable(PDO): T $work
 * @return T
 */
function contact_with_store(array $config, string $what, callable $work): mixed
{
    try {
        return $work(contact_store_open($config));
    } catch (ContactStoreUnusable $error) {
        contact_log("contact endpoint: $what, the visitor was told to call or email instead: " . $error->getMessage());
        // Trying again will not help until the operator acts.
        contact_respond(503, false, contact_text('outOfService'));
    } catch (Throwable $error) {
        contact_log("contact endpoint: $what, the visitor was told to try again: " . $error->getMessage());
        contact_respond(500, false, contact_text('notStored'));
    }
}

/** GET /mail/send.php?challenge: a fresh challenge, never cached, signed with the store's key. */
function contact_respond_challenge(): never
{
    $config = contact_config();
    contact_answer(200, contact_with_store($config, 'no challenge given', static fn (PDO $store): array => contact_proof_challenge(contact_proof_key($store), contact_proof_max_number($config), time())));
}

/**
 * Anything uncaught or fatal is logged and answered with a 500, unless the message was stored:
 * then it arrived, as it did. Where the contract itself cannot be read, the answer has no text,
 * and the form shows its own.
 */
function contact_handle_errors(): void
{
    $answer = static function (): void {
        $stored = contact_request('stored');
        try {
            $text = contact_text($stored ? 'success' : 'notStored');
        } catch (Throwable) {
            $text = '';
        }
        contact_respond($stored ? 200 : 500, $stored, $text);
    };
    set_exception_handler(static function (Throwable $error) use ($answer): void {
        contact_log('contact endpoint: ' . $error);
        $answer();
    });
    register_shutdown_function(static function () use ($answer): void {
        $error = error_get_last();
        if ($error !== null && ($error['type'] & (E_ERROR | E_PARSE | E_CORE_ERROR | E_COMPILE_ERROR | E_USER_ERROR)) !== 0) {
            $answer();
        }
    });
}

/** Whether an Origin or Referer value names this site (the host the request was sent to). */
function contact_same_origin(string $url): bool
{
    $parts = parse_url($url);
    $host = strtolower($_SERVER['HTTP_HOST'] ?? '');
    if (!is_array($parts) || !isset($parts['host']) || !in_array(strtolower($parts['scheme'] ?? ''), ['http', 'https'], true)
        || preg_match('/^(\[[0-9a-f:.]+\]|[^:\[\]]+)(?::(\d+))?$/', $host, $match) !== 1) {
        return false;
    }
    if (strtolower($parts['host']) !== $match[1]) {
        return false;
    }
    // Ports must agree, except where a TLS proxy makes the default ports 80 and 443 meet.
    $originPort = $parts['port'] ?? null;
    $requestPort = isset($match[2]) ? (int) $match[2] : null;
    $isDefault = static fn (?int $port): bool => $port === null || $port === 80 || $port === 443;
    return $originPort === $requestPort || ($isDefault($originPort) && $isDefault($requestPort));
}
