<?php
// The contact endpoint: POST /mail/send.php with the form's fields as JSON (or, from the form
// without JavaScript, form-encoded). Every accepted message is stored before it is sent, so
// nothing is lost when mail is down; `php mail/deliver.php` retries. See README.md.
declare(strict_types=1);

ini_set('display_errors', '0');
header_remove('X-Powered-By');
ob_start();

require __DIR__ . '/lib/http.php';
require __DIR__ . '/lib/config.php';
require __DIR__ . '/lib/validation.php';
require __DIR__ . '/lib/store.php';
require __DIR__ . '/lib/rate-limit.php';
require __DIR__ . '/lib/compose.php';
require __DIR__ . '/lib/transports.php';
require __DIR__ . '/lib/delivery.php';

const CONTACT_MAX_BODY = 65536;
/** A person needs longer than this to fill in the form; a script does not. */
const CONTACT_MIN_FILL_MS = 3000;

contact_handle_errors();

if (($_SERVER['REQUEST_METHOD'] ?? '') !== 'POST') {
    contact_respond(405, false, 'Send the message with POST.', ['Allow' => 'POST']);
}

$type = strtolower(trim(explode(';', (string) ($_SERVER['CONTENT_TYPE'] ?? ''))[0]));
if ($type === 'application/x-www-form-urlencoded') {
    contact_form_mode(true);
    // A form post may only come from the site's own contact page.
    $origin = $_SERVER['HTTP_ORIGIN'] ?? $_SERVER['HTTP_REFERER'] ?? '';
    if (!contact_same_origin((string) $origin)) {
        contact_respond(403, false, 'Please use the contact form on our website.');
    }
} elseif ($type === 'application/json') {
    if (isset($_SERVER['HTTP_ORIGIN']) && !contact_same_origin((string) $_SERVER['HTTP_ORIGIN'])) {
        contact_respond(403, false, 'Please use the contact form on our website.');
    }
} else {
    contact_respond(415, false, 'Send the message as application/json.');
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
if (contact_form_mode()) {
    parse_str($raw, $data);
    if (isset($data['elapsedMs']) && is_string($data['elapsedMs']) && is_numeric($data['elapsedMs'])) {
        $elapsed = (float) $data['elapsedMs'];
    }
} else {
    try {
        $data = json_decode($raw, false, 32, JSON_THROW_ON_ERROR);
    } catch (JsonException $error) {
        if (in_array($error->getCode(), [JSON_ERROR_UTF8, JSON_ERROR_UTF16], true)) {
            contact_respond(422, false, 'Please fill in all required fields with valid information. The message contains invalid characters.');
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
foreach ([...array_keys(CONTACT_FIELDS), 'website'] as $name) {
    if (array_key_exists($name, $data) && !is_string($data[$name])) {
        contact_respond(400, false, "The field $name must be a string.");
    }
}

// Bots (the hidden field filled in, or sent faster than a person can type) are told their
// message went through, so they learn nothing; it is neither stored nor sent.
if (($data['website'] ?? '') !== '' || ($elapsed !== null && $elapsed < CONTACT_MIN_FILL_MS)) {
    contact_respond(200, true, CONTACT_SUCCESS);
}

[$fields, $invalid] = contact_validate($data);
if ($invalid !== []) {
    contact_respond(422, false, contact_invalid_message($invalid));
}
if ($fields['subject'] === '') {
    $fields['subject'] = CONTACT_DEFAULT_SUBJECT;
}

$config = contact_config();
$wait = contact_rate_limit_hit($config, (string) ($_SERVER['REMOTE_ADDR'] ?? ''));
if ($wait > 0) {
    contact_respond(429, false, 'Too many messages from your network. Please try again later.', ['Retry-After' => (string) $wait]);
}

// Stored first: from here on the message is safe, and a failed delivery only leaves it pending.
$id = contact_new_id();
contact_private_dir($config['MAIL_STORAGE_DIR']);
$lock = contact_lock_message($config, $id, true);
$record = contact_store($config, $id, $fields);
try {
    $result = contact_deliver_locked($config, $record);
    if ($result !== 'delivered') {
        error_log("contact endpoint: message $id stays pending ($result); php mail/deliver.php retries it");
    }
} catch (Throwable $error) {
    error_log("contact endpoint: message $id stays pending: $error");
} finally {
    contact_unlock_message($config, $id, $lock);
}
contact_respond(200, true, CONTACT_SUCCESS);
