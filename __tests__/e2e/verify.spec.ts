import { execFile } from 'node:child_process';
import { expect, test } from './fixtures';
import { startServer } from './extra-server';

/** `npm run verify -- <url>`: its exit status and its lines. */
function verify(url: string): Promise<{ status: number; lines: string[] }> {
  return new Promise((done) => {
    execFile(process.execPath, ['scripts/verify.mjs', url], (error, stdout) => {
      done({ status: error ? Number(error.code) : 0, lines: stdout.split('\n').filter((line) => /^[✓✗] /.test(line)) });
    });
  });
}

test.describe('npm run verify, the check after an upload', () => {
  test('passes every check against this server', async ({ baseURL }) => {
    const { status, lines } = await verify(baseURL!);
    expect(lines.filter((line) => line.startsWith('✗'))).toEqual([]);
    expect(lines).toHaveLength(10);
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
});
