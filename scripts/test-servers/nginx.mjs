// Serves out/ through nginx and PHP-FPM (Debian's packages) with docs/nginx.conf, the file
// operators copy, as scripts/test-servers/apache.mjs does with .htaccess: the same browser tests
// run against both. It writes its own configuration under .e2e/ (only the paths of docs/nginx.conf
// change: port, web root, the PHP-FPM socket; and plain HTTP only, without the certificate) and
// touches no system configuration.
//   PORT=8081 node scripts/test-servers/nginx.mjs   (runs in the foreground; Ctrl+C stops both)
// WITHOUT_BROTLI=1 runs it as a host without the Brotli module, with the line the file says to delete deleted;
// NGINX_CONF=FILE with FILE in place of docs/nginx.conf (a host still running an earlier version's);
// SITES (run-dir.mjs) serves several document roots, a port each: the file's server block once for each.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { prepareRunDir, sitesToServe } from './run-dir.mjs';

const sites = sitesToServe(8081);
const nginx = '/usr/sbin/nginx';
const fpm = readdirSync('/usr/sbin').filter((name) => /^php-fpm[\d.]*$/.test(name)).sort().map((name) => `/usr/sbin/${name}`).pop();

if (!existsSync(nginx) || !fpm) {
  console.error('nginx and PHP-FPM are not installed. On Debian/Ubuntu: apt-get install -y nginx php-fpm');
  process.exit(1);
}
const runDir = prepareRunDir('nginx', sites);
const asRoot = process.getuid?.() === 0;
const socket = resolve(runDir, 'php-fpm.sock');
const withoutBrotli = Boolean(process.env.WITHOUT_BROTLI);

/**
 * docs/nginx.conf with this machine's paths, its server block once for each site; each replaced
 * line must be there, or the test would not test the file.
 */
function siteConfig() {
  const file = readFileSync(resolve(process.env.NGINX_CONF ?? 'docs/nginx.conf'), 'utf8');
  const at = file.indexOf('\nserver {');
  const replace = (config, replacements) => {
    for (const [pattern, replacement] of replacements) {
      if (!pattern.test(config)) throw new Error(`docs/nginx.conf has no line matching ${pattern}: update scripts/test-servers/nginx.mjs with it`);
      config = config.replace(pattern, replacement);
    }
    return config;
  };
  const server = replace(file.slice(at), [
    // Plain HTTP only, as port 80 gets it: the redirect to HTTPS is what a loopback test can see.
    [/^ *listen 443 ssl http2;\n/m, ''],
    [/^ *ssl_certificate .*\n/m, ''],
    [/^ *ssl_certificate_key .*\n/m, ''],
    [/unix:\/run\/php\/php-fpm\.sock/g, `unix:${socket}`],
    [/include fastcgi_params;/g, 'include /etc/nginx/fastcgi_params;'],
    ...(withoutBrotli ? [[/^ *brotli_static on;\n/m, '']] : []),
  ]);
  const servers = sites.map(({ port, docroot }) =>
    replace(server, [
      [/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`],
      [/^(\s*)root \/var\/www\/npts\/current;.*$/m, `$1root ${docroot};`],
    ]),
  );
  return file.slice(0, at) + servers.join('\n');
}

const temp = (name) => resolve(runDir, name);
writeFileSync(
  temp('nginx.conf'),
  `${asRoot ? 'user www-data;' : ''}
daemon off;
${withoutBrotli ? '' : "# The modules this host's nginx loads (Debian: /etc/nginx/modules-enabled), Brotli's among them.\ninclude /etc/nginx/modules-enabled/*.conf;"}
worker_processes 2;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${temp('access.log')};
  client_body_temp_path ${temp('client-body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
${siteConfig()}
}
`,
);

// The pool passes the MAIL_ and SMTP_ settings on, as Apache's SetEnv does.
const env = Object.entries(process.env).filter(([name, value]) => /^(MAIL|SMTP)_/.test(name) && value);
writeFileSync(
  temp('php-fpm.conf'),
  `[global]
pid = ${temp('php-fpm.pid')}
error_log = ${temp('php-fpm.log')}
daemonize = no
[www]
${asRoot ? 'user = www-data\ngroup = www-data\nlisten.owner = www-data\nlisten.group = www-data' : ''}
listen = ${socket}
listen.mode = 0660
pm = static
pm.max_children = 8
catch_workers_output = yes
${env.map(([name, value]) => `env[${name}] = "${String(value).replace(/"/g, '\\"')}"`).join('\n')}
`,
);

// nginx's own prefix stays, so the modules the host enables load as they would there.
const args = ['-c', temp('nginx.conf'), '-e', temp('error.log')];
const check = spawnSync(nginx, ['-t', ...args], { encoding: 'utf8' });
if (check.status !== 0) {
  console.error(check.stderr || check.stdout);
  process.exit(1);
}

// PHP-FPM starts a session of its own, so it does not go with this process group: it is stopped
// by name below, and holds no pipe of ours (its log is php-fpm.log) that would keep a caller waiting.
const children = [spawn(fpm, ['--nodaemonize', '--fpm-config', temp('php-fpm.conf'), ...(asRoot ? ['--allow-to-run-as-root'] : [])], { stdio: 'ignore' })];
children.push(spawn(nginx, args, { stdio: 'inherit' }));
for (const { port, docroot } of sites) console.log(`nginx serves ${docroot} at http://127.0.0.1:${port}/ with docs/nginx.conf (logs in ${runDir})`);
const stop = (code) => {
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
