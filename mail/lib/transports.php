<?php
// The three ways out, chosen by MAIL_TRANSPORT. Each throws when the mail did not leave.
declare(strict_types=1);

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
    contact_private_dir($dir);
    $mime = contact_mime($mail);
    $raw = '';
    foreach ($mime['headers'] as $name => $value) {
        $raw .= "$name: $value\r\n";
    }
    $raw .= "\r\n" . $mime['body'] . "\r\n";
    $name = trim($mail['messageId'], '<>');
    $name = substr($name, 0, strpos($name, '@') ?: null);
    $temp = "$dir/.$name.tmp";
    if (file_put_contents($temp, $raw) !== strlen($raw) || !rename($temp, "$dir/$name.eml")) {
        throw new RuntimeException('cannot write to the outbox');
    }
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

/** SMTP through PHPMailer, from Composer (mail/vendor) or Debian's libphp-phpmailer. */
function contact_send_smtp(array $config, array $mail): void
{
    if (!class_exists(\PHPMailer\PHPMailer\PHPMailer::class)) {
        foreach ([dirname(__DIR__) . '/vendor/autoload.php', '/usr/share/php/libphp-phpmailer/autoload.php'] as $autoload) {
            if (is_file($autoload)) {
                require_once $autoload;
                break;
            }
        }
    }
    if (!class_exists(\PHPMailer\PHPMailer\PHPMailer::class)) {
        throw new RuntimeException('PHPMailer is not installed: composer require phpmailer/phpmailer in mail/');
    }
    // The same address check as the form's, so PHPMailer accepts what the form accepted.
    \PHPMailer\PHPMailer\PHPMailer::$validator = 'php';
    $mailer = new \PHPMailer\PHPMailer\PHPMailer(true);
    $mailer->isSMTP();
    $mailer->Host = $config['SMTP_HOST'];
    $mailer->Port = (int) $config['SMTP_PORT'];
    $mailer->Timeout = 15;
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
    $mailer->send();
}
