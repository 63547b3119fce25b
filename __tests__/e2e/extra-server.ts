import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asPhpUser } from '../helpers/php-server';

/**
 * Starts scripts/test-servers/apache.mjs or scripts/test-servers/nginx.mjs on a port of its own
 * with a variation of the host (e.g. ALLOW_OVERRIDE=None), for the tests of what goes wrong on
 * such a host. `stop` ends the script and the server it started.
 */
export async function startServer(script: 'apache' | 'nginx', env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  // Its own process group, as Apache signals its whole group when it shuts down.
  const child = spawn(process.execPath, [`scripts/test-servers/${script}.mjs`], { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  const { urls, stop } = await answering(child, [port], `scripts/test-servers/${script}.mjs`, () => process.kill(child.pid!, 'SIGTERM'));
  return { url: urls[0], stop };
}

/**
 * One server of `script` for several sites, as a host serves its virtual hosts: each document
 * root on a port of its own (SITES), Apache's with its own AllowOverride. One server for many
 * hosts costs one start, where a server each would cost one each.
 */
export async function startSites(script: 'apache' | 'nginx', sites: { docroot: string; allowOverride?: 'All' | 'None' }[], env: Record<string, string>): Promise<{ urls: string[]; stop: () => Promise<void> }> {
  const ports: number[] = [];
  while (ports.length < sites.length) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const list = JSON.stringify(sites.map((site, index) => ({ ...site, port: ports[index] })));
  const child = spawn(process.execPath, [`scripts/test-servers/${script}.mjs`], { env: { ...process.env, ...env, SITES: list }, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  return answering(child, ports, `scripts/test-servers/${script}.mjs`, () => process.kill(child.pid!, 'SIGTERM'));
}

/**
 * PHP's built-in server on `docroot` without a router: a host that applies no rules at all and
 * serves every file, as the web server's user (www-data when the tests run as root). Its workers
 * share its process group, which `stop` ends whole.
 */
export async function startBareServer(docroot: string, env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const [command, ...args] = asPhpUser(['php', '-S', `127.0.0.1:${port}`, '-t', docroot]);
  const child = spawn(command, args, { env: { ...process.env, ...env, PHP_CLI_SERVER_WORKERS: '2' }, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  const { urls, stop } = await answering(child, [port], 'php -S', () => process.kill(-child.pid!, 'SIGTERM'));
  return { url: urls[0], stop };
}

/**
 * An HTTPS proxy in front of `origin`, as a load balancer or CDN is in front of a host: TLS ends
 * here, with a self-signed certificate for `name` (trust it with NODE_EXTRA_CA_CERTS=certificate),
 * and each request goes on over plain HTTP as it came, Host included, with X-Forwarded-Proto: https.
 */
export async function startHttpsProxy(origin: string, name: string): Promise<{ port: number; certificate: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'npts-proxy-'));
  const [key, certificate] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', certificate, '-days', '2', '-subj', `/CN=${name}`, '-addext', `subjectAltName=DNS:${name}`], { stdio: 'ignore' });
  const upstream = new URL(origin);
  const proxy = createHttpsServer({ key: readFileSync(key), cert: readFileSync(certificate) }, (request, response) => {
    const forwarded = httpRequest({ hostname: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: { ...request.headers, 'x-forwarded-proto': 'https' } }, (answer) => {
      response.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(response);
    });
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
  const stop = async () => {
    proxy.closeAllConnections();
    await new Promise((done) => proxy.close(done));
    rmSync(dir, { recursive: true, force: true });
  };
  return { port: (proxy.address() as AddressInfo).port, certificate, stop };
}

export function freePort(): Promise<number> {
  return new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => done(free));
    });
  });
}

/**
 * Resolves once the server answers on every port, PHP included (nginx answers 502 until PHP-FPM
 * listens); stops it and rejects if it exits or stays silent for 10 s.
 */
async function answering(child: ChildProcess, ports: number[], name: string, kill: () => void): Promise<{ urls: string[]; stop: () => Promise<void> }> {
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      kill();
      await exited;
    }
  };
  const urls = ports.map((port) => `http://127.0.0.1:${port}`);
  const answers = (url: string, path: string, ready: (status: number) => boolean) => fetch(`${url}${path}`).then((response) => ready(response.status), () => false);
  const ready = async (url: string) => (await answers(url, '/robots.txt', (status) => status === 200)) && (await answers(url, '/mail/health.php', (status) => status !== 502));
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}: ${output}`);
    if ((await Promise.all(urls.map(ready))).every(Boolean)) return { urls, stop };
    await new Promise((done) => setTimeout(done, 100));
  }
  await stop();
  throw new Error(`${name} did not answer within 10 s: ${output}`);
}
