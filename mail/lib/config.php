<?php
// Configuration, read in one place and the same for the endpoint and the command line: a data
// file that nothing ever runs (INI, read raw: no constant, variable or code in a value means
// anything), then environment variables (Apache's SetEnv reaches the endpoint alone), over each
// setting's default. The settings here are the store's and the endpoint's; each channel declares
// its own (channels/), and channels.php asks for them. It may call paths.php and client.php.
declare(strict_types=1);

require_once __DIR__ . '/paths.php';
require_once __DIR__ . '/client.php';

const CONTACT_DEFAULTS = [
    // Seconds (0.5 is half a second) a write waits for another process's before it fails:
    // docs/contact-endpoint.md, Deadlines.
    'MAIL_LOCK_TIMEOUT' => '5',
    // Empty: npts-private beside the web root (paths.php).
    'MAIL_STORAGE_DIR' => '',
    'MAIL_RATE_LIMIT' => '5/600',
    'MAIL_GIVE_UP_HOURS' => '72',
    'MAIL_HEALTH_TOKEN' => '',
    'MAIL_TRUSTED_PROXIES' => '',
    // docs/performance.md has the proof's solving times.
    'MAIL_PROOF_MAXNUMBER' => '50000',
    'MAIL_HELD_MAX_MESSAGES' => '500',
    'MAIL_HELD_MAX_MB' => '10',
];

/**
 * The configuration file's settings, read once per process, so what was checked is what is used:
 * every KEY = "value" line, as written. A file that cannot be read, or a line that is no plain
 * setting (KEY[…]), is refused in one line naming it.
 * @return array{file: ?string, values: array<string, string>}
 */
function contact_config_file_read(): array
{
    static $read = null;
    if ($read !== null) {
        return $read;
    }
    $file = contact_config_file();
    if ($file === null) {
        return $read = ['file' => null, 'values' => []];
    }
    if (str_ends_with(strtolower($file), '.php')) {
        throw new RuntimeException("MAIL_CONFIG names $file, a PHP file: the configuration is data now, never run. Write its settings as KEY = \"value\" lines into a .ini file (mail/config.example.ini has every key) and name that one");
    }
    if (!is_file($file)) {
        throw new RuntimeException("MAIL_CONFIG names $file, which does not exist");
    }
    // Raw: a value is the text between its quotes, never an expression (parse_ini_file's
    // documentation; __tests__/mail/config.test.ts holds it to that).
    $values = @parse_ini_string((string) file_get_contents($file), false, INI_SCANNER_RAW);
    if ($values === false) {
        $why = preg_replace('/ in Unknown on line (\d+)$/', ' on line $1', error_get_last()['message'] ?? 'unknown error');
        throw new RuntimeException("$file cannot be read as KEY = \"value\" lines: $why");
    }
    foreach ($values as $key => $value) {
        if (!is_string($value)) {
            throw new RuntimeException("$file: {$key}[…] is not a setting: write each as KEY = \"value\"");
        }
    }
    return $read = ['file' => $file, 'values' => $values];
}

/**
 * The settings $defaults names (CONTACT_DEFAULTS and more): each from the environment, else the
 * file, else its default (an empty value counts as none, in either); a relative MAIL_STORAGE_DIR
 * is mail/'s.
 * @param array<string, string> $defaults
 * @return array{values: array<string, string>, sources: array<string, string>, defaults: array<string, string>, file: ?string}
 */
function contact_settings_read(array $defaults): array
{
    ['file' => $file, 'values' => $written] = contact_config_file_read();
    $values = $defaults;
    $sources = array_fill_keys(array_keys($defaults), 'default');
    foreach (array_keys($defaults) as $key) {
        $value = contact_env($key) ?? (($written[$key] ?? '') === '' ? null : $written[$key]);
        if ($value !== null) {
            $values[$key] = $value;
            $sources[$key] = contact_env($key) === null ? 'file' : 'environment';
        }
    }
    $storage = trim($values['MAIL_STORAGE_DIR']);
    $values['MAIL_STORAGE_DIR'] = $storage === '' ? contact_default_store() : contact_absolute_path($storage);
    return ['values' => $values, 'sources' => $sources, 'defaults' => $defaults, 'file' => $file];
}

/** A whole number setting of at least $min, or its default when it is not one (check reports it). */
function contact_config_int(array $config, string $key, int $min, array $defaults = CONTACT_DEFAULTS): int
{
    $value = trim($config[$key]);
    return ctype_digit($value) && (int) $value >= $min ? (int) $value : (int) $defaults[$key];
}

/** A number of seconds above 0, or its default when it is not one (check reports it). */
function contact_config_seconds(array $config, string $key, array $defaults = CONTACT_DEFAULTS): float
{
    $value = trim($config[$key]);
    return is_numeric($value) && (float) $value > 0 ? (float) $value : (float) $defaults[$key];
}

/** Why a seconds setting is not used as written, for check; null when it is. */
function contact_config_seconds_warning(array $config, string $key, array $defaults = CONTACT_DEFAULTS): ?string
{
    return contact_config_seconds($config, $key, $defaults) === (float) trim($config[$key]) ? null
        : "$key is \"{$config[$key]}\": use a number of seconds above 0 (now using {$defaults[$key]}).";
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

/** @return list<string> settings of the store and the endpoint not valid, so replaced by their default (or ignored): delivery goes on */
function contact_config_warnings(array $config): array
{
    $warnings = [];
    foreach (['MAIL_GIVE_UP_HOURS' => 0, 'MAIL_PROOF_MAXNUMBER' => CONTACT_PROOF_MIN_NUMBER, 'MAIL_HELD_MAX_MESSAGES' => 1, 'MAIL_HELD_MAX_MB' => 1] as $key => $min) {
        $value = trim($config[$key]);
        if (!ctype_digit($value) || (int) $value < $min) {
            $warnings[] = "$key is \"{$config[$key]}\": use a whole number of at least $min (now using " . CONTACT_DEFAULTS[$key] . ').';
        }
    }
    $warnings[] = contact_config_seconds_warning($config, 'MAIL_LOCK_TIMEOUT');
    if (preg_match(CONTACT_RATE_LIMIT_FORMAT, $config['MAIL_RATE_LIMIT']) !== 1) {
        $warnings[] = "MAIL_RATE_LIMIT is \"{$config['MAIL_RATE_LIMIT']}\": use count/seconds, e.g. 5/600 (now using " . CONTACT_DEFAULTS['MAIL_RATE_LIMIT'] . ').';
    }
    foreach (contact_trusted_proxies($config) as $entry) {
        if (contact_parse_cidr($entry) === null) {
            $warnings[] = "MAIL_TRUSTED_PROXIES holds \"$entry\", which is not an address or CIDR range (it is ignored).";
        }
    }
    return array_values(array_filter($warnings));
}
