<?php
// Router of PHP's built-in server under `npm run dev`: Next's dev server passes /mail/* here.
// Only the endpoint and its health check answer. Next's proxy forwards the request with this
// server's host and the page's in X-Forwarded-Host: that one is put back, so the endpoint's
// same-origin check sees the page the form was sent from. The server listens on loopback only.
declare(strict_types=1);

$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) ?: '/';
if (!in_array($path, ['/mail/send.php', '/mail/health.php'], true)) {
    http_response_code(404);
    return true;
}
// Nothing else of the working copy is served, as under the project's rules: the endpoint may keep
// its messages in mail/storage, inside this server's document root (lib/location.php).
$_SERVER['NPTS_PRIVATE_RULES'] = '1';
if (isset($_SERVER['HTTP_X_FORWARDED_HOST'])) {
    $_SERVER['HTTP_HOST'] = $_SERVER['HTTP_X_FORWARDED_HOST'];
}
require dirname(__DIR__, 2) . $path;
return true;
