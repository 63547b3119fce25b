/**
 * Analytics consent and page views. The consent choice is a first-party cookie; Google Consent
 * Mode starts with every signal denied (CONSENT_DEFAULT_SCRIPT, inline in <head>) and the tag
 * manager loads only after the visitor accepts analytics.
 */

export type ConsentChoice = 'granted' | 'denied';
/** What the banner shows: nothing to ask (choice made), or the question. */
export type ConsentState = { choice: ConsentChoice | null; open: boolean };

export const CONSENT_COOKIE = 'npts_analytics_consent';
/** How long a choice is remembered, in days (/privacy states it): inside the 6 to 12 months regulators expect. */
export const CONSENT_DAYS = 180;
export const CONSENT_MAX_AGE_S = CONSENT_DAYS * 24 * 60 * 60;

/** The field measurement (lib/web-vitals.ts), served by app/web-vitals.js/route.ts. */
export const WEB_VITALS_SCRIPT = '/web-vitals.js';

type GtagCommand = (command: 'consent', action: 'default' | 'update', signals: Record<string, 'granted' | 'denied'>) => void;

declare global {
  interface Window {
    gtag?: GtagCommand;
  }
}

/**
 * Runs before anything else on every page: defines gtag, denies all four Consent Mode signals,
 * then re-applies a stored "granted" so a returning visitor is counted from the first page view.
 *
 * gtag is also the one place that sees analytics granted both ways, the stored choice here and
 * Accept in the banner (consentStore.choose): the first grant loads the field measurement
 * (lib/web-vitals.ts), once the HTML is parsed. Loading it from here rather than from the pages'
 * scripts keeps those scripts what they were for a visitor who never accepts.
 */
// Pure: /web-vitals.js (lib/web-vitals-reporter.ts) takes only the cookie's name from this file, and
// its bundler leaves out what a call might have needed.
export const CONSENT_DEFAULT_SCRIPT = /* @__PURE__ */ [
  'window.dataLayer=window.dataLayer||[];',
  '(function(){var vitals=false;window.gtag=function(){window.dataLayer.push(arguments);',
  "if(!vitals&&arguments[0]==='consent'&&arguments[2].analytics_storage==='granted'){vitals=true;",
  `var load=function(){var script=document.createElement('script');script.src='${WEB_VITALS_SCRIPT}';document.head.appendChild(script)};`,
  "if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',load);else load()}}})();",
  "gtag('consent','default',{ad_storage:'denied',ad_user_data:'denied',ad_personalization:'denied',analytics_storage:'denied'});",
  `if(/(?:^|; )${CONSENT_COOKIE}=granted(?:;|$)/.test(document.cookie))gtag('consent','update',{analytics_storage:'granted'});`,
].join('');

export function readConsent(cookie: string): ConsentChoice | null {
  const match = new RegExp(`(?:^|; )${CONSENT_COOKIE}=(granted|denied)(?:;|$)`).exec(cookie);
  return match ? (match[1] as ConsentChoice) : null;
}

export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  return `${CONSENT_COOKIE}=${choice}; Max-Age=${CONSENT_MAX_AGE_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The consent store shared by the banner, the footer's settings link and the tag loader. */
const listeners = new Set<() => void>();
let state: ConsentState | null = null;
const SERVER_STATE: ConsentState = { choice: null, open: false };

function emit(next: ConsentState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export const consentStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot(): ConsentState {
    if (state === null) {
      const choice = readConsent(document.cookie);
      state = { choice, open: choice === null };
    }
    return state;
  },
  /** Before hydration nothing is known: no banner in the static HTML, so nothing shifts. */
  getServerSnapshot(): ConsentState {
    return SERVER_STATE;
  },
  choose(choice: ConsentChoice) {
    document.cookie = consentCookie(choice, window.location.protocol === 'https:');
    window.gtag?.('consent', 'update', { analytics_storage: choice });
    if (choice === 'denied') removeAnalyticsCookies();
    emit({ choice, open: false });
  },
  reopen() {
    emit({ ...consentStore.getSnapshot(), open: true });
  },
  /** For tests: forget what this page has read. */
  reset() {
    state = null;
  },
};

/** Withdrawing consent also removes what Google Analytics may already have stored. */
function removeAnalyticsCookies() {
  for (const entry of document.cookie.split('; ')) {
    const name = entry.split('=')[0];
    if (name === '_ga' || name.startsWith('_ga_') || name === '_gid') {
      document.cookie = `${name}=; Max-Age=0; Path=/`;
      document.cookie = `${name}=; Max-Age=0; Path=/; Domain=.${window.location.hostname}`;
    }
  }
}

export type PageView = { event: 'page_view'; page_title: string; page_path: string; page_location: string };

export function pageView(title: string, path: string, location: string): PageView {
  return { event: 'page_view', page_title: title, page_path: path, page_location: location };
}

/**
 * GA4's recommended event for a lead, pushed once per message the server confirmed: `lead_source`
 * is the page that led to the form, "(direct)" when the form was opened directly.
 */
export type GenerateLead = { event: 'generate_lead'; form_id: 'contact'; lead_source: string };

export function generateLead(source: string | undefined): GenerateLead {
  return { event: 'generate_lead', form_id: 'contact', lead_source: source ?? '(direct)' };
}
