<?php
// admin.php import-jsonl: the JSON lines store of the version before the database, imported
// (lib/legacy.php). It may call admin/common.php, store.php, database.php and legacy.php.
declare(strict_types=1);

require_once __DIR__ . '/common.php';
require_once __DIR__ . '/../store.php';
require_once __DIR__ . '/../database.php';
require_once __DIR__ . '/../legacy.php';

function admin_import(array $config, ?string $dir): int
{
    $store = contact_store_open($config, true);
    if ($store === null) {
        throw new RuntimeException("{$config['MAIL_STORAGE_DIR']} does not exist");
    }
    if ($dir === null) {
        // Opening the store imports an old one there by itself, the first time.
        $done = contact_store_setting($store, 'jsonl_imported');
        echo $done === null
            ? "No messages.jsonl in {$config['MAIL_STORAGE_DIR']}: nothing to import.\n"
            : "The old store in {$config['MAIL_STORAGE_DIR']} was imported $done. Its files were removed.\n";
        return 0;
    }
    if (!is_file("$dir/messages.jsonl")) {
        echo "No messages.jsonl in $dir.\n";
        return 1;
    }
    $counts = contact_store_import_jsonl($store, $dir);
    echo 'Imported ' . contact_import_summary($counts) . ". $dir is left as it was.\n";
    return 0;
}
