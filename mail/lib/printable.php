<?php
// Text from outside on its way to a terminal, a log, a chat or a mail header: each C0 and C1
// control, each invisible format character (zero-width characters, direction marks, overrides and
// isolates, line and paragraph separators, tags) and each byte of text that is not UTF-8 shows
// escaped (\r, \x1b, \u009b, \u200b, \u202e, \xff), so nothing printed can steer a terminal,
// reverse or hide text, or start a log line of its own. The log and counted nouns are here too.
// It calls nothing.
declare(strict_types=1);

const CONTACT_NAMED_CONTROLS = ["\r" => '\r', "\n" => '\n', "\t" => '\t'];

/**
 * What is shown escaped: C0 and C1 controls, every format character (\p{Cf}: U+200B to U+200F,
 * U+061C, U+2060, U+FEFF, U+202A to U+202E, U+2066 to U+2069, the soft hyphen, the tags, …), the
 * line and paragraph separators, and the whole tag block (not all of it assigned, so not all Cf).
 */
const CONTACT_UNPRINTABLE = '\x00-\x1F\x7F\x{80}-\x{9F}\p{Cf}\x{2028}\x{2029}\x{E0000}-\x{E007F}';

/**
 * A zero-width joiner or non-joiner between two visible characters: what Persian, the Indic
 * scripts and emoji sequences need. In a message's body it stays; anywhere else, or next to a
 * space, an edge or another invisible character, it joins nothing and shows escaped.
 */
const CONTACT_JOINER = '(?<=[^\s\p{C}\p{Z}])[\x{200C}\x{200D}](?=[^\s\p{C}\p{Z}])';

/** @param bool $lines multi-line text (a message's body): line breaks (\n, \r\n), tabs and joiners between letters stay */
function contact_printable(string $text, bool $lines = false): string
{
    if (preg_match('//u', $text) !== 1) {
        $text = preg_replace_callback('/[\x80-\xFF]/', static fn (array $byte): string => sprintf('\x%02x', ord($byte[0])), $text);
    }
    return preg_replace_callback('/(?<joiner>' . CONTACT_JOINER . ')|\r\n|[' . CONTACT_UNPRINTABLE . ']/u', static function (array $match) use ($lines): string {
        $control = $match[0];
        return match (true) {
            $lines && (($match['joiner'] ?? '') !== '' || in_array($control, ["\n", "\r\n", "\t"], true)) => $control,
            $control === "\r\n" => '\r\n',
            isset(CONTACT_NAMED_CONTROLS[$control]) => CONTACT_NAMED_CONTROLS[$control],
            strlen($control) === 1 => sprintf('\x%02x', ord($control)),
            // The others: their JSON escape, \u009b, \u200b, or for a tag a pair, \udb40\udc41
            // (U+E0041), which in an export's JSON line parses back to the same text.
            default => substr(json_encode($control, JSON_THROW_ON_ERROR), 1, -1),
        };
    }, $text);
}

/** error_log() for the mail module: one line, whatever the message holds. */
function contact_log(string $message): void
{
    error_log(contact_printable($message));
}

/** "1 message", "2 messages", "2 webhook deliveries": for what the commands print. */
function contact_count(int $count, string $noun): string
{
    $plural = preg_match('/[^aeiou]y$/', $noun) === 1 ? substr($noun, 0, -1) . 'ies' : "{$noun}s";
    return "$count " . ($count === 1 ? $noun : $plural);
}
