<?php
// The contract between the form and the endpoint (mail/contract.json, which the form's TypeScript
// reads too): the fields and their caps, the rules a message must pass, what led to a lead, the
// texts a visitor reads and the retention /privacy publishes, read once per process, checked as it
// is read, and the patterns built from it. It calls nothing.
declare(strict_types=1);

/** Data, beside the code that reads it: the build copies mail/ whole, so it travels with it. */
const CONTACT_CONTRACT_FILE = __DIR__ . '/../contract.json';
/** The texts the endpoint and the form use: the contract must have each. */
const CONTACT_CONTRACT_TEXTS = ['success', 'invalid', 'invalidFields', 'invalidCharacters', 'rejected', 'failed', 'notStored', 'useTheForm', 'tooMany', 'heldFull', 'outOfService'];
/** A code point, U+XXXX, or a range of them, U+XXXX-U+YYYY. */
const CONTACT_CODE_POINTS = '/^U\+([0-9A-F]{4,6})(?:-U\+([0-9A-F]{4,6}))?$/D';

/**
 * The contract, read once per process; one that cannot be read or lacks what the endpoint needs
 * is refused in one line naming the file.
 * @return array{fields: array<string, array{label: string, required: bool, maxLength: int, multiline: bool}>, defaultSubject: string, whitespace: list<string>, email: string, characters: array{refused: list<string>, refusedInOneLine: list<string>, keptInMultiline: list<string>}, texts: array<string, string>, attribution: array<string, array{maxLength: int, pattern?: string}>, retention: array{messageDays: int, heldDays: int, rateLimitMinutes: int}}
 */
function contact_contract(): array
{
    static $contract = null;
    if ($contract !== null) {
        return $contract;
    }
    $file = realpath(CONTACT_CONTRACT_FILE) ?: CONTACT_CONTRACT_FILE;
    try {
        $read = json_decode((string) file_get_contents($file), true, 16, JSON_THROW_ON_ERROR);
    } catch (Throwable $error) {
        throw new RuntimeException("$file, the form's contract, cannot be read: " . $error->getMessage());
    }
    $problem = contact_contract_problem($read);
    if ($problem !== null) {
        throw new RuntimeException("$file, the form's contract, $problem");
    }
    return $contract = $read;
}

/** What is wrong with a contract as read, or null. */
function contact_contract_problem(mixed $read): ?string
{
    $isCount = static fn (mixed $value): bool => is_int($value) && $value >= 1;
    $isRanges = static fn (mixed $value): bool => is_array($value) && array_is_list($value)
        && array_filter($value, static fn (mixed $range): bool => !is_string($range) || preg_match(CONTACT_CODE_POINTS, $range) !== 1) === [];
    if (!is_array($read) || !is_array($read['fields'] ?? null) || $read['fields'] === []) {
        return 'has no fields';
    }
    foreach ($read['fields'] as $name => $field) {
        if (!is_string($field['label'] ?? null) || !is_bool($field['required'] ?? null) || !$isCount($field['maxLength'] ?? null) || !is_bool($field['multiline'] ?? null)) {
            return "gives the field $name no label, required, maxLength (a whole number of at least 1) or multiline";
        }
    }
    foreach (['whitespace' => $read['whitespace'] ?? null, 'characters.refused' => $read['characters']['refused'] ?? null, 'characters.refusedInOneLine' => $read['characters']['refusedInOneLine'] ?? null, 'characters.keptInMultiline' => $read['characters']['keptInMultiline'] ?? null] as $key => $ranges) {
        if (!$isRanges($ranges)) {
            return "has no $key as a list of code points (U+XXXX) and ranges (U+XXXX-U+YYYY)";
        }
    }
    foreach (['defaultSubject', 'email'] as $key) {
        if (!is_string($read[$key] ?? null)) {
            return "has no $key";
        }
    }
    foreach (CONTACT_CONTRACT_TEXTS as $key) {
        if (!is_string($read['texts'][$key] ?? null)) {
            return "has no text $key";
        }
    }
    // The page before the form is one of them, by name: the form and the mail tell it from the campaign.
    if (!is_array($read['attribution'] ?? null) || !isset($read['attribution']['source'])) {
        return 'has no attribution with a source';
    }
    foreach ($read['attribution'] as $name => $field) {
        if (!$isCount($field['maxLength'] ?? null) || !is_string($field['pattern'] ?? '')) {
            return "gives attribution.$name no maxLength (a whole number of at least 1), or a pattern that is no string";
        }
    }
    foreach (['messageDays' => 'days', 'heldDays' => 'days', 'rateLimitMinutes' => 'minutes'] as $key => $unit) {
        if (!$isCount($read['retention'][$key] ?? null)) {
            return "has no retention.$key, a whole number of $unit of at least 1";
        }
    }
    return null;
}

/** @return array<string, int> each field of the form, by name, with its cap in characters (code points) after trimming */
function contact_fields(): array
{
    return array_map(static fn (array $field): int => $field['maxLength'], contact_contract()['fields']);
}

/** @return array{label: string, required: bool, maxLength: int, multiline: bool} */
function contact_field(string $name): array
{
    return contact_contract()['fields'][$name];
}

/**
 * What the form sends of how the visitor came to it, besides the fields: the page of this site
 * before the form (source) and the campaign tags of the URL the visit landed on.
 * @return array<string, array{maxLength: int, pattern?: string}> each by name, its cap in characters and a pattern it must match
 */
function contact_attribution_fields(): array
{
    return contact_contract()['attribution'];
}

/** A text for the visitor, each {name} in it replaced by its value. @param array<string, string> $values */
function contact_text(string $name, array $values = []): string
{
    $text = contact_contract()['texts'][$name];
    return strtr($text, array_combine(array_map(static fn (string $key): string => '{' . $key . '}', array_keys($values)), $values));
}

function contact_default_subject(): string
{
    return contact_contract()['defaultSubject'];
}

/** @param 'messageDays'|'heldDays' $which */
function contact_retention_days(string $which): int
{
    return contact_contract()['retention'][$which];
}

/** The longest the rate limit may keep the hash of an address, in seconds: the window /privacy publishes. */
function contact_rate_limit_longest(): int
{
    return contact_contract()['retention']['rateLimitMinutes'] * 60;
}

/**
 * The inside of a PCRE character class (for /u) holding these code points and ranges, from
 * $from on: `\x{7F}-\x{9F}`.
 * @param list<string> $ranges
 */
function contact_code_class(array $ranges, int $from = 0): string
{
    $class = '';
    foreach ($ranges as $range) {
        preg_match(CONTACT_CODE_POINTS, $range, $match);
        [$low, $high] = [max($from, (int) hexdec($match[1])), (int) hexdec($match[2] ?? $match[1])];
        $class .= $low > $high ? '' : sprintf($low === $high ? '\x{%X}' : '\x{%X}-\x{%X}', $low, $high);
    }
    return $class;
}

/** What the contract calls whitespace, as a character class's inside. */
function contact_space_class(): string
{
    return contact_code_class(contact_contract()['whitespace']);
}

/**
 * The characters a field refuses, as a pattern: in a field of one line those refused anywhere and
 * in one line; in a multiline field those refused anywhere but the ones it keeps, and a carriage
 * return not before a line feed. From $from on, only the code points from there (compose.php).
 */
function contact_refused_pattern(bool $multiline, int $from = 0): string
{
    $characters = contact_contract()['characters'];
    if (!$multiline) {
        return '/[' . contact_code_class([...$characters['refused'], ...$characters['refusedInOneLine']], $from) . ']/u';
    }
    return '/(?![' . contact_code_class($characters['keptInMultiline']) . '])[' . contact_code_class($characters['refused'], $from) . ']|\r(?!\n)/u';
}

/** The characters refused anywhere, as a pattern: what led to a lead (validation.php) is checked by it too. */
function contact_controls_pattern(): string
{
    return '/[' . contact_code_class(contact_contract()['characters']['refused']) . ']/u';
}

/** A pattern of the contract (email, an attribution field's) for PCRE, its \s the contract's whitespace. */
function contact_contract_pattern(string $pattern): string
{
    return '/' . str_replace(['/', '\s'], ['\/', contact_space_class()], $pattern) . '/uD';
}

/** The contract's email pattern. */
function contact_email_pattern(): string
{
    return contact_contract_pattern(contact_contract()['email']);
}
