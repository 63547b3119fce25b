<?php
// The move of the store the endpoint keeps in mail/storage while npts-private cannot be made into
// the store's own folder once that exists, by the command line, never a request: copied first,
// deleted once all of it is here, under a lock, so a crash or a second run loses nothing and
// copies nothing twice. It may call database.php, schema.php, paths.php, location.php and printable.php.
declare(strict_types=1);

require_once __DIR__ . '/database.php';
require_once __DIR__ . '/schema.php';
require_once __DIR__ . '/paths.php';
require_once __DIR__ . '/location.php';
require_once __DIR__ . '/printable.php';

function contact_store_move_in(array $config, PDO $pdo): void
{
    $from = contact_mail_storage();
    $dir = $config['MAIL_STORAGE_DIR'];
    if (contact_real_path($dir) === contact_real_path($from) || !contact_store_present($from)) {
        return;
    }
    // The lock file stays: removing it would let two processes lock two different files.
    $lock = fopen("$dir/move.lock", 'c');
    flock($lock, LOCK_EX);
    try {
        // Another process may have moved it while this one waited: look again, not in PHP's cache.
        clearstatcache();
        if (!contact_store_present($from)) {
            return;
        }
        $copied = contact_store_copy_from($pdo, "$from/messages.sqlite");
        $mails = glob("$from/outbox/*.eml") ?: [];
        foreach ($mails as $eml) {
            $to = contact_outbox_dir($config) . '/' . basename($eml);
            contact_private_dir(dirname($to));
            // Written aside and renamed: never half a file, and one copied before stays as it is.
            if (!is_file($to) && (!copy($eml, "$to.tmp") || !rename("$to.tmp", $to))) {
                throw new RuntimeException("cannot copy $eml to $to");
            }
        }
        array_map('unlink', [...$mails, ...(glob("$from/messages.sqlite*") ?: [])]);
        contact_log("contact store: moved $from (inside the web root) to $dir: " . contact_count($copied, 'message') . ', ' . contact_count(count($mails), 'outbox file'));
        // What is left (.htaccess) holds no message; a folder that will not go is harmless.
        array_map(static fn (string $file): bool => @unlink($file), glob("$from/{outbox/,}{*,.htaccess}", GLOB_BRACE) ?: []);
        @rmdir("$from/outbox");
        @rmdir($from);
    } finally {
        flock($lock, LOCK_UN);
        fclose($lock);
    }
}

/** Copies the store in $file's messages, deliveries and settings that are not here yet, in one transaction. @return int the messages copied */
function contact_store_copy_from(PDO $pdo, string $file): int
{
    $pdo->prepare('ATTACH DATABASE ? AS other')->execute([$file]);
    try {
        $version = (int) $pdo->query('PRAGMA other.user_version')->fetchColumn();
        if ($version !== CONTACT_SCHEMA_VERSION) {
            throw new RuntimeException("$file is a store of schema version $version, which this code does not read (it reads " . CONTACT_SCHEMA_VERSION . '), so it is left where it is. Fix: move it away.');
        }
        return contact_store_transaction($pdo, static function (PDO $pdo): int {
            // The deliveries first: which messages are new here is known only until they are copied.
            $pdo->exec('INSERT INTO main.deliveries SELECT * FROM other.deliveries WHERE message_id NOT IN (SELECT id FROM main.messages)');
            $copied = $pdo->exec('INSERT INTO main.messages SELECT * FROM other.messages WHERE id NOT IN (SELECT id FROM main.messages)');
            // This store's own keys stay: proofs signed with them are out there.
            $pdo->exec("INSERT OR IGNORE INTO main.settings SELECT * FROM other.settings WHERE name <> 'proof_secret'");
            return (int) $copied;
        });
    } finally {
        $pdo->exec('DETACH DATABASE other');
    }
}
