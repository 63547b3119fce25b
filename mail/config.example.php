<?php
// Copy to npts-private/config.php beside the web root (DIR/shared/config.php with npm run
// deploy), or to mail/config.php (used only behind the project's rules), and fill in; or name
// another file with the environment variable MAIL_CONFIG. The endpoint, cron (deliver.php) and
// admin.php all read this one file. Environment variables of the same names override it, but
// Apache's SetEnv reaches only the endpoint, never cron: set things here. Every key is optional
// (one left out takes its default); the values below are examples. docs/contact-endpoint.md
// explains each; `php mail/admin.php check` shows what is in effect and what is wrong.
return [
    // Who receives the messages (several: separated by commas), and the sender of each, an address
    // on the site's own domain so SPF/DKIM pass; the visitor's address is only ever the Reply-To.
    // Until both are real, only the outbox transport works (nothing is mailed).
    'MAIL_TO' => 'contact@example.com',
    'MAIL_FROM' => 'website@example.com',
    // outbox (default): .eml files in MAIL_OUTBOX_DIR, nobody is mailed; mail: PHP's mail()
    // through the host's sendmail; smtp: the server below. PHPMailer builds every mail.
    'MAIL_TRANSPORT' => 'smtp',
    // Defaults: localhost, 587, no login, tls (STARTTLS, usually port 587; ssl is implicit TLS,
    // usually 465; or none). The example server, login and password count as unset.
    'SMTP_HOST' => 'smtp.example.com',
    'SMTP_PORT' => '587',
    'SMTP_USER' => 'website@example.com',
    'SMTP_PASS' => 'change-me',
    'SMTP_SECURE' => 'tls',
    // Where the messages are kept (messages.sqlite and the outbox): never under the document root.
    // Default (empty): npts-private beside the web root (with npm run deploy: DIR/shared), made by
    // the web server's user when it can; else make it once: install -d -o www-data -g www-data
    // -m 2770 /var/www/npts/npts-private. Until then messages stay in mail/storage, only behind the
    // project's rules (visitors are asked to call otherwise), and cron moves them once it exists.
    'MAIL_STORAGE_DIR' => '',
    // Default (empty): <MAIL_STORAGE_DIR>/outbox.
    'MAIL_OUTBOX_DIR' => '',
    // Accepted messages per visitor address: "count/seconds", or a count per 10 minutes; 0: none.
    'MAIL_RATE_LIMIT' => '5/600',
    // A reverse proxy's or CDN's addresses or CIDR ranges: only requests from them have the
    // visitor's address taken from X-Forwarded-For. With Apache's mod_remoteip, leave this empty.
    'MAIL_TRUSTED_PROXIES' => '',
    // The team webhook: every lead is POSTed as JSON here too (a Slack or Mattermost incoming
    // webhook), http:// or https:// only, never following a redirect; with a secret, each request
    // is signed (e.g. openssl rand -hex 32). check --send-test posts a test lead. Default: none.
    'MAIL_WEBHOOK_URL' => '',
    'MAIL_WEBHOOK_SECRET' => '',
    // The proof of work's difficulty (at least 1000): messages without one (the form without
    // JavaScript, or a script) are held for you, at most this many and this large (MB) together.
    'MAIL_PROOF_MAXNUMBER' => '50000',
    'MAIL_HELD_MAX_MESSAGES' => '500',
    'MAIL_HELD_MAX_MB' => '10',
    // A message still undelivered this many hours after it came is given up at its next failure.
    'MAIL_GIVE_UP_HOURS' => '72',
    // Every message is deleted this many days after it came, delivered or not. The privacy notice
    // (app/privacy/page.tsx) states this number: change both.
    'MAIL_RETENTION_DAYS' => '180',
    // GET /mail/health.php?token=<this> answers 200 "ok" or 503 "degraded"; without one it does not
    // exist. A long random string (e.g. openssl rand -hex 16).
    'MAIL_HEALTH_TOKEN' => '',
];
