#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages the site and its tests need, those missing only: the one
# list, which .ci/run uses too. `npm start` and `npm run dev` need only the first five (PHP with
# SQLite, curl and mbstring, and PHPMailer); the rest is for `npm test`. Run it as root or with sudo rights.
set -euo pipefail

need=()
command -v php >/dev/null 2>&1 || need+=(php-cli)
# The contact endpoint's store is SQLite through PDO.
php -m 2>/dev/null | grep -qx pdo_sqlite || need+=(php-sqlite3)
# The team webhook is sent with PHP's curl extension.
php -m 2>/dev/null | grep -qx curl || need+=(php-curl)
# PHPMailer builds every mail the endpoint sends, with mbstring for subjects in other scripts.
[ -f /usr/share/php/libphp-phpmailer/autoload.php ] || need+=(libphp-phpmailer)
php -m 2>/dev/null | grep -qx mbstring || need+=(php-mbstring)
[ -x /usr/sbin/apache2 ] || need+=(apache2)
ls /usr/lib/apache2/modules/libphp*.so >/dev/null 2>&1 || need+=(libapache2-mod-php)
[ -x /usr/bin/chromium ] || need+=(chromium)
# The TLS delivery tests make a certificate with openssl.
command -v openssl >/dev/null 2>&1 || need+=(openssl)
# Firefox and WebKit for the browser tests in other engines; WebKit runs in an Xvfb display.
[ -x /usr/bin/firefox-esr ] || need+=(firefox-esr)
[ -x /usr/bin/WebKitWebDriver ] || need+=(webkit2gtk-driver)
command -v Xvfb >/dev/null 2>&1 || need+=(xvfb)
# nginx and PHP-FPM: the server-facing browser tests run against docs/nginx.conf as well.
[ -x /usr/sbin/nginx ] || need+=(nginx)
ls /usr/sbin/php-fpm* >/dev/null 2>&1 || need+=(php-fpm)
# nginx serves the build's Brotli twins with its Brotli module, as docs/nginx.conf asks.
[ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || need+=(libnginx-mod-http-brotli-static)
# npm run deploy's tests publish over a real sshd on loopback with rsync.
[ -x /usr/sbin/sshd ] || need+=(openssh-server)
command -v rsync >/dev/null 2>&1 || need+=(rsync)
# The service sheets' tests read the PDFs with pdftotext, pdfinfo and pdffonts.
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
# Java for the W3C Nu HTML Checker (npm run check:html, the npm package vnu-jar).
command -v java >/dev/null 2>&1 || need+=(default-jre-headless)
# The contact endpoint's tests trace what a command started as root opens (it must refuse first).
command -v strace >/dev/null 2>&1 || need+=(strace)

if [ ${#need[@]} -eq 0 ]; then
  echo "setup: every package the site and its tests need is installed."
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup: no apt-get here; install the equivalents of these Debian packages: ${need[*]}" >&2
  exit 1
fi
echo "setup: installing ${need[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq "${need[@]}" >/dev/null
