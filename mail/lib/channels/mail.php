<?php
// The mail channel: each lead mailed to MAIL_TO, composed by compose.php, through MAIL_TRANSPORT
// (channels/mail-transports.php: an outbox folder, PHP's mail() or SMTP). The first channel of
// channels.php, so its delivery's state is the message's own. This file returns the channel's
// contract, which every channel's file returns alike:
//   label     how what the commands print names its deliveries
//   settings  its settings and their defaults: the configuration gives it these (channels.php);
//             the setting that turns a channel on is named in channels.php's list
//   seconds   fn (config): float, the longest one attempt takes (the endpoint's visitor waits for it)
//   problems  fn (config): list<string>, what stops it sending (each a sentence for the operator)
//   send      fn (config, message, seconds): void, one attempt; throws when it failed, and
//             ContactInvalidMessage when it never can succeed
//   files     fn (config, id): array<string, string>, the files it keeps of a message that are
//             there, by name: show lists them; retention, purge, delete and erase delete them first
//   hidden    fn (config): array<string, string>, its settings that check must not print as they
//             are (a password, a URL that is one), as check shows them when they are set
//   check     fn (config, report, sendTest): void, what admin.php check says of it
// It may call compose.php, config.php and channels/mail-transports.php.
declare(strict_types=1);

require_once __DIR__ . '/../compose.php';
require_once __DIR__ . '/../config.php';
require_once __DIR__ . '/mail-transports.php';

/**
 * What stops the mail, each a sentence for the operator: nothing goes to or from a placeholder
 * address, nor through a placeholder server, but into the outbox, which mails nobody.
 * @return list<string>
 */
function contact_mail_problems(array $config): array
{
    $errors = contact_mailer_loaded() ? [] : [CONTACT_NO_PHPMAILER];
    $transport = contact_mail_transport($config);
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

function contact_mail_check_transport(array $config, callable $report): void
{
    switch (contact_mail_transport($config)) {
        case 'outbox':
            $dir = contact_outbox_dir($config);
            $report(!is_dir($dir) || is_writable($dir), "transport outbox: messages are written to $dir as .eml files; nobody is mailed");
            break;
        case 'mail':
            $sendmail = strtok((string) ini_get('sendmail_path'), ' ') ?: '/usr/sbin/sendmail';
            $found = str_contains($sendmail, '/') ? is_executable($sendmail)
                : array_filter(explode(':', (string) getenv('PATH')), static fn (string $dir): bool => is_executable("$dir/$sendmail")) !== [];
            $report($found, "transport mail: PHP's mail() through $sendmail" . ($found ? '' : ', which is missing'));
            break;
        case 'smtp':
            $server = "{$config['SMTP_HOST']}:{$config['SMTP_PORT']}";
            try {
                $mailer = contact_smtp($config, contact_mailer());
                contact_smtp_step($mailer, $mailer->smtpConnect(...));
                $mailer->smtpClose();
                $report(true, "transport smtp: $server answered" . ($config['SMTP_USER'] === '' ? '' : " and accepted the login of {$config['SMTP_USER']}"));
            } catch (Throwable $error) {
                $report(false, "transport smtp: $server: " . $error->getMessage());
            }
            break;
    }
}

/** admin.php check: what stops the mail, whether its transport answers; with --send-test, a test mail to MAIL_TO. */
function contact_mail_check(array $config, callable $report, bool $sendTest): void
{
    $problems = contact_mail_problems($config);
    foreach ($problems as $problem) {
        $report(false, $problem);
    }
    $timeout = contact_config_seconds_warning($config, 'SMTP_TIMEOUT', CONTACT_MAIL_SETTINGS);
    if ($timeout !== null) {
        $report(false, $timeout, 'warn');
    }
    if (!extension_loaded('mbstring')) {
        $report(false, 'PHP has no mbstring: PHPMailer then cuts a long non-Latin subject inside a character, which some mail clients show garbled. Install it (Debian, Ubuntu: apt-get install php-mbstring).', 'warn');
    }
    contact_mail_check_transport($config, $report);
    if (!$sendTest || $problems !== []) {
        return;
    }
    $test = contact_test_lead($config, 'Test message from php mail/admin.php check --send-test', "This test shows that mail from the contact form reaches {$config['MAIL_TO']}.");
    try {
        contact_transport_send($config, contact_compose($config, $test));
        $report(true, "test message {$test['id']} sent to {$config['MAIL_TO']} with " . contact_mail_transport($config));
    } catch (Throwable $error) {
        $report(false, 'the test message was not sent: ' . $error->getMessage());
    }
}

return [
    'label' => 'mail',
    // Every lead is mailed (channels.php): while the configuration stops it, its delivery waits.
    'settings' => CONTACT_MAIL_SETTINGS,
    'seconds' => static fn (array $config): float => contact_config_seconds($config, 'SMTP_TIMEOUT', CONTACT_MAIL_SETTINGS),
    'problems' => contact_mail_problems(...),
    // The first channel: an SMTP attempt always has its own whole deadline.
    'send' => static fn (array $config, array $message, float $seconds) => contact_transport_send($config, contact_compose($config, $message)),
    'files' => static fn (array $config, string $id): array => array_filter(['outbox file' => contact_outbox_file($config, $id)], 'is_file'),
    'hidden' => static fn (array $config): array => ['SMTP_PASS' => '(set, hidden)'],
    'check' => contact_mail_check(...),
];
