<?php
// For uptime monitors: GET /mail/health.php?token=<MAIL_HEALTH_TOKEN> answers 200 "ok", or 503
// "degraded" when the store cannot be used or lib/health.php finds it unhealthy; details are for
// `php mail/admin.php status`. Without the token it answers like a page that does not exist.
declare(strict_types=1);

ini_set('display_errors', '0');
header_remove('X-Powered-By');

require __DIR__ . '/lib/bootstrap.php';
require_once __DIR__ . '/lib/channels.php';
require_once __DIR__ . '/lib/store.php';
require_once __DIR__ . '/lib/health.php';

try {
    $config = contact_config();
    $token = $config['MAIL_HEALTH_TOKEN'];
} catch (Throwable $error) {
    contact_log('health check: ' . $error->getMessage());
    $token = '';
}
$given = $_GET['token'] ?? null;
if ($token === '' || !is_string($given) || !hash_equals($token, $given) || !in_array($_SERVER['REQUEST_METHOD'] ?? '', ['GET', 'HEAD'], true)) {
    http_response_code(404);
    header('Content-Type: text/html; charset=utf-8');
    $notFound = dirname(__DIR__) . '/404.html';
    if (is_file($notFound)) {
        readfile($notFound);
    }
    exit;
}

try {
    $healthy = contact_health($config, contact_store_open($config), time())['code'] === 0;
} catch (Throwable $error) {
    contact_log('health check: the store cannot be used: ' . $error->getMessage());
    $healthy = false;
}
http_response_code($healthy ? 200 : 503);
header('Content-Type: text/plain; charset=utf-8');
header('Cache-Control: no-store');
echo $healthy ? "ok\n" : "degraded\n";
