#!/usr/bin/env bash
# Installs what the site and its tests need, that is missing only: the one list, which .ci/run
# uses too. The Debian/Ubuntu packages: `npm start` and `npm run dev` need only the first five (PHP
# with SQLite, curl and mbstring, and PHPMailer); the rest is for `npm test`. Then Node 24, from
# the npm registry, where the machine's is older. Run it as root or with sudo rights.
set -euo pipefail

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

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
# npm, to fetch Node 24 below where the machine has no Node at all.
command -v npm >/dev/null 2>&1 || need+=(npm)

if [ ${#need[@]} -eq 0 ]; then
  echo "setup: every Debian package the site and its tests need is installed."
elif ! command -v apt-get >/dev/null 2>&1; then
  echo "setup: no apt-get here; install the equivalents of these Debian packages: ${need[*]}" >&2
  exit 1
else
  echo "setup: installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

# Node 24 LTS (package.json's engines). Where the first node on PATH is older, the npm registry's
# build of Node, the package node-linux-<arch> (a plain copy of nodejs.org's, no install script),
# goes into /usr/local: /usr/local/bin/node, which a default PATH puts before /usr/bin, and which
# .ci/run puts first in any case. npm stays the machine's; it runs on whichever node is first.
node_version=24.21.0
node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(node_major node)" -ge 24 ]; then
  echo "setup: Node $(node --version), at $(command -v node)."
  exit 0
fi
if [ "$(node_major /usr/local/bin/node)" -lt 24 ]; then
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64) arch=arm64 ;;
    *) echo "setup: no Node build for $(uname -m) on the npm registry; install Node 24 another way" >&2; exit 1 ;;
  esac
  echo "setup: installing Node $node_version from the npm registry (node-linux-$arch) into /usr/local"
  $sudo npm install --global --prefix /usr/local --no-audit --no-fund --loglevel=error "node-linux-$arch@$node_version"
fi
echo "setup: Node $(/usr/local/bin/node --version), at /usr/local/bin/node."
if [ "$(node_major node)" -lt 24 ]; then
  echo "setup: the first node on this PATH is $(command -v node) ($(node --version)): put /usr/local/bin before $(dirname "$(command -v node)") (.ci/run does)." >&2
fi
