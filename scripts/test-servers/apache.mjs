// Serves out/ through Apache 2.4 with mod_php and the project's own .htaccess, as on the hosting
// the site deploys to. It writes its own minimal configuration under .e2e/ and touches no system
// configuration. Usage: PORT=8080 node scripts/test-servers/apache.mjs   (runs in the foreground)
// For tests of lesser hosts: ALLOW_OVERRIDE=None ignores .htaccess; WITHOUT_MODULES=headers,deflate
// leaves those modules out; SITES (run-dir.mjs) serves several document roots, a port each.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { prepareRunDir, sitesToServe } from './run-dir.mjs';

const sites = sitesToServe(8080);
const modules = '/usr/lib/apache2/modules';
const httpd = ['/usr/sbin/apache2', '/usr/sbin/httpd'].find(existsSync);

if (!httpd || !existsSync(modules)) {
  console.error('Apache 2.4 is not installed. On Debian/Ubuntu: apt-get install -y apache2 libapache2-mod-php');
  process.exit(1);
}
const php = readdirSync(modules).find((name) => /^libphp[\d.]*\.so$/.test(name));
if (!php) {
  console.error('mod_php is not installed. On Debian/Ubuntu: apt-get install -y libapache2-mod-php');
  process.exit(1);
}
const runDir = prepareRunDir('apache', sites);
const asRoot = process.getuid?.() === 0;
const without = process.env.WITHOUT_MODULES?.split(',') ?? [];

const config = `
ServerRoot "${runDir}"
ServerName 127.0.0.1
${sites.map(({ port }) => `Listen 127.0.0.1:${port}`).join('\n')}
PidFile "${runDir}/httpd.pid"
DefaultRuntimeDir "${runDir}"
Mutex file:${runDir} default
ErrorLog "${runDir}/error.log"
LogLevel warn
LogFormat "%h %t \\"%r\\" %>s %b" common
CustomLog "${runDir}/access.log" common
${asRoot ? 'User www-data\nGroup www-data' : ''}

${['mpm_prefork', 'authz_core', 'authz_host', 'dir', 'mime', 'rewrite', 'headers', 'filter', 'deflate', 'env']
  .filter((name) => !without.includes(name))
  .map((name) => `LoadModule ${name}_module ${modules}/mod_${name}.so`)
  .join('\n')}
LoadModule php_module ${modules}/${php}

# Enough idle workers for a browser's six parallel connections (and their keep-alive) from the
# start: prefork adds workers only once a second, which would queue requests behind it and make
# the page look slow when the server is the cause.
StartServers 12
MinSpareServers 12
MaxSpareServers 24
MaxRequestWorkers 64
Timeout 30

TypesConfig /etc/mime.types
<Directory />
  AllowOverride None
  Require all denied
</Directory>
${
  // One site is the server's own document root; several are virtual hosts, which name their own
  // port in the addresses Apache writes (mod_dir's redirect to a folder's slash, say).
  sites.length === 1
    ? `DocumentRoot "${sites[0].docroot}"\n${directory(sites[0])}`
    : sites.map((site) => `<VirtualHost 127.0.0.1:${site.port}>\n  DocumentRoot "${site.docroot}"\n</VirtualHost>\n${directory(site)}`).join('\n')
}
<FilesMatch "\\.php$">
  SetHandler application/x-httpd-php
</FilesMatch>
${Object.entries(process.env)
  .filter(([name, value]) => /^(MAIL|SMTP)_/.test(name) && value)
  .map(([name, value]) => `SetEnv ${name} "${String(value).replace(/"/g, '\\"')}"`)
  .join('\n')}
`;
function directory({ docroot, allowOverride }) {
  return `<Directory "${docroot}">
  Options FollowSymLinks
  AllowOverride ${allowOverride}
  Require all granted
</Directory>`;
}

const configFile = resolve(runDir, 'httpd.conf');
writeFileSync(configFile, config);

const check = spawnSync(httpd, ['-f', configFile, '-t'], { encoding: 'utf8' });
if (check.status !== 0) {
  console.error(check.stderr || check.stdout);
  process.exit(1);
}

const server = spawn(httpd, ['-f', configFile, '-DFOREGROUND'], { stdio: 'inherit' });
for (const { port, docroot } of sites) console.log(`Apache serves ${docroot} at http://127.0.0.1:${port}/ (logs in ${runDir})`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill('SIGTERM'));
server.on('exit', (code) => process.exit(code ?? 0));
