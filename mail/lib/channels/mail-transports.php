<?php
// The mail channel's three ways out, chosen by MAIL_TRANSPORT. Each throws when the mail did not
// leave. The outbox's files are the mail's copies of a lead: retention and erasure delete them
// too. It may call compose.php (the MIME form), location.php (the outbox's private folder) and
// smtp-deadline.php.
declare(strict_types=1);

require_once __DIR__ . '/../compose.php';
require_once __DIR__ . '/../location.php';

function contact_transport_send(array $config, array $mail): void
{
    match ($config['MAIL_TRANSPORT']) {
        'outbox' => contact_send_outbox($config, $mail),
        'mail' => contact_send_mail($mail),
        'smtp' => contact_send_smtp($config, $mail),
        default => throw new RuntimeException('unknown MAIL_TRANSPORT: use outbox, mail or smtp'),
    };
}

/** Writes the mail as an .eml file (written aside, then renamed, so readers never see half). */
function contact_send_outbox(array $config, array $mail): void
{
    $dir = $config['MAIL_OUTBOX_DIR'];
    // The endpoint makes the store's folder; the command line (check --send-test) would make it as
    // whoever runs it, perhaps root.
    if (PHP_SAPI === 'cli' && !is_dir($config['MAIL_STORAGE_DIR'])) {
        throw new RuntimeException("there is no store yet: the endpoint makes {$config['MAIL_STORAGE_DIR']} with the first message");
    }
    contact_private_dir($dir);
    $mime = contact_mime($mail);
    $raw = '';
    foreach ($mime['headers'] as $name => $value) {
        $raw .= "$name: $value\r\n";
    }
    $raw .= "\r\n" . $mime['body'] . "\r\n";
    $id = substr($mail['messageId'], 1, strpos($mail['messageId'], '@') - 1);
    $file = contact_outbox_file($config, $id);
    $temp = "$dir/.$id.tmp";
    if (file_put_contents($temp, $raw) !== strlen($raw) || !rename($temp, $file)) {
        @unlink($temp);
        throw new RuntimeException('cannot write to the outbox');
    }
}

/** Where the outbox transport keeps a message's mail. */
function contact_outbox_file(array $config, string $id): string
{
    return $config['MAIL_OUTBOX_DIR'] . "/$id.eml";
}

/** PHP's mail(): the local sendmail. No fifth parameter: nothing submitted reaches its command. */
function contact_send_mail(array $mail): void
{
    $mime = contact_mime($mail);
    $headers = $mime['headers'];
    $to = $headers['To'];
    $subject = $headers['Subject'];
    unset($headers['To'], $headers['Subject']);
    if (!mail($to, $subject, $mime['body'], $headers)) {
        throw new RuntimeException('mail() failed');
    }
}

/** Seconds one SMTP attempt may take in all (connecting, every command, the message), and to connect. */
const CONTACT_SMTP_DEADLINE = 8;
const CONTACT_SMTP_CONNECT_TIMEOUT = 5;

/** SMTP through PHPMailer, from Composer (mail/vendor) or Debian's libphp-phpmailer. */
function contact_send_smtp(array $config, array $mail): void
{
    $mailer = contact_smtp_mailer($config);
    $mailer->CharSet = \PHPMailer\PHPMailer\PHPMailer::CHARSET_UTF8;
    $mailer->Encoding = \PHPMailer\PHPMailer\PHPMailer::ENCODING_QUOTED_PRINTABLE;
    $mailer->XMailer = ' ';
    $mailer->MessageID = $mail['messageId'];
    $mailer->setFrom($mail['from']);
    foreach ($mail['to'] as $to) {
        $mailer->addAddress($to);
    }
    $mailer->addReplyTo($mail['replyTo']);
    $mailer->isHTML(false);
    $mailer->Subject = $mail['subject'];
    $mailer->Body = $mail['body'];
    contact_smtp_step($mailer, $mailer->send(...));
}

/** Runs a PHPMailer step that throws or returns false on failure; one cut short by the deadline says so. */
function contact_smtp_step(\PHPMailer\PHPMailer\PHPMailer $mailer, callable $step): void
{
    $failure = null;
    try {
        if ($step() !== false) {
            return;
        }
    } catch (\PHPMailer\PHPMailer\Exception $error) {
        $failure = $error;
    }
    $smtp = $mailer->getSMTPInstance();
    if ($smtp instanceof ContactDeadlineSmtp && $smtp->timedOut) {
        throw new RuntimeException('the SMTP server did not answer within ' . CONTACT_SMTP_DEADLINE . ' s', 0, $failure);
    }
    throw $failure ?? new RuntimeException("could not connect to the SMTP server $mailer->Host:$mailer->Port");
}

/** A PHPMailer set up for the configured SMTP server, whose attempt ends CONTACT_SMTP_DEADLINE seconds from now. */
function contact_smtp_mailer(array $config): \PHPMailer\PHPMailer\PHPMailer
{
    if (!class_exists(\PHPMailer\PHPMailer\PHPMailer::class)) {
        foreach ([dirname(__DIR__, 2) . '/vendor/autoload.php', '/usr/share/php/libphp-phpmailer/autoload.php'] as $autoload) {
            if (is_file($autoload)) {
                require_once $autoload;
                break;
            }
        }
    }
    if (!class_exists(\PHPMailer\PHPMailer\PHPMailer::class)) {
        throw new RuntimeException('PHPMailer is not installed: composer require phpmailer/phpmailer in mail/');
    }
    require_once __DIR__ . '/../smtp-deadline.php';
    // The same address check as the form's, so PHPMailer accepts what the form accepted.
    \PHPMailer\PHPMailer\PHPMailer::$validator = 'php';
    $mailer = new \PHPMailer\PHPMailer\PHPMailer(true);
    $mailer->isSMTP();
    $mailer->setSMTPInstance(new ContactDeadlineSmtp(hrtime(true) + CONTACT_SMTP_DEADLINE * 1_000_000_000));
    $mailer->Timeout = CONTACT_SMTP_CONNECT_TIMEOUT;
    $mailer->Host = $config['SMTP_HOST'];
    $mailer->Port = (int) $config['SMTP_PORT'];
    if ($config['SMTP_USER'] !== '') {
        $mailer->SMTPAuth = true;
        $mailer->Username = $config['SMTP_USER'];
        $mailer->Password = $config['SMTP_PASS'];
    }
    $secure = strtolower($config['SMTP_SECURE']);
    if ($secure === 'ssl' || $secure === 'smtps') {
        $mailer->SMTPSecure = \PHPMailer\PHPMailer\PHPMailer::ENCRYPTION_SMTPS;
    } elseif ($secure === 'tls' || $secure === 'starttls') {
        $mailer->SMTPSecure = \PHPMailer\PHPMailer\PHPMailer::ENCRYPTION_STARTTLS;
    } else {
        $mailer->SMTPSecure = '';
        $mailer->SMTPAutoTLS = false;
    }
    return $mailer;
}
