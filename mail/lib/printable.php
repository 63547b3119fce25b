<?php
// Text from outside on its way to a terminal, a log or a chat: each C0 and C1 control, direction
// override or isolate, and byte of text that is not UTF-8 shows escaped (\r, \x1b, \u009b, \u202e,
// \xff), so nothing printed can steer a terminal, reverse text or start a log line of its own. The
// log and counted nouns are here too. It calls nothing.
declare(strict_types=1);

const CONTACT_NAMED_CONTROLS = ["\r" => '\r', "\n" => '\n', "\t" => '\t'];

/** @param bool $lines multi-line text (a message's body): line breaks (\n, \r\n) and tabs stay */
function contact_printable(string $text, bool $lines = false): string
{
    if (preg_match('//u', $text) !== 1) {
        $text = preg_replace_callback('/[\x80-\xFF]/', static fn (array $byte): string => sprintf('\x%02x', ord($byte[0])), $text);
    }
    return preg_replace_callback('/\r\n|[\x00-\x1F\x7F\x{80}-\x{9F}\x{202A}-\x{202E}\x{2066}-\x{2069}]/u', static function (array $match) use ($lines): string {
        $control = $match[0];
        return match (true) {
            $lines && in_array($control, ["\n", "\r\n", "\t"], true) => $control,
            $control === "\r\n" => '\r\n',
            isset(CONTACT_NAMED_CONTROLS[$control]) => CONTACT_NAMED_CONTROLS[$control],
            strlen($control) === 1 => sprintf('\x%02x', ord($control)),
            // U+0080 to U+009F and the direction controls: their JSON escape, \u009b or \u202e.
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
