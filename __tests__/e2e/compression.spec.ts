import { readFileSync, readdirSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from './fixtures';
import { startServer } from './extra-server';

/** One GET as a browser sends it, the body exactly as the server sent it (not decoded). */
function get(url: string, acceptEncoding: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((done, fail) => {
    httpGet(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', fail);
  });
}

const built = (file: string) => readFileSync(join('out', file));
const script = `_next/static/chunks/${readdirSync('out/_next/static/chunks').find((name) => name.endsWith('.js') && built(`_next/static/chunks/${name}`).length > 4096)}`;
const stylesheet = `_next/static/chunks/${readdirSync('out/_next/static/chunks').find((name) => name.endsWith('.css'))}`;
// Each: the address, the file behind it, its status and type.
const files = [
  { path: `/${script}`, file: script, status: 200, type: /^(text|application)\/javascript\b/ },
  { path: `/${stylesheet}`, file: stylesheet, status: 200, type: /^text\/css\b/ },
  { path: '/about', file: 'about.html', status: 200, type: /^text\/html; charset=utf-8$/ },
  { path: '/nope', file: '404.html', status: 404, type: /^text\/html; charset=utf-8$/ },
];

test.describe('Precompressed files from the web server', () => {
  for (const { path, file, status, type } of files) {
    test(`${path} comes as the build's Brotli twin, its gzip twin or as is, as the browser accepts`, async ({ baseURL }) => {
      for (const [accept, encoding, body] of [
        ['gzip, deflate, br, zstd', 'br', built(`${file}.br`)],
        ['gzip, deflate', 'gzip', built(`${file}.gz`)],
        ['identity', undefined, built(file)],
      ] as const) {
        const response = await get(`${baseURL}${path}`, accept);
        expect(response.status, `${path} for ${accept}`).toBe(status);
        expect(response.headers['content-encoding'], `${path} for ${accept}`).toBe(encoding);
        expect(response.headers['content-type'], `${path} for ${accept}`).toMatch(type);
        expect(response.headers.vary, `${path} for ${accept}`).toMatch(/Accept-Encoding/i);
        expect(response.headers['x-content-type-options'], `${path} for ${accept}`).toBe('nosniff');
        expect(response.body.equals(body), `${path} for ${accept}: the build's file, byte for byte`).toBe(true);
      }
    });
  }

  test('a host without the module for them compresses on the fly instead', async ({}, testInfo) => {
    // Apache without mod_headers skips the twins (they need Vary) and mod_deflate compresses, but
    // not the not-found page: it leaves error documents as they are. nginx without the Brotli
    // module, once the line docs/nginx.conf says to delete is deleted, sends the gzip twin.
    const server = testInfo.project.metadata.server as 'apache' | 'nginx';
    const host = await startServer(server, server === 'apache' ? { WITHOUT_MODULES: 'headers' } : { WITHOUT_BROTLI: '1' });
    try {
      for (const { path, file, status } of files.filter((entry) => server === 'nginx' || entry.status === 200)) {
        const response = await get(`${host.url}${path}`, 'gzip, deflate, br, zstd');
        expect(response.status, path).toBe(status);
        expect(response.headers['content-encoding'], path).toBe('gzip');
        expect(response.headers.vary, path).toMatch(/Accept-Encoding/i);
        expect(gunzipSync(response.body).equals(built(file)), `${path} decodes to the build's file`).toBe(true);
      }
    } finally {
      await host.stop();
    }
  });
});

test('the twins decode to their files', { tag: '@any-server' }, () => {
  for (const { file } of files) {
    expect(brotliDecompressSync(built(`${file}.br`)).equals(built(file))).toBe(true);
    expect(gunzipSync(built(`${file}.gz`)).equals(built(file))).toBe(true);
  }
});
