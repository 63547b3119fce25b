<?php
// The form's rules, built from the contract the form's zod schema is built from too
// (contract.php; lib/contact-schema.ts); both are tested against the same cases
// (__tests__/fixtures/contact-cases.json). It may call contract.php.
declare(strict_types=1);

require_once __DIR__ . '/contract.php';

/** Trims the contract's whitespace (what JavaScript's trim() takes). The string must be valid UTF-8. */
function contact_trim(string $value): string
{
    $space = contact_space_class();
    return (string) preg_replace("/^[$space]+|[$space]+\$/u", '', $value);
}

function contact_is_email(string $value): bool
{
    return preg_match(contact_email_pattern(), $value) === 1 && filter_var($value, FILTER_VALIDATE_EMAIL) !== false;
}

/** A field's name for people, as a sentence has it: "first name". */
function contact_label(string $name): string
{
    return strtolower(contact_field($name)['label']);
}

/**
 * Checks the seven fields (absent counts as empty).
 * @param array<string, string> $input
 * @return array{0: array<string, string>, 1: list<string>} [trimmed fields, names of invalid fields]
 */
function contact_validate(array $input): array
{
    $fields = [];
    $invalid = [];
    foreach (contact_fields() as $name => $max) {
        $value = $input[$name] ?? '';
        if (preg_match('//u', $value) !== 1) {
            $fields[$name] = '';
            $invalid[] = $name;
            continue;
        }
        $value = contact_trim($value);
        $fields[$name] = $value;
        $ok = preg_match_all('/./su', $value) <= $max
            && preg_match(contact_refused_pattern(contact_field($name)['multiline']), $value) !== 1
            && !($value === '' && contact_field($name)['required'])
            && !($name === 'email' && !contact_is_email($value));
        if (!$ok) {
            $invalid[] = $name;
        }
    }
    return [$fields, $invalid];
}

/**
 * Checks what led to the lead (the contract's attribution: the page of this site the visitor came
 * to the form from, the campaign tags of the URL the visit landed on), sent by the form's script
 * besides the seven fields; absent or empty: not known. Each is held to its cap and pattern and
 * to the rule every field keeps on controls (the contract's characters.refused), untrimmed. The
 * form sends only values that pass (lib/contact.ts reads the same rules), so one that fails is
 * refused.
 * @param array<string, mixed> $input
 * @return array{0: array<string, ?string>, 1: list<string>} [field => value or null, names of invalid fields]
 */
function contact_validate_attribution(array $input): array
{
    $fields = [];
    $invalid = [];
    foreach (contact_attribution_fields() as $name => $rule) {
        $value = $input[$name] ?? '';
        $fields[$name] = is_string($value) && $value !== '' ? $value : null;
        if ($fields[$name] === null) {
            continue;
        }
        $ok = preg_match('//u', $value) === 1
            && preg_match_all('/./su', $value) <= $rule['maxLength']
            && preg_match(contact_controls_pattern(), $value) !== 1
            && (!isset($rule['pattern']) || preg_match(contact_contract_pattern($rule['pattern']), $value) === 1);
        if (!$ok) {
            $invalid[] = $name;
        }
    }
    return [$fields, $invalid];
}

/**
 * Where a stored lead came from, each value checked again (one that fails is left out).
 * @param array<string, mixed> $record a stored message
 * @return array{source: ?string, campaign: array<string, string>} the page, and the utm_* tags known
 */
function contact_lead_origin(array $record): array
{
    [$attribution, $invalid] = contact_validate_attribution(array_filter($record, 'is_string'));
    $known = array_filter(array_diff_key($attribution, array_flip($invalid)), 'is_string');
    $source = $known['source'] ?? null;
    unset($known['source']);
    return ['source' => $source, 'campaign' => $known];
}

/** @param list<string> $invalid */
function contact_invalid_message(array $invalid): string
{
    return contact_text('invalid') . ' ' . contact_text('invalidFields', ['fields' => implode(', ', array_map('contact_label', $invalid))]);
}
