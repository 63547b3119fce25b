<?php
// The contact endpoint: POST the form's fields as JSON (or form-encoded from the form without
// JavaScript, held for the operator), GET ?challenge for the proof of work. The visitor is thanked
// once the message is committed to the store; each channel then makes one attempt.
declare(strict_types=1);

ini_set('display_errors', '0');
header_remove('X-Powered-By');
ob_start();
// A visitor who closes the tab must not stop a delivery halfway (it would be sent again later).
ignore_user_abort(true);

require __DIR__ . '/lib/bootstrap.php';
require_once __DIR__ . '/lib/contract.php';
require_once __DIR__ . '/lib/http.php';
require_once __DIR__ . '/lib/validation.php';
require_once __DIR__ . '/lib/client.php';
require_once __DIR__ . '/lib/store.php';
require_once __DIR__ . '/lib/proof.php';
require_once __DIR__ . '/lib/queue.php';
require_once __DIR__ . '/lib/channels.php';
require_once __DIR__ . '/lib/delivery.php';

const CONTACT_MAX_BODY = 65536;
/** A person needs longer than this to fill in the form; a script does not. */
const CONTACT_MIN_FILL_MS = 3000;

contact_handle_errors();

if (($_SERVER['REQUEST_METHOD'] ?? '') === 'GET' && isset($_GET['challenge'])) {
    contact_respond_challenge();
}
if (($_SERVER['REQUEST_METHOD'] ?? '') !== 'POST') {
    contact_respond(405, false, 'Send the message with POST.', ['Allow' => 'POST']);
}

$type = strtolower(trim(explode(';', (string) ($_SERVER['CONTENT_TYPE'] ?? ''))[0]));
if (!in_array($type, ['application/json', 'application/x-www-form-urlencoded'], true)) {
    contact_respond(415, false, 'Send the message as application/json.');
}
// A form post must come from the site's own contact page; JSON, where it says where from, too.
$form = contact_request('form', $type === 'application/x-www-form-urlencoded');
$origin = $form ? $_SERVER['HTTP_ORIGIN'] ?? $_SERVER['HTTP_REFERER'] ?? '' : $_SERVER['HTTP_ORIGIN'] ?? null;
if ($origin !== null && !contact_same_origin((string) $origin)) {
    contact_respond(403, false, contact_text('useTheForm'));
}

$length = (string) ($_SERVER['CONTENT_LENGTH'] ?? '');
if ($length !== '' && (!ctype_digit($length) || (int) $length > CONTACT_MAX_BODY)) {
    contact_respond(413, false, 'The message is too large.');
}
$raw = file_get_contents('php://input', false, null, 0, CONTACT_MAX_BODY + 1);
if ($raw === false) {
    throw new RuntimeException('cannot read the request body');
}
if (strlen($raw) > CONTACT_MAX_BODY) {
    contact_respond(413, false, 'The message is too large.');
}

$elapsed = null;
if ($form) {
    parse_str($raw, $data);
    if (isset($data['elapsedMs']) && is_string($data['elapsedMs']) && is_numeric($data['elapsedMs'])) {
        $elapsed = (float) $data['elapsedMs'];
    }
} else {
    try {
        $data = json_decode($raw, false, 32, JSON_THROW_ON_ERROR);
    } catch (JsonException $error) {
        if (in_array($error->getCode(), [JSON_ERROR_UTF8, JSON_ERROR_UTF16], true)) {
            contact_respond(422, false, contact_text('invalid') . ' ' . contact_text('invalidCharacters'));
        }
        contact_respond(400, false, 'The request body is not valid JSON.');
    }
    if (!$data instanceof stdClass) {
        contact_respond(400, false, 'The request body must be a JSON object.');
    }
    $data = get_object_vars($data);
    if (array_key_exists('elapsedMs', $data)) {
        if (!is_int($data['elapsedMs']) && !is_float($data['elapsedMs'])) {
            contact_respond(400, false, 'The field elapsedMs must be a number.');
        }
        $elapsed = (float) $data['elapsedMs'];
    }
}
foreach ([...array_keys(contact_fields()), ...array_keys(contact_attribution_fields()), 'website', 'altcha'] as $name) {
    if (array_key_exists($name, $data) && !is_string($data[$name])) {
        contact_respond(400, false, "The field $name must be a string.");
    }
}
// The form's script always sends a proof of work; the form without JavaScript cannot (held).
$proofPayload = $data['altcha'] ?? '';
if ($proofPayload === '' && !$form) {
    contact_respond(403, false, contact_text('useTheForm'));
}

// A bot (the hidden field filled in, or faster than a person types) is thanked, and learns nothing.
if (($data['website'] ?? '') !== '' || ($elapsed !== null && $elapsed < CONTACT_MIN_FILL_MS)) {
    contact_respond(200, true, contact_text('success'));
}

[$fields, $invalid] = contact_validate($data);
if ($invalid !== []) {
    contact_respond(422, false, contact_invalid_message($invalid));
}
if ($fields['subject'] === '') {
    $fields['subject'] = contact_default_subject();
}
// Where the lead came from: the form sends only values that pass, so another is refused.
[$attribution, $invalid] = contact_validate_attribution($data);
if ($invalid !== []) {
    $name = $invalid[0];
    $rule = ($name === 'source' ? 'a path on this site, ' : '') . 'at most ' . contact_attribution_fields()[$name]['maxLength'] . ' printable characters';
    contact_respond(400, false, "The field $name is not valid: $rule.");
}

$config = contact_config();
[$store, $proof, $accepted] = contact_with_store($config, 'the message was not stored', static function (PDO $store) use ($config, $proofPayload, $fields, $attribution): array {
    $proof = $proofPayload === '' ? null : contact_proof_check($proofPayload, contact_proof_key($store));
    if (is_string($proof)) {
        contact_refuse_proof($proof);
    }
    return [$store, $proof, contact_store_accept($store, $config, $fields + $attribution, contact_client_address($config, $_SERVER), $proof)];
});
if (in_array($accepted['refused'], ['full', 'network'], true)) {
    contact_log('contact endpoint: a message without a proof of work was turned away, its visitor asked to call or write: '
        . ($accepted['refused'] === 'full' ? 'the held messages are at their cap; php mail/admin.php status' : contact_held_share_reached($config)));
    contact_respond(503, false, contact_text('heldFull'));
}
if ($accepted['refused'] !== null) {
    contact_refuse_proof($accepted['refused']);
}
if ($accepted['id'] === null) {
    contact_respond(429, false, contact_text('tooMany'), ['Retry-After' => (string) $accepted['wait']]);
}

// Committed: from here on the message is safe, and a failed attempt only leaves it pending.
$id = $accepted['id'];
contact_request('stored', true);
if ($proof === null) {
    contact_log("contact endpoint: message $id came without a proof of work and is held: php mail/admin.php show $id, then release or delete it");
    contact_respond(200, true, contact_text('success'));
}
// One attempt by each channel, in turn, within the longest of their own deadlines; a channel left
// with less than a fifth of its own time is left to cron.
$enabled = contact_enabled_channels($config);
$deadlines = array_combine($enabled, array_map(static fn (string $channel): float => (contact_channel($channel)['seconds'])($config), $enabled));
$started = hrtime(true);
foreach ($deadlines as $channel => $own) {
    $problems = (contact_channel($channel)['problems'])($config);
    $left = max($deadlines) - (hrtime(true) - $started) / 1e9;
    if ($problems !== []) {
        contact_log("contact endpoint: message $id" . contact_channel_whose($channel) . ' stays pending: ' . implode(' ', $problems));
    } elseif ($left >= $own / 5) {
        contact_attempt($config, $store, $id, $channel, min($own, $left));
    }
}
contact_respond(200, true, contact_text('success'));

/** How the log names a message's delivery by $channel after its id: nothing for the primary one, "'s webhook" for the others. */
function contact_channel_whose(string $channel): string
{
    $suffix = contact_channel_suffix($channel);
    return $suffix === '' ? '' : "'s" . $suffix;
}

/** One delivery attempt right after the lead was stored; whatever happens, it stays stored. */
function contact_attempt(array $config, PDO $store, string $id, string $channel, float $seconds): void
{
    try {
        $result = contact_deliver($config, $store, $id, $channel, $seconds);
        if ($result !== null && $result['state'] !== 'delivered') {
            contact_log("contact endpoint: message $id" . contact_channel_whose($channel) . " is {$result['state']}: {$result['error']}");
        }
    } catch (Throwable $error) {
        $what = contact_channel_suffix($channel) === '' ? 'delivery' : trim(contact_channel_suffix($channel));
        contact_log("contact endpoint: message $id stays stored, its $what failed: $error");
    }
}
