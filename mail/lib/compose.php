<?php
// The mail to the company, one PHPMailer message for every transport: fixed recipient and sender,
// the submitter only in Reply-To, validated values only; its Message-ID the message's own, so a
// mail ever sent twice shows as one. MAIL_TO and MAIL_FROM, the mail channel's, are checked here.
// It may call database.php, contract.php, validation.php and printable.php.
declare(strict_types=1);

require_once __DIR__ . '/database.php';
require_once __DIR__ . '/contract.php';
require_once __DIR__ . '/validation.php';
require_once __DIR__ . '/printable.php';

const CONTACT_NO_PHPMAILER = 'PHPMailer, which builds every mail, is not installed: apt-get install libphp-phpmailer (Debian, Ubuntu), or composer require phpmailer/phpmailer in mail/.';

/** Domains reserved for examples (RFC 2606): an address there is a placeholder, never a mailbox. */
const CONTACT_PLACEHOLDER_DOMAINS = '/(^|\.)(example\.(com|net|org)|example|invalid)$/i';

/** A stored message that can never be sent as it is: retrying will not help. */
final class ContactInvalidMessage extends RuntimeException
{
}

/** @param array<string, mixed> $record a stored message (lib/messages.php) */
function contact_compose(array $config, array $record): \PHPMailer\PHPMailer\PHPMailer
{
    [$to, $from] = contact_addresses($config);
    // Checked again, so nothing in the store reaches a mail unchecked, however it got there.
    $stored = array_filter(array_intersect_key($record, contact_fields()), 'is_string');
    $shown = array_map('contact_compose_earlier', array_keys($stored), $stored);
    [$fields, $invalid] = contact_validate(array_combine(array_keys($stored), $shown));
    if ($invalid !== []) {
        throw new ContactInvalidMessage('stored message is invalid: ' . implode(', ', $invalid));
    }
    // What people read shows each invisible character escaped, in the headers and the body, as
    // admin.php shows it: a field of one line wholly; the message but for its line breaks, tabs
    // and the joiners between letters that its language needs.
    foreach ($fields as $name => $value) {
        $fields[$name] = contact_printable($value, contact_field($name)['multiline']);
    }
    $mail = contact_mailer();
    $mail->CharSet = \PHPMailer\PHPMailer\PHPMailer::CHARSET_UTF8;
    $mail->Encoding = \PHPMailer\PHPMailer\PHPMailer::ENCODING_QUOTED_PRINTABLE;
    $mail->XMailer = ' ';
    $mail->MessageID = '<' . $record['id'] . '@' . substr(strrchr($from, '@'), 1) . '>';
    // No envelope sender: mail() passes nothing to sendmail's command line.
    $mail->setFrom($from, '', false);
    foreach ($to as $address) {
        $mail->addAddress($address);
    }
    $mail->addReplyTo($fields['email']);
    $mail->Subject = contact_subject($fields);
    // Lines end in CRLF, which quoted-printable keeps as line breaks (a bare LF it would encode).
    $mail->Body = (string) preg_replace('/\r?\n/', "\r\n", implode("\n", [
        'New message from the contact form of the website.',
        '',
        ...contact_field_lines($fields, $record),
        '',
        '--',
        'Received ' . gmdate('Y-m-d H:i', (int) $record['received_at']) . ' UTC, reference ' . $record['id'] . '.',
        'Reply to this email to answer the sender.',
    ]));
    return $mail;
}

/** @return array{0: list<string>, 1: string} the recipients and the sender (MAIL_TO, MAIL_FROM), checked: they go into headers */
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

/** A lead for check --send-test, from the website itself. @return array<string, mixed> */
function contact_test_lead(array $config, string $subject, string $message): array
{
    return ['id' => 'test-' . contact_new_id(), 'received_at' => time(), 'firstName' => 'Website', 'lastName' => 'check',
        'email' => $config['MAIL_FROM'], 'company' => '', 'phone' => '', 'subject' => $subject, 'message' => $message];
}

/** Whether PHPMailer is there, loaded once. */
function contact_mailer_loaded(): bool
{
    foreach ([dirname(__DIR__) . '/vendor/autoload.php', '/usr/share/php/libphp-phpmailer/autoload.php'] as $autoload) {
        if (!class_exists(\PHPMailer\PHPMailer\PHPMailer::class) && is_file($autoload)) {
            require_once $autoload;
        }
    }
    return class_exists(\PHPMailer\PHPMailer\PHPMailer::class);
}

/** A new PHPMailer, which throws when a step fails. */
function contact_mailer(): \PHPMailer\PHPMailer\PHPMailer
{
    if (!contact_mailer_loaded()) {
        throw new RuntimeException(CONTACT_NO_PHPMAILER);
    }
    // The same address check as the form's, so PHPMailer accepts what the form accepted.
    \PHPMailer\PHPMailer\PHPMailer::$validator = 'php';
    return new \PHPMailer\PHPMailer\PHPMailer(true);
}

/**
 * What an earlier version let into the store and this one refuses (a C1 control, a direction
 * control, a lone CR in the message; a separator or a tag in a field of one line), shown escaped
 * as admin.php shows it: that visitor was thanked, so the lead is mailed. What no version took (a
 * line break in a name) stays refused.
 */
function contact_compose_earlier(string $name, string $value): string
{
    // What the contract refuses from U+0080 on, and a lone CR in a message: no version took the
    // other C0 controls or DEL.
    $earlier = contact_refused_pattern(contact_field($name)['multiline'], 0x80);
    return preg_replace_callback($earlier, static fn (array $control): string => contact_printable($control[0]), $value) ?? $value;
}

/**
 * The fields for the mail, by their labels in the contract: each of one line on a line of its own,
 * an optional one left empty "(not given)", then where the lead came from, then each multiline one
 * (the message) below its label.
 * @param array<string, string> $fields validated, made printable
 * @param array<string, mixed> $record the stored message
 * @return list<string>
 */
function contact_field_lines(array $fields, array $record): array
{
    $lines = [];
    $blocks = [];
    foreach ($fields as $name => $value) {
        ['label' => $label, 'required' => $required, 'multiline' => $multiline] = contact_field($name);
        if ($multiline) {
            array_push($blocks, '', "$label:", $value);
        } else {
            $lines[] = sprintf('%-11s %s', "$label:", $value === '' && !$required ? '(not given)' : $value);
        }
    }
    return [...$lines, ...contact_origin_lines($record), ...$blocks];
}

/** @return list<string> where the lead came from, for the mail: the page before the form, the campaign */
function contact_origin_lines(array $record): array
{
    ['source' => $source, 'campaign' => $tags] = contact_lead_origin($record);
    $campaign = implode(', ', array_map(static fn (string $name, string $value): string => "$name=$value", array_keys($tags), $tags));
    return ['Came from:  ' . contact_printable($source ?? '(not known: the form was opened directly)'), 'Campaign:   ' . ($campaign === '' ? '(none)' : contact_printable($campaign))];
}

/** "New enquiry: Ana Petrova (Blue Line Shipping): VSAT for two vessels". @param array<string, string> $fields validated */
function contact_subject(array $fields): string
{
    $sender = "{$fields['firstName']} {$fields['lastName']}" . ($fields['company'] === '' ? '' : " ({$fields['company']})");
    return "New enquiry: $sender: " . ($fields['subject'] === '' ? contact_default_subject() : $fields['subject']);
}
