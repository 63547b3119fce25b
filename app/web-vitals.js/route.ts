import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CONSENT_COOKIE } from '@/lib/analytics';
import { webVitalsScript } from '@/lib/web-vitals';

export const dynamic = 'force-static';

/**
 * /web-vitals.js, the field measurement a visitor's browser loads only after accepting analytics
 * (lib/web-vitals.ts): web-vitals' attribution build as the package ships it for a script tag
 * (its exports name only the modules, so it is found beside the one they name) and the reporter.
 */
export function GET() {
  // Resolved by Node when the route runs, not by the bundler, which would put a module id here.
  const dist = dirname(createRequire(import.meta.url).resolve(/* turbopackIgnore: true */ 'web-vitals/attribution'));
  const library = readFileSync(join(dist, 'web-vitals.attribution.iife.js'), 'utf8');
  return new Response(webVitalsScript(library, CONSENT_COOKIE), { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
}
