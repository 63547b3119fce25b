import { execFile } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { startHttpsProxy, startServer } from './extra-server';

/** `npm run verify -- <url> …args`: its exit status and its lines. */
function verify(url: string, args: string[] = [], env: Record<string, string> = {}): Promise<{ status: number; lines: string[] }> {
  return new Promise((done) => {
    execFile(process.execPath, ['scripts/release/verify.mjs', url, ...args], { env: { ...process.env, ...env } }, (error, stdout) => {
      done({ status: error ? Number(error.code) : 0, lines: stdout.split('\n').filter((line) => /^[✓✗] /.test(line)) });
    });
  });
}

/**
 * www.npts.test as a live host answers it: HTTPS (port 443) from an HTTPS proxy in front of a
 * loopback server, plain HTTP (port 80) from a loopback server; verify reaches both by --connect-to.
 */
function liveHost(httpsPort: number, httpURL: string): string[] {
  return ['--connect-to', `www.npts.test:443:127.0.0.1:${httpsPort}`, '--connect-to', `www.npts.test:80:127.0.0.1:${new URL(httpURL).port}`];
}

test.describe('npm run verify, the check after an upload', () => {
  test('passes every check against this server', async ({ baseURL }) => {
    const { status, lines } = await verify(baseURL!);
    expect(lines.filter((line) => line.startsWith('✗'))).toEqual([]);
    expect(lines).toContain('✓ files: /icons.svg, which draws every icon, and the 8 service sheets (PDF) answer 200 as this build\'s files');
    expect(lines).toHaveLength(11);
    expect(status).toBe(0);
  });

  test('fails against an Apache that ignores .htaccess, and names it as the cause', async ({}, testInfo) => {
    test.skip(testInfo.project.metadata.server !== 'apache', 'an Apache setting');
    const host = await startServer('apache', { ALLOW_OVERRIDE: 'None' });
    try {
      const { status, lines } = await verify(host.url);
      const failed = lines.filter((line) => line.startsWith('✗'));
      for (const check of ['pages', 'not-found page', 'redirects', 'security headers', 'caching', 'compression', 'private files']) {
        expect(failed.find((line) => line.startsWith(`✗ ${check}:`))).toContain('Likely cause: .htaccess not applied: the web root needs AllowOverride All');
      }
      // What does not depend on .htaccess still passes: PHP runs, the build is this one.
      expect(lines).toContain('✓ mail endpoint: GET /mail/send.php answers 405 with JSON (PHP runs the endpoint)');
      expect(status).toBe(1);
    } finally {
      await host.stop();
    }
  });

  test('fails against a host whose upload lost /icons.svg, the file every icon is drawn from, and says to upload again', async ({}, testInfo) => {
    test.skip(testInfo.project.metadata.server !== 'apache', 'verify\'s reasoning: one server is enough');
    // The build as a partial upload leaves it: all of it but the icons' sprite (and its compressed twins).
    const docroot = mkdtempSync(join(tmpdir(), 'npts-partial-'));
    chmodSync(docroot, 0o755);
    cpSync('out', docroot, { recursive: true, filter: (source) => !/(^|\/)out\/icons\.svg(\.br|\.gz)?$/.test(source) });
    const host = await startServer('apache', { DOCROOT: docroot });
    try {
      const { status, lines } = await verify(host.url);
      expect(lines.filter((line) => line.startsWith('✗'))).toEqual([
        '✗ files: /icons.svg answered 404. Likely cause: out/ was uploaded in part (without /icons.svg every icon on the site is blank): upload it again.',
      ]);
      expect(status).toBe(1);
    } finally {
      await host.stop();
      rmSync(docroot, { recursive: true, force: true });
    }
  });

  test('against nginx still running an earlier version of docs/nginx.conf, whose policy lists script hashes, names the fix: put this one in place, test it and reload', async ({}, testInfo) => {
    test.skip(testInfo.project.metadata.server !== 'nginx', 'nginx reads its policy from its own configuration');
    const dir = mkdtempSync(join(tmpdir(), 'npts-stale-'));
    // What an earlier version sent to pages: sources of scripts (its own, by hash) and styles.
    const earlier = readFileSync('docs/nginx.conf', 'utf8').replace(/(~\^text\/html\s+")worker-src/, "$1default-src 'self'; script-src 'self' 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='; style-src 'self'; worker-src");
    expect(earlier).toContain("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    writeFileSync(join(dir, 'nginx.conf'), earlier);
    const host = await startServer('nginx', { NGINX_CONF: join(dir, 'nginx.conf') });
    try {
      const { status, lines } = await verify(host.url);
      const failed = lines.filter((line) => line.startsWith('✗'));
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatch(/^✗ content security policy: the header policy is an earlier version’s, with script hashes; the header policy refuses inline scripts or styles of \/, \/about, \/ai and \d+ more\. Likely cause: /);
      expect(failed[0]).toContain('nginx runs an earlier version of docs/nginx.conf: put this version’s in place (with your paths), then sudo nginx -t && sudo systemctl reload nginx.');
      expect(status).toBe(1);
    } finally {
      await host.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('behind an HTTPS proxy, as a live host: every check passes, plain HTTP included (a 301 to HTTPS, and no loop through the proxy)', async ({ baseURL }) => {
    const proxy = await startHttpsProxy(baseURL!, 'www.npts.test');
    try {
      const { status, lines } = await verify('https://www.npts.test', liveHost(proxy.port, baseURL!), { NODE_EXTRA_CA_CERTS: proxy.certificate });
      expect(lines.filter((line) => line.startsWith('✗'))).toEqual([]);
      expect(lines).toContain('✓ https: http://www.npts.test/about?from=http redirects (301) to https://www.npts.test/about?from=http');
      expect(lines).toHaveLength(12);
      expect(status).toBe(0);
    } finally {
      await proxy.stop();
    }
  });

  test('fails when port 80 serves the site without .htaccess, and names that as the cause', async ({ baseURL }, testInfo) => {
    test.skip(testInfo.project.metadata.server !== 'apache', 'port 80 is an Apache of its own here, whichever server the project runs');
    const proxy = await startHttpsProxy(baseURL!, 'www.npts.test');
    const plain = await startServer('apache', { ALLOW_OVERRIDE: 'None' });
    try {
      const { status, lines } = await verify('https://www.npts.test', liveHost(proxy.port, plain.url), { NODE_EXTRA_CA_CERTS: proxy.certificate });
      expect(lines.filter((line) => line.startsWith('✗'))).toEqual([
        // Without .htaccess, Apache sends /about to /about/ (a folder of that name holds its share image).
        '✗ https: http://www.npts.test/about?from=http answered 301 → http://www.npts.test/about/?from=http, not 301 → https://www.npts.test/about?from=http. Likely cause: the site on port 80 does not apply .htaccess: give it this DocumentRoot with AllowOverride All (and mod_rewrite); or a proxy in front sends X-Forwarded-Proto: https for plain HTTP.',
      ]);
      expect(status).toBe(1);
    } finally {
      await plain.stop();
      await proxy.stop();
    }
  });

  // verify's own reasoning: the server behind the proxy makes no difference to it.
  test('fails when nothing answers on port 80, and says to open it', { tag: '@any-server' }, async ({ baseURL }) => {
    const proxy = await startHttpsProxy(baseURL!, 'www.npts.test');
    try {
      // Nothing listens on port 9 of loopback.
      const { status, lines } = await verify('https://www.npts.test', liveHost(proxy.port, 'http://127.0.0.1:9'), { NODE_EXTRA_CA_CERTS: proxy.certificate });
      expect(lines.filter((line) => line.startsWith('✗'))).toEqual([
        '✗ https: http://www.npts.test/about?from=http does not answer (ECONNREFUSED). Likely cause: nothing answers on port 80: open it and let it redirect to HTTPS (.htaccess does; so does docs/nginx.conf, with listen 80).',
      ]);
      expect(status).toBe(1);
    } finally {
      await proxy.stop();
    }
  });

  test('given the http:// address of a host that redirects, says to check the https:// one', { tag: '@any-server' }, async ({ baseURL }) => {
    const { status, lines } = await verify('http://www.npts.test', ['--connect-to', `www.npts.test:80:127.0.0.1:${new URL(baseURL!).port}`]);
    expect(lines).toEqual(['✗ host: http://www.npts.test/ redirects to https://www.npts.test/, as it should: check the HTTPS site, npm run verify -- https://www.npts.test']);
    expect(status).toBe(1);
  });
});
