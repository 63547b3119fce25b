<?php
// The contact form's rules, mirroring the front end's zod schema (lib/contact-schema.ts); both
// are tested against the same cases (__tests__/fixtures/contact-cases.json).
declare(strict_types=1);

/** Field => maximum length in characters (Unicode code points) after trimming. */
const CONTACT_FIELDS = ['firstName' => 100, 'lastName' => 100, 'email' => 254, 'company' => 200, 'subject' => 200, 'phone' => 50, 'message' => 5000];
const CONTACT_REQUIRED = ['firstName', 'lastName', 'email', 'message'];
const CONTACT_DEFAULT_SUBJECT = 'New Contact Form Submission';

// What JavaScript's trim() and \s match: ASCII whitespace, the Unicode space separators, line
// and paragraph separators and the BOM.
const CONTACT_JS_SPACE = '\x{0009}-\x{000D}\x{0020}\x{00A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}';

// No field takes a control character (C0, DEL, C1), which could start a mail header or steer the
// operator's terminal, nor a direction override or isolate, which would show a name or an
// address reversed. The message keeps its tabs and line breaks (LF, or CRLF from a form post),
// but no lone CR, which would draw one line over another.
const CONTACT_BIDI_CONTROLS = '\x{202A}-\x{202E}\x{2066}-\x{2069}';
const CONTACT_CONTROLS = '/[\x00-\x1F\x7F-\x{9F}' . CONTACT_BIDI_CONTROLS . ']/u';
// Nor does a field of one line (names, email, company, subject, phone) take a line or paragraph
// separator (U+2028, U+2029: a line break to some readers) or a tag character (U+E0000 to
// U+E007F: invisible, it can carry text nobody sees). The message may: a flag's emoji is tags.
const CONTACT_LINE_ONLY = '\x{2028}\x{2029}\x{E0000}-\x{E007F}';
const CONTACT_LINE_CONTROLS = '/[\x00-\x1F\x7F-\x{9F}' . CONTACT_BIDI_CONTROLS . CONTACT_LINE_ONLY . ']/u';
const CONTACT_MESSAGE_CONTROLS = '/[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x{9F}' . CONTACT_BIDI_CONTROLS . ']|\r(?!\n)/u';

/** Trims like JavaScript does. The string must be valid UTF-8. */
function contact_trim(string $value): string
{
    return (string) preg_replace('/^[' . CONTACT_JS_SPACE . ']+|[' . CONTACT_JS_SPACE . ']+$/u', '', $value);
}

function contact_is_email(string $value): bool
{
    return preg_match('/^[^' . CONTACT_JS_SPACE . '@]+@[^' . CONTACT_JS_SPACE . '@]+\.[^' . CONTACT_JS_SPACE . '@]+$/u', $value) === 1
        && filter_var($value, FILTER_VALIDATE_EMAIL) !== false;
}

/** A field's name for people: "first name". */
function contact_label(string $name): string
{
    return strtolower((string) preg_replace('/[A-Z]/', ' $0', $name));
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
    foreach (CONTACT_FIELDS as $name => $max) {
        $value = $input[$name] ?? '';
        if (preg_match('//u', $value) !== 1) {
            $fields[$name] = '';
            $invalid[] = $name;
            continue;
        }
        $value = contact_trim($value);
        $fields[$name] = $value;
        $ok = preg_match_all('/./su', $value) <= $max
            && preg_match($name === 'message' ? CONTACT_MESSAGE_CONTROLS : CONTACT_LINE_CONTROLS, $value) !== 1
            && !($value === '' && in_array($name, CONTACT_REQUIRED, true))
            && !($name === 'email' && !contact_is_email($value));
        if (!$ok) {
            $invalid[] = $name;
        }
    }
    return [$fields, $invalid];
}

/**
 * What led to the lead, sent by the form's script besides the seven fields: the page of this site
 * the visitor came to the form from, and the campaign tags of the URL the visit landed on.
 * Field => maximum length in characters.
 */
const CONTACT_ATTRIBUTION = ['source' => 200, 'utm_source' => 100, 'utm_medium' => 100, 'utm_campaign' => 100, 'utm_term' => 100, 'utm_content' => 100];
/** A path on this site: one slash, then no second one (//host is another site), no space or backslash. */
const CONTACT_SOURCE_PATH = '#^/(?![/\\\\])[^\s\\\\]*$#uD';

/**
 * Checks the attribution fields (absent or empty: not known) by the seven fields' rule on
 * controls. The form sends only values that pass, so one that fails is refused.
 * @param array<string, mixed> $input
 * @return array{0: array<string, ?string>, 1: list<string>} [field => value or null, names of invalid fields]
 */
function contact_validate_attribution(array $input): array
{
    $fields = [];
    $invalid = [];
    foreach (CONTACT_ATTRIBUTION as $name => $max) {
        $value = $input[$name] ?? '';
        $fields[$name] = is_string($value) && $value !== '' ? $value : null;
        if ($fields[$name] === null) {
            continue;
        }
        $ok = preg_match('//u', $value) === 1
            && preg_match_all('/./su', $value) <= $max
            && preg_match(CONTACT_CONTROLS, $value) !== 1
            && ($name !== 'source' || preg_match(CONTACT_SOURCE_PATH, $value) === 1);
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
    return 'Please fill in all required fields with valid information. Check: ' . implode(', ', array_map('contact_label', $invalid)) . '.';
}
