<?php
// Router for PHP's built-in server (`npm start`): the same rules as public/.htaccess, so the
// local site behaves like the Apache host. Keep the two in step.
declare(strict_types=1);

$root = rtrim($_SERVER['DOCUMENT_ROOT'], '/');
$uri = $_SERVER['REQUEST_URI'];
$path = rawurldecode(parse_url($uri, PHP_URL_PATH) ?: '/');
$query = parse_url($uri, PHP_URL_QUERY);
$suffix = $query ? "?$query" : '';

$notFound = static function () use ($root): bool {
    http_response_code(404);
    header('Content-Type: text/html; charset=utf-8');
    readfile("$root/404.html");
    return true;
};
$redirect = static function (string $to) use ($suffix): bool {
    header("Location: $to$suffix", true, 301);
    return true;
};

// Dotfiles and everything in mail/ but the endpoint and its health check are private.
if (str_contains($path, '/.') || preg_match('#^/mail/(?!(send|health)\.php$)#', $path)) {
    return $notFound();
}
// /about.html → /about and /index.html → /.
if (preg_match('#^/(.+)\.html$#', $path, $match)) {
    return $redirect($match[1] === 'index' ? '/' : "/$match[1]");
}
// /about/ → /about; the root keeps its slash.
if ($path !== '/' && str_ends_with($path, '/')) {
    return $redirect(rtrim($path, '/'));
}
if ($path === '/') {
    $path = '/index';
}
// Share images are written without an extension (/about/opengraph-image): they are PNGs.
if (str_ends_with($path, '/opengraph-image') && is_file("$root$path")) {
    header('Content-Type: image/png');
    readfile("$root$path");
    return true;
}
if (is_file("$root$path")) {
    // The built-in server serves static files itself and runs mail/send.php and mail/health.php.
    return false;
}
if (is_file("$root$path.html")) {
    header('Content-Type: text/html; charset=utf-8');
    header('Cache-Control: no-cache');
    readfile("$root$path.html");
    return true;
}
return $notFound();
