<?php
// Copy to mail/config.php (git-ignored, never served) and fill in. Every key is optional: a key
// left out falls back to the environment variable of the same name (on Apache, SetEnv), then to
// the default shown. With nothing configured, messages are stored and written as .eml files to
// mail/storage/outbox/ instead of being mailed.
return [
    // Who receives the messages; several addresses separated by commas. Default: a placeholder,
    // contact@example.com: set the company's real address.
    'MAIL_TO' => 'contact@example.com',
    // The sender of every notification: an address on the site's own domain, so SPF/DKIM pass.
    // The visitor's address only ever appears in Reply-To. Default: placeholder website@example.com.
    'MAIL_FROM' => 'website@example.com',
    // outbox (default): write .eml files to MAIL_OUTBOX_DIR, nothing is mailed;
    // mail: PHP's mail() through the host's sendmail;
    // smtp: PHPMailer (composer require phpmailer/phpmailer in mail/, or Debian's libphp-phpmailer).
    'MAIL_TRANSPORT' => 'smtp',
    // SMTP server, only for MAIL_TRANSPORT smtp. Defaults: localhost, 587, no login, tls.
    'SMTP_HOST' => 'smtp.example.com',
    'SMTP_PORT' => '587',
    'SMTP_USER' => 'website@example.com',
    'SMTP_PASS' => 'change-me',
    // tls (STARTTLS, usually port 587), ssl (implicit TLS, usually port 465) or none.
    'SMTP_SECURE' => 'tls',
    // Where accepted messages are kept (messages.jsonl, status.jsonl, rate limit files): an
    // absolute path, or relative to mail/. Best outside the web root. Default: mail/storage
    // (protected by a generated deny-all .htaccess).
    'MAIL_STORAGE_DIR' => 'storage',
    // Where the outbox transport writes .eml files. Default: <MAIL_STORAGE_DIR>/outbox.
    'MAIL_OUTBOX_DIR' => 'storage/outbox',
    // Accepted messages per IP address: "count/seconds", or a count per 10 minutes; 0 = no limit.
    'MAIL_RATE_LIMIT' => '5/600',
];
