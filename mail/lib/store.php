<?php
// The lead store, one SQLite database in MAIL_STORAGE_DIR, and its one door: the folder made
// private, the schema's version read once (another is refused, its file left as it is), the tables
// made in a new store, and on the command line a store in mail/storage moved in (store-move.php,
// loaded only there). The messages and deliveries are queue.php's and messages.php's. It may call
// database.php, schema.php, store-move.php, location.php and config.php.
declare(strict_types=1);

require_once __DIR__ . '/database.php';
require_once __DIR__ . '/schema.php';
require_once __DIR__ . '/location.php';
require_once __DIR__ . '/config.php';

const CONTACT_STORE_FILE = 'messages.sqlite';

/** The store may not, or cannot, be used until the operator acts: the message says why and how. */
final class ContactStoreUnusable extends RuntimeException
{
}

function contact_store_file(array $config): string
{
    return $config['MAIL_STORAGE_DIR'] . '/' . CONTACT_STORE_FILE;
}

/** Opens the store, making it when there is none; the command line makes no folder (null: there is none). */
function contact_store_open(array $config, bool $commandLine = false): ?PDO
{
    if (!extension_loaded('pdo_sqlite')) {
        throw new RuntimeException('PHP has no pdo_sqlite: install it (Debian, Ubuntu: apt-get install php-sqlite3)');
    }
    // Checked on every web request: a web server's rules can change under a store that exists.
    $problem = $commandLine ? null : contact_location_problem($config, true);
    if ($problem !== null) {
        throw new ContactStoreUnusable($problem);
    }
    $dir = $config['MAIL_STORAGE_DIR'];
    $file = contact_store_file($config);
    if ($commandLine && !is_file($file) && !is_dir($dir)) {
        return null;
    }
    contact_private_dir($dir);
    if (!is_file($file)) {
        // Made here, 0660 (SQLite would make it 0640): its -wal and -shm files take its mode.
        touch($file);
    }
    $pdo = contact_database_open($file, contact_config_seconds($config, 'MAIL_LOCK_TIMEOUT'));
    $version = (int) $pdo->query('PRAGMA user_version')->fetchColumn();
    if ($version !== 0 && $version !== CONTACT_SCHEMA_VERSION) {
        throw new ContactStoreUnusable("$file is a store of schema version $version, which this code does not read (it reads " . CONTACT_SCHEMA_VERSION . '), so it is left as it is. Fix: move it away, and a new store is made.');
    }
    contact_private_mode($file, 0660);
    contact_database_tune($pdo);
    if ($version === 0) {
        contact_schema_create($pdo);
    }
    if ($commandLine) {
        require_once __DIR__ . '/store-move.php';
        contact_store_move_in($config, $pdo);
    }
    return $pdo;
}
