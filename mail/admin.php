<?php
// The operator's command for the contact form's messages, command line only, as the web server's
// user (root is refused: lib/bootstrap.php). `php mail/admin.php help` lists the commands.
// This file parses and dispatches; the commands are in lib/admin/, by concern.
declare(strict_types=1);

require __DIR__ . '/lib/bootstrap.php';
require_once __DIR__ . '/lib/channels.php';
require_once __DIR__ . '/lib/admin/common.php';
require_once __DIR__ . '/lib/admin/check.php';
require_once __DIR__ . '/lib/admin/queue.php';
require_once __DIR__ . '/lib/admin/privacy.php';
contact_command_line_only();

const ADMIN_USAGE = <<<'TEXT'
    Usage: php mail/admin.php COMMAND [OPTIONS]

      check [--send-test]            the configuration and where each value comes from; whether the
                                     store and the mail transport work (--send-test mails MAIL_TO);
                                     exit 1 on a problem, 2 when the store's location is unusable
      config [--json]                the configuration and where each value comes from (--json:
                                     with each default, for programs)
      status                         messages per state; exit 0 healthy, 1 a message waits over an
                                     hour (or, held, over a day) or the held messages are at their
                                     cap, 2 a message is dead or the store cannot be used; names a
                                     dead message 14 days before retention deletes it
      list [--status S] [--since D]  one line per message: id, state, sender, received
      show ID                        one message in full
      release ID                     queue a held message for delivery (sent without a proof of
                                     work: the form without JavaScript, or a script)
      delete ID                      delete one message, with its outbox file
      export --format csv|jsonl [--since D]
                                     every message, to standard output
      retry ID | retry --dead        make that message, or every dead one, due now
      purge --older-than DAYS        delete delivered and dead messages received before then
      erase --email ADDRESS          delete every message from this sender, with its outbox files

    S is held, pending, sending, delivered or dead; D a date such as 2026-11-01 (UTC).

    TEXT;

/** Each command's options: true takes a value, false is a flag. */
const ADMIN_COMMANDS = [
    'check' => ['send-test' => false],
    'config' => ['json' => false],
    'status' => [],
    'list' => ['status' => true, 'since' => true],
    'show' => [],
    'export' => ['format' => true, 'since' => true],
    'release' => [],
    'delete' => [],
    'retry' => ['dead' => false],
    'purge' => ['older-than' => true],
    'erase' => ['email' => true],
    'help' => [],
];
const ADMIN_USAGE_ERROR = 64;

// Every line printed passes through contact_printable(), so nothing from a visitor, a receiver or
// a mail server can steer the terminal; line breaks and tabs stay, and an export means the same.
ob_start(static fn (string $output): string => contact_printable($output, true), 1);

try {
    [$command, $arguments, $options] = admin_parse(array_slice($argv, 1));
    $config = contact_config();
    exit(match ($command) {
        'check' => admin_check($config, isset($options['send-test'])),
        'config' => admin_config(isset($options['json'])),
        'status' => admin_status($config),
        'list' => admin_list($config, admin_state($options['status'] ?? null), admin_since($options['since'] ?? null)),
        'show' => admin_show($config, admin_one($arguments, 'a message id')),
        'export' => admin_export($config, $options['format'] ?? '', admin_since($options['since'] ?? null)),
        'release' => admin_release($config, admin_one($arguments, 'a message id')),
        'delete' => admin_delete($config, admin_one($arguments, 'a message id')),
        'retry' => admin_retry($config, isset($options['dead']) ? null : admin_one($arguments, 'a message id or --dead')),
        'purge' => admin_purge($config, $options['older-than'] ?? ''),
        'erase' => admin_erase($config, (string) ($options['email'] ?? '')),
        'help' => admin_help(),
    });
} catch (AdminUsageError $error) {
    fwrite(STDERR, contact_printable($error->getMessage()) . "\n\n" . ADMIN_USAGE);
    exit(ADMIN_USAGE_ERROR);
} catch (Throwable $error) {
    fwrite(STDERR, 'admin.php: ' . contact_printable($error->getMessage()) . "\n");
    exit(2);
}

/** @return array{0: string, 1: list<string>, 2: array<string, string|true>} */
function admin_parse(array $words): array
{
    $command = array_shift($words) ?? 'help';
    if (!isset(ADMIN_COMMANDS[$command])) {
        throw new AdminUsageError("Unknown command: $command");
    }
    $arguments = [];
    $options = [];
    while (($word = array_shift($words)) !== null) {
        if (preg_match('/^--([a-z-]+)(?:=(.*))?$/s', $word, $match) !== 1) {
            $arguments[] = $word;
            continue;
        }
        $name = $match[1];
        if (!array_key_exists($name, ADMIN_COMMANDS[$command])) {
            throw new AdminUsageError("$command has no option --$name");
        }
        if (!ADMIN_COMMANDS[$command][$name]) {
            $options[$name] = true;
            continue;
        }
        $value = $match[2] ?? array_shift($words);
        if ($value === null || $value === '') {
            throw new AdminUsageError("--$name needs a value");
        }
        $options[$name] = $value;
    }
    return [$command, $arguments, $options];
}

function admin_help(): int
{
    echo ADMIN_USAGE;
    return 0;
}
