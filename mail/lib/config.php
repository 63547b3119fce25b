<?php
// Configuration, read in one place and the same for the endpoint and the command line: defaults,
// then the configuration file, then environment variables (Apache's SetEnv reaches the endpoint
// alone). It may call paths.php, run-as.php (whether root may run the file) and client.php.
declare(strict_types=1);

require_once __DIR__ . '/paths.php';
require_once __DIR__ . '/run-as.php';
require_once __DIR__ . '/client.php';

const CONTACT_DEFAULTS = [
    'MAIL_TO' => 'contact@example.com',
    'MAIL_FROM' => 'website@example.com',
    'MAIL_TRANSPORT' => 'outbox',
    'SMTP_HOST' => 'localhost',
    'SMTP_PORT' => '587',
    'SMTP_USER' => '',
    'SMTP_PASS' => '',
    'SMTP_SECURE' => 'tls',
    // Seconds (0.5 is half a second) an SMTP attempt, a webhook request and a write waiting for
    // another process's may take in all: docs/contact-endpoint.md, Deadlines.
    'SMTP_TIMEOUT' => '8',
    'MAIL_WEBHOOK_TIMEOUT' => '5',
    'MAIL_LOCK_TIMEOUT' => '5',
    // Empty: npts-private beside the web root (paths.php).
    'MAIL_STORAGE_DIR' => '',
    'MAIL_OUTBOX_DIR' => '',
    'MAIL_RATE_LIMIT' => '5/600',
    'MAIL_GIVE_UP_HOURS' => '72',
    // /privacy states this period; __tests__/privacy.test.tsx keeps the two in step.
    'MAIL_RETENTION_DAYS' => '180',
    'MAIL_HEALTH_TOKEN' => '',
    'MAIL_TRUSTED_PROXIES' => '',
    'MAIL_WEBHOOK_URL' => '',
    'MAIL_WEBHOOK_SECRET' => '',
    // docs/performance.md has the proof's solving times.
    'MAIL_PROOF_MAXNUMBER' => '50000',
    'MAIL_HELD_MAX_MESSAGES' => '500',
    'MAIL_HELD_MAX_MB' => '10',
];

/** Domains reserved for examples (RFC 2606): an address there is a placeholder, never a mailbox. */
const CONTACT_PLACEHOLDER_DOMAINS = '/(^|\.)(example\.(com|net|org)|example|invalid)$/i';

/**
 * The effective configuration, its sources and the file read; relative paths are mail/'s.
 * @return array{values: array<string, string>, sources: array<string, string>, file: ?string}
 */
function contact_config_read(): array
{
    $values = CONTACT_DEFAULTS;
    $sources = array_fill_keys(array_keys(CONTACT_DEFAULTS), 'default');

    $named = contact_env('MAIL_CONFIG');
    if ($named !== null && !is_file($named)) {
        throw new RuntimeException("MAIL_CONFIG names $named, which does not exist");
    }
    $file = contact_config_file();
    if ($file !== null) {
        contact_run_as_trusted_file($file);
        $overrides = require $file;
        if (!is_array($overrides)) {
            throw new RuntimeException("$file must return an array of settings");
        }
        foreach (array_intersect_key($overrides, CONTACT_DEFAULTS) as $key => $value) {
            if (is_scalar($value)) {
                $values[$key] = (string) $value;
                $sources[$key] = 'file';
            }
        }
    }
    foreach (array_keys(CONTACT_DEFAULTS) as $key) {
        $value = contact_env($key);
        if ($value !== null) {
            $values[$key] = $value;
            $sources[$key] = 'environment';
        }
    }

    $values['MAIL_TRANSPORT'] = strtolower(trim($values['MAIL_TRANSPORT']));
    $storage = trim($values['MAIL_STORAGE_DIR']);
    $values['MAIL_STORAGE_DIR'] = $storage === '' ? contact_default_store() : contact_absolute_path($storage);
    $values['MAIL_OUTBOX_DIR'] = $values['MAIL_OUTBOX_DIR'] === ''
        ? $values['MAIL_STORAGE_DIR'] . '/outbox'
        : contact_absolute_path($values['MAIL_OUTBOX_DIR']);
    return ['values' => $values, 'sources' => $sources, 'file' => $file];
}

/** @return array<string, string> */
function contact_config(): array
{
    return contact_config_read()['values'];
}

/** A whole number setting of at least $min, or its default when it is not one (check reports it). */
function contact_config_int(array $config, string $key, int $min): int
{
    $value = trim($config[$key]);
    return ctype_digit($value) && (int) $value >= $min ? (int) $value : (int) CONTACT_DEFAULTS[$key];
}

/** A number of seconds above 0, or its default when it is not one (check reports it). */
function contact_config_seconds(array $config, string $key): float
{
    $value = trim($config[$key]);
    return is_numeric($value) && (float) $value > 0 ? (float) $value : (float) CONTACT_DEFAULTS[$key];
}

/** The smallest MAIL_PROOF_MAXNUMBER: below it, a proof costs a script nothing. */
const CONTACT_PROOF_MIN_NUMBER = 1000;

/** @return array{0: int, 1: int} MAIL_RATE_LIMIT, "count/seconds" or a count per 10 minutes (0: none), as [count, window] */
function contact_rate_limit(array $config): array
{
    if (preg_match(CONTACT_RATE_LIMIT_FORMAT, $config['MAIL_RATE_LIMIT'], $match) !== 1) {
        preg_match(CONTACT_RATE_LIMIT_FORMAT, CONTACT_DEFAULTS['MAIL_RATE_LIMIT'], $match);
    }
    return [(int) $match[1], (int) ($match[2] ?? 600)];
}

const CONTACT_RATE_LIMIT_FORMAT = '#^\s*(\d+)\s*(?:/\s*([1-9]\d*)\s*)?$#D';

/** @return array{0: list<string>, 1: string} the recipients and the sender, checked: they go into headers */
function contact_addresses(array $config): array
{
    $to = array_values(array_filter(array_map('trim', explode(',', $config['MAIL_TO'])), 'strlen'));
    foreach ([...$to, $config['MAIL_FROM']] as $address) {
        if (filter_var($address, FILTER_VALIDATE_EMAIL) === false) {
            throw new RuntimeException('MAIL_TO or MAIL_FROM is not a valid address');
        }
    }
    if ($to === []) {
        throw new RuntimeException('MAIL_TO is empty');
    }
    return [$to, $config['MAIL_FROM']];
}

/** Whether an address or host name is in a domain reserved for examples. */
function contact_is_placeholder(string $address): bool
{
    $domain = str_contains($address, '@') ? substr(strrchr($address, '@'), 1) : $address;
    return preg_match(CONTACT_PLACEHOLDER_DOMAINS, $domain) === 1;
}

/** @return list<string> settings not valid, so replaced by their default (or ignored): delivery goes on */
function contact_config_warnings(array $config): array
{
    $warnings = [];
    foreach (['MAIL_GIVE_UP_HOURS' => 0, 'MAIL_RETENTION_DAYS' => 1, 'MAIL_PROOF_MAXNUMBER' => CONTACT_PROOF_MIN_NUMBER, 'MAIL_HELD_MAX_MESSAGES' => 1, 'MAIL_HELD_MAX_MB' => 1] as $key => $min) {
        $value = trim($config[$key]);
        if (!ctype_digit($value) || (int) $value < $min) {
            $warnings[] = "$key is \"{$config[$key]}\": use a whole number of at least $min (now using " . CONTACT_DEFAULTS[$key] . ').';
        }
    }
    foreach (['SMTP_TIMEOUT', 'MAIL_WEBHOOK_TIMEOUT', 'MAIL_LOCK_TIMEOUT'] as $key) {
        if (contact_config_seconds($config, $key) !== (float) trim($config[$key])) {
            $warnings[] = "$key is \"{$config[$key]}\": use a number of seconds above 0 (now using " . CONTACT_DEFAULTS[$key] . ').';
        }
    }
    if (preg_match(CONTACT_RATE_LIMIT_FORMAT, $config['MAIL_RATE_LIMIT']) !== 1) {
        $warnings[] = "MAIL_RATE_LIMIT is \"{$config['MAIL_RATE_LIMIT']}\": use count/seconds, e.g. 5/600 (now using " . CONTACT_DEFAULTS['MAIL_RATE_LIMIT'] . ').';
    }
    foreach (contact_trusted_proxies($config) as $entry) {
        if (contact_parse_cidr($entry) === null) {
            $warnings[] = "MAIL_TRUSTED_PROXIES holds \"$entry\", which is not an address or CIDR range (it is ignored).";
        }
    }
    return $warnings;
}
