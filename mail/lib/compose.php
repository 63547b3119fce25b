<?php
// Turns a stored message into a mail to the company: fixed recipient and sender, the submitter
// only in Reply-To, a UTF-8 subject encoded per RFC 2047 and a plain-text body. Only validated
// values reach a header, and the only submitted value in one (besides the encoded subject) is
// the checked email address. The Message-ID is the message's own, the same on every attempt, so
// a mail that is ever sent twice is recognisable as one. It may call config.php (the addresses),
// validation.php and printable.php.
declare(strict_types=1);

require_once __DIR__ . '/config.php';
require_once __DIR__ . '/validation.php';
require_once __DIR__ . '/printable.php';

/** A stored message that can never be sent as it is: retrying will not help. */
final class ContactInvalidMessage extends RuntimeException
{
}

/**
 * @param array<string, mixed> $record a stored message (lib/messages.php)
 * @return array{to: list<string>, from: string, replyTo: string, subject: string, body: string, messageId: string}
 */
function contact_compose(array $config, array $record): array
{
    [$to, $from] = contact_addresses($config);
    // Checked again, so nothing in the store reaches a mail unchecked, however it got there.
    $stored = array_filter(array_intersect_key($record, CONTACT_FIELDS), 'is_string');
    $shown = array_map('contact_compose_earlier', array_keys($stored), $stored);
    [$fields, $invalid] = contact_validate(array_combine(array_keys($stored), $shown));
    if ($invalid !== []) {
        throw new ContactInvalidMessage('stored message is invalid: ' . implode(', ', $invalid));
    }
    $replyTo = $fields['email'];
    $origin = contact_origin_lines($record);
    $subject = $fields['subject'];
    $optional = static fn (string $name): string => $fields[$name] === '' ? '(not given)' : $fields[$name];
    $lines = [
        'New message from the contact form of the website.',
        '',
        'First name: ' . $fields['firstName'],
        'Last name:  ' . $fields['lastName'],
        'Email:      ' . $replyTo,
        'Company:    ' . $optional('company'),
        'Subject:    ' . $subject,
        'Phone:      ' . $optional('phone'),
        ...$origin,
        '',
        'Message:',
        $fields['message'],
        '',
        '--',
        'Received ' . gmdate('Y-m-d H:i', (int) $record['received_at']) . ' UTC, reference ' . $record['id'] . '.',
        'Reply to this email to answer the sender.',
    ];
    return [
        'to' => $to,
        'from' => $from,
        'replyTo' => $replyTo,
        'subject' => contact_subject($fields),
        'body' => preg_replace('/\r\n?|\n/', "\r\n", implode("\n", $lines)),
        'messageId' => '<' . $record['id'] . '@' . substr(strrchr($from, '@'), 1) . '>',
    ];
}

/**
 * What an earlier version let into the store and this one refuses, a C1 control or a direction
 * override or isolate in any field or a lone CR in the message, shown escaped as admin.php shows
 * it: that visitor was thanked, so the lead is mailed. Anything no version ever took (a line
 * break in a one-line field) stays refused.
 */
function contact_compose_earlier(string $name, string $value): string
{
    $earlier = '[\x{80}-\x{9F}' . CONTACT_BIDI_CONTROLS . ']';
    $earlier = $name === 'message' ? "/$earlier|\r(?!\n)/u" : "/$earlier/u";
    return preg_replace_callback($earlier, static fn (array $control): string => contact_printable($control[0]), $value) ?? $value;
}

/**
 * Where the lead came from, for the mail: the page that led to the form and the campaign the
 * visit landed from.
 *
 * @param array<string, mixed> $record
 * @return list<string>
 */
function contact_origin_lines(array $record): array
{
    ['source' => $source, 'campaign' => $tags] = contact_lead_origin($record);
    $campaign = implode(', ', array_map(static fn (string $name, string $value): string => "$name=$value", array_keys($tags), $tags));
    return ['Came from:  ' . ($source ?? '(not known: the form was opened directly)'), 'Campaign:   ' . ($campaign === '' ? '(none)' : $campaign)];
}

/**
 * The mail's subject names the sender, so the team sees who wrote in the inbox list:
 * "New enquiry: Ana Petrova (Blue Line Shipping): VSAT for two vessels", without the brackets
 * when no company was given, with the spec's default subject when none was.
 *
 * @param array<string, string> $fields validated: single-line, so nothing here can start a header
 */
function contact_subject(array $fields): string
{
    $sender = "{$fields['firstName']} {$fields['lastName']}" . ($fields['company'] === '' ? '' : " ({$fields['company']})");
    return "New enquiry: $sender: " . ($fields['subject'] === '' ? CONTACT_DEFAULT_SUBJECT : $fields['subject']);
}

/** RFC 2047 "B" encoding: words of 39 bytes (64 characters), so even "Subject: " and the first word fit in 76. */
function contact_encode_header(string $text): string
{
    $words = [];
    $chunk = '';
    foreach (preg_split('//u', $text, -1, PREG_SPLIT_NO_EMPTY) ?: [] as $char) {
        if (strlen($chunk . $char) > 39) {
            $words[] = $chunk;
            $chunk = '';
        }
        $chunk .= $char;
    }
    $words[] = $chunk;
    return implode("\r\n ", array_map(static fn (string $word): string => '=?UTF-8?B?' . base64_encode($word) . '?=', $words));
}

/**
 * Headers and body of the mail, for the outbox and mail() transports.
 *
 * @return array{headers: array<string, string>, body: string}
 */
function contact_mime(array $mail): array
{
    return [
        'headers' => [
            'Date' => date(DATE_RFC2822),
            'From' => $mail['from'],
            'To' => implode(', ', $mail['to']),
            'Reply-To' => $mail['replyTo'],
            'Subject' => contact_encode_header($mail['subject']),
            'Message-ID' => $mail['messageId'],
            'MIME-Version' => '1.0',
            'Content-Type' => 'text/plain; charset=UTF-8',
            'Content-Transfer-Encoding' => 'quoted-printable',
        ],
        'body' => quoted_printable_encode($mail['body']),
    ];
}
