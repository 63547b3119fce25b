<?php
// Configuration, read in one place and the same for the web endpoint and the command line:
// defaults, then the configuration file, then environment variables. The file is the one
// MAIL_CONFIG names, else npts-private/config.php beside the web root, else mail/config.php.
// Apache's SetEnv reaches only the web endpoint, never cron, so the file is the one to use.
declare(strict_types=1);

const CONTACT_DEFAULTS = [
    // Placeholders: the operator sets the real addresses (see config.example.php).
    'MAIL_TO' => 'contact@example.com',
    'MAIL_FROM' => 'website@example.com',
    'MAIL_TRANSPORT' => 'outbox',
    'SMTP_HOST' => 'localhost',
    'SMTP_PORT' => '587',
    'SMTP_USER' => '',
    'SMTP_PASS' => '',
    'SMTP_SECURE' => 'tls',
    // Empty: npts-private beside the web root (lib/location.php).
    'MAIL_STORAGE_DIR' => '',
    'MAIL_OUTBOX_DIR' => '',
    'MAIL_RATE_LIMIT' => '5/600',
    'MAIL_GIVE_UP_HOURS' => '72',
    // /privacy states this period; __tests__/privacy.test.tsx keeps the two in step.
    'MAIL_RETENTION_DAYS' => '180',
    'MAIL_HEALTH_TOKEN' => '',
    'MAIL_TRUSTED_PROXIES' => '',
    // The team webhook (lib/webhook.php): every lead is POSTed there too. Empty: none.
    'MAIL_WEBHOOK_URL' => '',
    'MAIL_WEBHOOK_SECRET' => '',
    // The proof of work's difficulty (lib/proof.php): docs/performance.md has the solving times.
    'MAIL_PROOF_MAXNUMBER' => '50000',
];

/** Domains reserved for examples (RFC 2606): an address there is a placeholder, never a mailbox. */
const CONTACT_PLACEHOLDER_DOMAINS = '/(^|\.)(example\.(com|net|org)|example|invalid)$/i';

/**
 * The effective configuration, its sources and the file read. Paths are absolute: relative ones
 * are relative to mail/, wherever PHP was started from.
 *
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
    // "storage" (mail/storage), the default of earlier versions and of copies of their
    // config.example.php, counts as unset: that store moves out of the web root.
    $storage = trim($values['MAIL_STORAGE_DIR']);
    $values['MAIL_STORAGE_DIR'] = $storage === '' || $storage === 'storage' ? contact_default_store() : contact_absolute_path($storage);
    $values['MAIL_OUTBOX_DIR'] = $values['MAIL_OUTBOX_DIR'] === ''
        ? $values['MAIL_STORAGE_DIR'] . '/outbox'
        : contact_absolute_path($values['MAIL_OUTBOX_DIR']);
    return ['values' => $values, 'sources' => $sources, 'file' => $file];
}

/** The configuration file: MAIL_CONFIG's, else npts-private/config.php, else mail/config.php; null when there is none. */
function contact_config_file(): ?string
{
    $named = contact_env('MAIL_CONFIG');
    if ($named !== null) {
        return is_file($named) ? $named : null;
    }
    $beside = contact_private_home() . '/config.php';
    $inMail = dirname(__DIR__) . '/config.php';
    return is_file($beside) ? $beside : (is_file($inMail) ? $inMail : null);
}

/** @return array<string, string> */
function contact_config(): array
{
    return contact_config_read()['values'];
}

/** An environment variable, or on Apache a SetEnv value; null when unset or empty. */
function contact_env(string $name): ?string
{
    $value = getenv($name);
    if ($value === false) {
        $value = $_SERVER[$name] ?? null;
    }
    return is_string($value) && $value !== '' ? $value : null;
}

function contact_absolute_path(string $path): string
{
    $path = rtrim($path, '/');
    return str_starts_with($path, '/') ? $path : dirname(__DIR__) . '/' . $path;
}

/** A whole number setting of at least $min, or its default when it is not one (check reports it). */
function contact_config_int(array $config, string $key, int $min): int
{
    $value = trim($config[$key]);
    return ctype_digit($value) && (int) $value >= $min ? (int) $value : (int) CONTACT_DEFAULTS[$key];
}

/** The smallest MAIL_PROOF_MAXNUMBER: below it, a proof costs a script nothing. */
const CONTACT_PROOF_MIN_NUMBER = 1000;

function contact_proof_max_number(array $config): int
{
    return contact_config_int($config, 'MAIL_PROOF_MAXNUMBER', CONTACT_PROOF_MIN_NUMBER);
}

/**
 * MAIL_RATE_LIMIT is "count/seconds" ("5/600": five accepted messages per client address in ten
 * minutes) or just a count per ten minutes; 0 turns the limit off.
 *
 * @return array{0: int, 1: int} [count, window in seconds]
 */
function contact_rate_limit(array $config): array
{
    if (preg_match(CONTACT_RATE_LIMIT_FORMAT, $config['MAIL_RATE_LIMIT'], $match) !== 1) {
        preg_match(CONTACT_RATE_LIMIT_FORMAT, CONTACT_DEFAULTS['MAIL_RATE_LIMIT'], $match);
    }
    return [(int) $match[1], (int) ($match[2] ?? 600)];
}

const CONTACT_RATE_LIMIT_FORMAT = '#^\s*(\d+)\s*(?:/\s*([1-9]\d*)\s*)?$#D';

/**
 * The configured recipients (comma-separated) and sender, checked because they go into headers.
 *
 * @return array{0: list<string>, 1: string} [recipients, sender]
 */
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

/**
 * What stops this configuration from delivering: each a sentence for the operator. Nothing may
 * go out to, or from, a placeholder address, nor through a placeholder server; the outbox,
 * which mails nobody, may use them. While there is an error, messages stay pending.
 *
 * @return list<string>
 */
function contact_config_errors(array $config): array
{
    $errors = [];
    $transport = $config['MAIL_TRANSPORT'];
    if (!in_array($transport, ['outbox', 'mail', 'smtp'], true)) {
        $errors[] = "MAIL_TRANSPORT is \"$transport\": use outbox, mail or smtp.";
    }
    try {
        [$to, $from] = contact_addresses($config);
        if ($transport !== 'outbox') {
            foreach ([...$to, $from] as $address) {
                if (contact_is_placeholder($address)) {
                    $key = $address === $from ? 'MAIL_FROM' : 'MAIL_TO';
                    $errors[] = "$key is the placeholder $address: set the company's real address before mailing with $transport.";
                }
            }
        }
    } catch (RuntimeException $error) {
        $errors[] = $error->getMessage() . '.';
    }
    if ($transport === 'smtp') {
        foreach (['SMTP_HOST', 'SMTP_USER'] as $key) {
            if ($config[$key] !== '' && contact_is_placeholder($config[$key])) {
                $errors[] = "$key is the placeholder {$config[$key]}: set your mail provider's.";
            }
        }
        if ($config['SMTP_PASS'] === 'change-me') {
            $errors[] = "SMTP_PASS is the placeholder change-me: set the mailbox's password.";
        }
        if (!ctype_digit($config['SMTP_PORT']) || (int) $config['SMTP_PORT'] < 1 || (int) $config['SMTP_PORT'] > 65535) {
            $errors[] = "SMTP_PORT is \"{$config['SMTP_PORT']}\": use a port number.";
        }
        if (!in_array(strtolower($config['SMTP_SECURE']), ['tls', 'starttls', 'ssl', 'smtps', 'none', ''], true)) {
            $errors[] = "SMTP_SECURE is \"{$config['SMTP_SECURE']}\": use tls, ssl or none.";
        }
    }
    return $errors;
}

/** Whether an address or host name is in a domain reserved for examples. */
function contact_is_placeholder(string $address): bool
{
    $domain = str_contains($address, '@') ? substr(strrchr($address, '@'), 1) : $address;
    return preg_match(CONTACT_PLACEHOLDER_DOMAINS, $domain) === 1;
}

/**
 * Settings that are not valid and so are replaced by their default (or, for a proxy entry,
 * ignored): delivery goes on, but the operator should fix them.
 *
 * @return list<string>
 */
function contact_config_warnings(array $config): array
{
    $warnings = [];
    foreach (['MAIL_GIVE_UP_HOURS' => 0, 'MAIL_RETENTION_DAYS' => 1, 'MAIL_PROOF_MAXNUMBER' => CONTACT_PROOF_MIN_NUMBER] as $key => $min) {
        $value = trim($config[$key]);
        if (!ctype_digit($value) || (int) $value < $min) {
            $warnings[] = "$key is \"{$config[$key]}\": use a whole number of at least $min (now using " . CONTACT_DEFAULTS[$key] . ').';
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
