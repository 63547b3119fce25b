<?php
// For __tests__/mail/layout.test.ts only, prepended to each request of its server with PHP's
// auto_prepend_file: when the request ends, the files PHP loaded for it go to the error log. It
// is never part of mail/, so no host has it.
register_shutdown_function(static function (): void {
    error_log('included ' . ($_SERVER['REQUEST_METHOD'] ?? 'CLI') . ': ' . json_encode(get_included_files(), JSON_UNESCAPED_SLASHES));
});
