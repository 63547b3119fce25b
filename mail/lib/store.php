<?php
// The message store: nothing accepted is lost. messages.jsonl holds every accepted message as
// received (one JSON line each, status "pending"); status.jsonl is an append-only log of
// delivery attempts. A message counts as delivered once status.jsonl holds "delivered" for it.
declare(strict_types=1);

/** Creates a directory that the web server never serves (deny-all .htaccess). */
function contact_private_dir(string $dir): void
{
    if (!is_dir($dir) && !mkdir($dir, 0770, true) && !is_dir($dir)) {
        throw new RuntimeException('cannot create a private directory');
    }
    $htaccess = "$dir/.htaccess";
    if (!is_file($htaccess)) {
        $rules = "# Private data of the contact endpoint: never served.\nRequire all denied\n"
            . "<IfModule !mod_authz_core.c>\n  Deny from all\n</IfModule>\n";
        if (file_put_contents($htaccess, $rules) === false) {
            throw new RuntimeException('cannot protect a private directory');
        }
    }
}

function contact_new_id(): string
{
    return gmdate('Ymd\THis\Z') . '-' . bin2hex(random_bytes(6));
}

/** Appends one JSON line under an exclusive lock, so concurrent writers never interleave. */
function contact_append_line(string $file, array $record): void
{
    $line = json_encode($record, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR) . "\n";
    $handle = fopen($file, 'ab');
    if ($handle === false) {
        throw new RuntimeException('cannot open the message store');
    }
    try {
        if (!flock($handle, LOCK_EX)) {
            throw new RuntimeException('cannot lock the message store');
        }
        $written = fwrite($handle, $line);
        fflush($handle);
        flock($handle, LOCK_UN);
        if ($written !== strlen($line)) {
            throw new RuntimeException('cannot write to the message store');
        }
    } finally {
        fclose($handle);
    }
}

/** @return list<array<string, mixed>> the records of a JSON lines file, skipping damaged lines */
function contact_read_lines(string $file): array
{
    if (!is_file($file)) {
        return [];
    }
    $handle = fopen($file, 'rb');
    if ($handle === false) {
        throw new RuntimeException('cannot open the message store');
    }
    $records = [];
    try {
        flock($handle, LOCK_SH);
        while (($line = fgets($handle)) !== false) {
            $record = json_decode($line, true);
            if (is_array($record) && isset($record['id']) && is_string($record['id'])) {
                $records[] = $record;
            }
        }
        flock($handle, LOCK_UN);
    } finally {
        fclose($handle);
    }
    return $records;
}

/**
 * Stores an accepted message under the given id (from contact_new_id()) with status "pending" and returns its record.
 *
 * @param array<string, string> $fields
 */
function contact_store(array $config, string $id, array $fields): array
{
    $record = ['id' => $id, 'time' => gmdate('c'), 'status' => 'pending', 'fields' => $fields];
    contact_append_line($config['MAIL_STORAGE_DIR'] . '/messages.jsonl', $record);
    return $record;
}

function contact_log_status(array $config, string $id, string $status, string $detail = ''): void
{
    $entry = ['id' => $id, 'time' => gmdate('c'), 'status' => $status, 'transport' => $config['MAIL_TRANSPORT']];
    if ($detail !== '') {
        $entry['detail'] = $detail;
    }
    contact_append_line($config['MAIL_STORAGE_DIR'] . '/status.jsonl', $entry);
}

function contact_is_delivered(array $config, string $id): bool
{
    foreach (contact_read_lines($config['MAIL_STORAGE_DIR'] . '/status.jsonl') as $entry) {
        if ($entry['id'] === $id && ($entry['status'] ?? '') === 'delivered') {
            return true;
        }
    }
    return false;
}

/** @return list<array<string, mixed>> stored messages without a "delivered" status, oldest first */
function contact_pending(array $config): array
{
    $delivered = [];
    foreach (contact_read_lines($config['MAIL_STORAGE_DIR'] . '/status.jsonl') as $entry) {
        if (($entry['status'] ?? '') === 'delivered') {
            $delivered[$entry['id']] = true;
        }
    }
    return array_values(array_filter(
        contact_read_lines($config['MAIL_STORAGE_DIR'] . '/messages.jsonl'),
        static fn (array $record): bool => !isset($delivered[$record['id']]) && is_array($record['fields'] ?? null),
    ));
}
