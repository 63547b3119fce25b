<?php
// What every door of the mail module loads first (send.php, health.php, deliver.php, admin.php):
// one error policy and one file mode; each door then requires the files of lib/ it uses. Warnings
// become exceptions, so a failed write can never pass for a successful one; notices and
// deprecations are only logged. It may call printable.php.
declare(strict_types=1);

require_once __DIR__ . '/printable.php';

// Everything the endpoint and its commands make is the store group's and nobody else's: the web
// server, cron and the operator write each other's files through the group (folders 2770, files
// 0660; lib/location.php), and other local users read none.
umask(0007);
// PHP keeps the paths it resolved across a server's requests for minutes (realpath_cache_ttl):
// where the operator replaced a folder, or a deploy switched DIR/current, every check of the
// store's place would see what was there before.
clearstatcache(true);

ini_set('display_errors', '0');
ini_set('log_errors', '1');
set_error_handler(static function (int $severity, string $message, string $file, int $line): bool {
    if ((error_reporting() & $severity) === 0) {
        return false;
    }
    if (($severity & (E_NOTICE | E_USER_NOTICE | E_DEPRECATED | E_USER_DEPRECATED)) !== 0) {
        contact_log("mail: $message in $file:$line");
        return true;
    }
    throw new ErrorException($message, 0, $severity, $file, $line);
});

/** deliver.php and admin.php: over HTTP they answer as if they did not exist. */
function contact_command_line_only(): void
{
    if (PHP_SAPI !== 'cli') {
        http_response_code(404);
        exit;
    }
}
