<?php
// The contact endpoint. Until delivery is built it refuses every message honestly, so the form
// can show its error instead of pretending the message was sent.
declare(strict_types=1);

header_remove('X-Powered-By');
header('Content-Type: application/json; charset=utf-8');
header('Cache-Control: no-store');
http_response_code(503);
echo json_encode([
    'success' => false,
    'message' => 'Sending messages is not available yet. Please call or email us instead.',
]);
