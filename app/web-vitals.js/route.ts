import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSENT_COOKIE } from '@/lib/analytics';
import { webVitalsScript } from '@/lib/web-vitals';

export const dynamic = 'force-static';

/**
 * /web-vitals.js, the field measurement a visitor's browser loads only after accepting analytics
 * (lib/web-vitals.ts): web-vitals' attribution build as the package ships it (a script, not a
 * module: the package's exports do not name it, so it is read by path) and the reporter.
 */
export function GET() {
  const library = readFileSync(join(process.cwd(), 'node_modules/web-vitals/dist/web-vitals.attribution.iife.js'), 'utf8');
  return new Response(webVitalsScript(library, CONSENT_COOKIE), { headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
}
