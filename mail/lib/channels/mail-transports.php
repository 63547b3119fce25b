<?php
// The mail channel's three ways out (MAIL_TRANSPORT) for the message compose.php built: an .eml
// file in the outbox, PHP's mail(), or SMTP; each throws when the mail did not leave; and the
// channel's settings. It may call compose.php, config.php, location.php (the outbox's private
// folder) and smtp-deadline.php.
declare(strict_types=1);

require_once __DIR__ . '/../compose.php';
require_once __DIR__ . '/../config.php';
require_once __DIR__ . '/../location.php';

use PHPMailer\PHPMailer\PHPMailer;

/** The mail channel's settings and their defaults (its contract, channels/mail.php, gives them). */
const CONTACT_MAIL_SETTINGS = [
    'MAIL_TO' => 'contact@example.com',
    'MAIL_FROM' => 'website@example.com',
    'MAIL_TRANSPORT' => 'outbox',
    // Empty: outbox/ in the store's folder (paths.php).
    'MAIL_OUTBOX_DIR' => '',
    'SMTP_HOST' => 'localhost',
    'SMTP_PORT' => '587',
    'SMTP_USER' => '',
    'SMTP_PASS' => '',
    'SMTP_SECURE' => 'tls',
    // Seconds one SMTP attempt may take in all: docs/contact-endpoint.md, Deadlines.
    'SMTP_TIMEOUT' => '8',
];

/** MAIL_TRANSPORT, as the operator may write it (SMTP, smtp). */
function contact_mail_transport(array $config): string
{
    return strtolower(trim($config['MAIL_TRANSPORT']));
}

function contact_transport_send(array $config, PHPMailer $mail): void
{
    match (contact_mail_transport($config)) {
        'outbox' => contact_send_outbox($config, $mail),
        'mail' => contact_send_mail($mail),
        'smtp' => contact_smtp_step(contact_smtp($config, $mail), $mail->send(...)),
        default => throw new RuntimeException('unknown MAIL_TRANSPORT: use outbox, mail or smtp'),
    };
}

/** Writes the mail as an .eml file (written aside, then renamed, so readers never see half). */
function contact_send_outbox(array $config, PHPMailer $mail): void
{
    $dir = contact_outbox_dir($config);
    // The endpoint makes the store's folder; the command line would make it as whoever runs it.
    if (PHP_SAPI === 'cli' && !is_dir($config['MAIL_STORAGE_DIR'])) {
        throw new RuntimeException("there is no store yet: the endpoint makes {$config['MAIL_STORAGE_DIR']} with the first message");
    }
    contact_private_dir($dir);
    $mail->preSend();
    $raw = rtrim($mail->getSentMIMEMessage(), "\r\n") . "\r\n";
    $id = substr($mail->MessageID, 1, strpos($mail->MessageID, '@') - 1);
    $file = contact_outbox_file($config, $id);
    $temp = "$dir/.$id.tmp";
    if (file_put_contents($temp, $raw) !== strlen($raw) || !rename($temp, $file)) {
        @unlink($temp);
        throw new RuntimeException('cannot write to the outbox');
    }
}

/** PHP's mail(): the local sendmail, with nothing on its command line (compose.php sets no envelope sender). */
function contact_send_mail(PHPMailer $mail): void
{
    $mail->isMail();
    $mail->send();
}

/** Where the outbox transport keeps a message's mail. */
function contact_outbox_file(array $config, string $id): string
{
    return contact_outbox_dir($config) . "/$id.eml";
}

/** Seconds to connect to the SMTP server, within the attempt's SMTP_TIMEOUT. */
const CONTACT_SMTP_CONNECT_TIMEOUT = 5;

/** Runs a PHPMailer step that throws or returns false on failure; one cut short by the deadline says so. */
function contact_smtp_step(PHPMailer $mailer, callable $step): void
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
        throw new RuntimeException(sprintf('the SMTP server did not answer within %g s', $smtp->seconds), 0, $failure);
    }
    throw $failure ?? new RuntimeException("could not connect to the SMTP server $mailer->Host:$mailer->Port");
}

/** $mailer set up for the configured SMTP server, its attempt (connecting, every command, the message) ending SMTP_TIMEOUT seconds from now. */
function contact_smtp(array $config, PHPMailer $mailer): PHPMailer
{
    require_once __DIR__ . '/../smtp-deadline.php';
    $mailer->isSMTP();
    $mailer->setSMTPInstance(new ContactDeadlineSmtp(contact_config_seconds($config, 'SMTP_TIMEOUT', CONTACT_MAIL_SETTINGS)));
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
        $mailer->SMTPSecure = PHPMailer::ENCRYPTION_SMTPS;
    } elseif ($secure === 'tls' || $secure === 'starttls') {
        $mailer->SMTPSecure = PHPMailer::ENCRYPTION_STARTTLS;
    } else {
        $mailer->SMTPSecure = '';
        $mailer->SMTPAutoTLS = false;
    }
    return $mailer;
}
