import { join } from 'node:path';
import { build } from 'esbuild';

export const dynamic = 'force-static';

/**
 * /web-vitals.js, the field measurement a visitor's browser loads only after accepting analytics:
 * lib/web-vitals-reporter.ts bundled with the part of web-vitals it imports, minified, in a
 * function of its own so that nothing is left in the page's global scope. The pages' own bundles
 * never include it (lib/analytics.ts's consent script loads it), so it is bundled here, when the
 * export is built or the preview first serves it.
 */
export async function GET() {
  const { outputFiles } = await build({
    // The project's folder, where Next (and jest) run: a route's own path is the bundler's.
    entryPoints: [join(process.cwd(), 'lib/web-vitals-reporter.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  return new Response(outputFiles[0].text, { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
}
