/** @jest-environment node */
// /web-vitals.js as the build serves it: bundled from web-vitals' public export by esbuild, which
// refuses to run inside jest's jsdom environment, so the script runs here in a jsdom window of its own.
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { JSDOM } from 'jsdom';
import { GET } from '@/app/web-vitals.js/route';
import { CONSENT_COOKIE } from '@/lib/analytics';

describe('/web-vitals.js', () => {
  it('costs at most 5 KiB with Brotli, starts the library with the reporter, and leaves nothing in the page’s global scope', async () => {
    const response = await GET();
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const script = await response.text();
    expect(brotliCompressSync(script, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length).toBeLessThanOrEqual(5 * 1024);

    const { window } = new JSDOM('<!doctype html><title>Page</title>', { url: 'https://npts.test/about', runScripts: 'outside-only' });
    await new Promise((resolve) => window.addEventListener('load', resolve));
    // jsdom records no navigation; a browser's entry says where the document was loaded and when its first byte came.
    window.performance.getEntriesByType = ((type: string) => (type === 'navigation' ? [{ name: 'https://npts.test/about', responseStart: 1 }] : [])) as typeof window.performance.getEntriesByType;
    window.document.cookie = `${CONSENT_COOKIE}=granted; Path=/`;
    const dataLayer: unknown[] = [];
    Object.assign(window, { dataLayer });
    const globals = Object.keys(window);
    window.eval(script);
    expect(Object.keys(window)).toEqual(globals);
    // The library reports TTFB in a task after the load event.
    await new Promise((resolve) => window.setTimeout(resolve, 10));
    expect(dataLayer).toMatchObject([{ event: 'web_vitals', metric_name: 'TTFB', metric_value: 1, page_path: '/about', sent_from_path: '/about' }]);
    window.close();
  });
});
