<?php
// What every door of the mail module loads first: one error policy (warnings become exceptions, so
// a failed write never passes for a successful one) and one file mode. It may call printable.php.
declare(strict_types=1);

require_once __DIR__ . '/printable.php';

// Everything made is the store group's, through which the web server, cron and the operator write
// each other's files (folders 2770, files 0660), and nobody else's.
umask(0007);
// PHP keeps resolved paths across requests for minutes: a folder replaced, or a deploy's switch,
// would go unseen by the checks of the store's place.
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
