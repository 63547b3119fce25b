/**
 * The entry of /web-vitals.js, the field measurement a visitor's browser loads once analytics is
 * granted: the reporter (lib/web-vitals.ts) started on web-vitals' attribution build, imported as
 * the package exports it. app/web-vitals.js/route.ts bundles it into one script.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals/attribution';
import { CONSENT_COOKIE } from './analytics';
import { reportWebVitals } from './web-vitals';

reportWebVitals({ onCLS, onFCP, onINP, onLCP, onTTFB }, CONSENT_COOKIE);
