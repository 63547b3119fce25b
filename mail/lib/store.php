<?php
// The lead store: one SQLite database in MAIL_STORAGE_DIR, through PDO (database.php). Opening it
// is the one door to it: the folder made private, the schema brought up to date (schema.php), an
// older store imported or moved in (legacy.php). What is in it: the messages and their
// deliveries (queue.php, messages.php), proofs (proof.php), rate limits (rate-limit.php). It may
// call database.php, schema.php, legacy.php, location.php and printable.php.
declare(strict_types=1);

require_once __DIR__ . '/database.php';
require_once __DIR__ . '/schema.php';
require_once __DIR__ . '/legacy.php';
require_once __DIR__ . '/location.php';
require_once __DIR__ . '/printable.php';

const CONTACT_STORE_FILE = 'messages.sqlite';

function contact_store_file(array $config): string
{
    return $config['MAIL_STORAGE_DIR'] . '/' . CONTACT_STORE_FILE;
}

/**
 * Opens the store, creating, migrating and (once) importing an older JSON lines store as needed.
 * The web creates the storage directory; the command line does not (null when there is none),
 * and runs as the directory's owner (lib/run-as.php), so it never leaves a file the web server
 * cannot write.
 */
function contact_store_open(array $config, bool $commandLine = false): ?PDO
{
    if (!extension_loaded('pdo_sqlite')) {
        throw new RuntimeException('PHP has no pdo_sqlite: install it (Debian, Ubuntu: apt-get install php-sqlite3)');
    }
    // Checked on every web request: a web server's rules can change under a store that exists.
    $problem = $commandLine ? null : contact_location_problem($config, true);
    if ($problem !== null) {
        throw new ContactLocationError($problem);
    }
    $dir = $config['MAIL_STORAGE_DIR'];
    $file = contact_store_file($config);
    if ($commandLine && !is_file($file) && !is_dir($dir)) {
        return null;
    }
    contact_private_dir($dir);
    if (!is_file($file)) {
        // Made here, as SQLite would make it 0640 under the umask: the group writes it too, and
        // the -wal and -shm files SQLite makes beside it take its mode.
        touch($file);
    }
    contact_private_mode($file, 0660);
    $pdo = contact_database_open($file);
    contact_store_migrate($pdo);
    contact_store_move_legacy($config, $pdo);
    try {
        contact_store_upgrade($config, $pdo, $commandLine);
    } catch (Throwable $error) {
        // A failed import must not turn visitors away: the new store works, the health check
        // reports the old one as waiting, and cron or admin.php import it (and say why not).
        if ($commandLine) {
            throw $error;
        }
        contact_log('contact store: importing the old store failed: ' . $error->getMessage());
    }
    return $pdo;
}
