<?php
// Copy to npts-private/config.php beside the web root (DIR/shared/config.php with npm run
// deploy), or to mail/config.php (used only behind the project's rules), and fill in; or name
// another file with the environment variable MAIL_CONFIG. The web endpoint, cron (deliver.php) and the operator's command
// (admin.php) all read this one file, so they agree on where the messages are and where they go. Environment variables of the same names override it,
// but Apache's SetEnv reaches only the web endpoint, never cron: set things here.
// Every key is optional: one left out takes the default its comment names. The values below are
// examples to replace. `php mail/admin.php check` shows what is in effect and what is wrong.
return [
    // Who receives the messages; several addresses separated by commas. Default: the placeholder
    // contact@example.com. Until it is set, only the outbox transport works (nothing is mailed).
    'MAIL_TO' => 'contact@example.com',
    // The sender of every notification: an address on the site's own domain, so SPF/DKIM pass.
    // The visitor's address only ever appears in Reply-To. Default: the placeholder website@example.com.
    'MAIL_FROM' => 'website@example.com',
    // outbox (default): write .eml files to MAIL_OUTBOX_DIR, nothing is mailed;
    // mail: PHP's mail() through the host's sendmail;
    // smtp: PHPMailer (composer require phpmailer/phpmailer in mail/, or Debian's libphp-phpmailer).
    'MAIL_TRANSPORT' => 'smtp',
    // SMTP server, only for MAIL_TRANSPORT smtp. Defaults: localhost, 587, no login, tls. One
    // attempt takes at most 8 seconds, however slow the server, so a visitor never waits longer.
    // The example server, login and password below count as unset: check fails until replaced.
    'SMTP_HOST' => 'smtp.example.com',
    'SMTP_PORT' => '587',
    'SMTP_USER' => 'website@example.com',
    'SMTP_PASS' => 'change-me',
    // tls (STARTTLS, usually port 587), ssl (implicit TLS, usually port 465) or none.
    'SMTP_SECURE' => 'tls',
    // Where the messages are kept: the SQLite database messages.sqlite (with its -wal and -shm
    // files) and the outbox. Never under the web server's document root, where a server that
    // ignores .htaccess (Debian's Apache default) or serves every file would hand them to anyone.
    // Default (empty): npts-private, a folder beside the web root (for /var/www/npts/html:
    // /var/www/npts/npts-private; with npm run deploy: DIR/shared), made by the web server's user
    // when it can. Where it cannot, make it once:
    // install -d -o www-data -g www-data -m 2770 /var/www/npts/npts-private. Until then the
    // endpoint keeps messages in mail/storage only when it sees the project's rules applied, and
    // otherwise asks visitors to call; the next deliver.php run after npts-private exists moves
    // it there. An absolute path, or relative to mail/; the web server's user must write it.
    'MAIL_STORAGE_DIR' => '',
    // Where the outbox transport writes .eml files. Default (empty): <MAIL_STORAGE_DIR>/outbox.
    'MAIL_OUTBOX_DIR' => '',
    // Accepted messages per visitor address: "count/seconds", or a count per 10 minutes; 0 = no
    // limit. The address is kept only as a keyed hash, and only until its window ends.
    'MAIL_RATE_LIMIT' => '5/600',
    // Only when the request comes from one of these addresses or CIDR ranges (a reverse proxy,
    // a CDN) is the visitor's address taken from X-Forwarded-For: its right-most entry that is not
    // one of them. Default: none. With Apache's mod_remoteip, leave this empty.
    'MAIL_TRUSTED_PROXIES' => '',
    // The team webhook: every lead is POSTed as JSON to this address too, e.g. a Slack or
    // Mattermost incoming webhook ({"text": one line for people, "lead": the lead for programs}).
    // Its own delivery, retried and given up like the mail's, never repeating it. http:// or
    // https:// only, and check warns of http:// to another machine (leads would cross the network
    // unencrypted); redirects are not followed. One attempt takes at most 5 seconds. Default:
    // none. php mail/admin.php check --send-test posts a test lead.
    'MAIL_WEBHOOK_URL' => '',
    // With a secret, each request carries X-NPTS-Timestamp: <unix time> and X-NPTS-Signature:
    // sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">, so the receiver can tell it came from this
    // site and refuse a replay (docs/contact-endpoint.md shows the check; e.g. openssl rand -hex
    // 32). Default: none.
    'MAIL_WEBHOOK_SECRET' => '',
    // Spam protection: every message sent with JavaScript carries a proof of work, a hash the
    // visitor's browser finds by trying numbers up to this one (half of them on average) while
    // the visitor types; a script must do the same work for each message. Messages posted
    // without one (the form without JavaScript, or a script) are held for you: php
    // mail/admin.php list --status held, then release ID or delete ID. At least 1000; there is
    // no switch that turns the check off. Default: 50000 (docs/performance.md: solving times).
    'MAIL_PROOF_MAXNUMBER' => '50000',
    // How many held messages (sent without a proof of work) may wait for you, and how large they
    // may be together: a flood of them from many addresses can never fill the disk. At either
    // cap a form sent without JavaScript is turned away and its visitor asked to call or write;
    // status and the health check say so until you release or delete held messages. Messages
    // with a proof are never affected. Defaults: 500 and 10 (MB).
    'MAIL_HELD_MAX_MESSAGES' => '500',
    'MAIL_HELD_MAX_MB' => '10',
    // Failed attempts are retried after 10 min, 30 min, 2 h, 6 h, then daily. A message still not
    // delivered this many hours after it came is given up ("dead") at its next failure, and
    // listed until someone acts (php mail/admin.php retry ID). 0: at its first failure. Default: 72.
    'MAIL_GIVE_UP_HOURS' => '72',
    // Delivered and dead (given up) messages, and their outbox files, are deleted this many days
    // after they came; status names a dead one 14 days before. Default: 180. The privacy notice
    // (app/privacy/page.tsx) states this number: change both.
    'MAIL_RETENTION_DAYS' => '180',
    // For an uptime monitor: GET /mail/health.php?token=<this> answers 200 "ok" or 503 "degraded".
    // Use a long random string (e.g. openssl rand -hex 16). Default: none, and then the check
    // does not exist.
    'MAIL_HEALTH_TOKEN' => '',
];
