/**
 * Field Web Vitals: how fast each page is for real visitors who accepted analytics, as one
 * `web_vitals` event per metric report in window.dataLayer, for the tag manager to forward to
 * Google Analytics (docs/operating.md).
 *
 * The reporter runs as /web-vitals.js: lib/web-vitals-reporter.ts starts it on web-vitals'
 * attribution build, and app/web-vitals.js/route.ts bundles the two. The consent script in <head>
 * (CONSENT_DEFAULT_SCRIPT, lib/analytics.ts) loads that file once analytics is granted: a visitor
 * without consent downloads none of it, and the pages' own scripts do not change by a byte.
 */
import type * as WebVitals from 'web-vitals/attribution';

type MetricWithAttribution = WebVitals.MetricWithAttribution;

export type WebVitalsEvent = {
  event: 'web_vitals';
  metric_name: MetricWithAttribution['name'];
  metric_value: number;
  metric_rating: MetricWithAttribution['rating'];
  metric_delta: number;
  metric_id: string;
  navigation_type: MetricWithAttribution['navigationType'];
  /** The page measured: where the document was loaded, or restored from the back/forward cache. */
  page_path: string;
  /** Where the visitor was when it was sent: after a client-side navigation, a later page. */
  sent_from_path: string;
  /** LCP: its element; INP: the element interacted with; CLS: the element that moved most. */
  debug_target: string | undefined;
  /** LCP: from the HTML's first byte to the request for its image, in ms (0 for text). */
  lcp_load_delay: number | undefined;
  /** INP: how the visitor interacted, `pointer` or `keyboard`. */
  inp_interaction_type: 'pointer' | 'keyboard' | undefined;
};

type Library = Pick<typeof WebVitals, 'onCLS' | 'onFCP' | 'onINP' | 'onLCP' | 'onTTFB'>;

/**
 * Reports each metric as the library reports it (LCP, FCP and TTFB once; CLS and INP when the
 * page is hidden, and again when hidden later with a larger value), while the stored choice is
 * `granted`: after Reject nothing more is sent, and a choice made in another tab counts too.
 *
 * Every field is set on every event, the ones a metric lacks as undefined: the tag manager keeps
 * each key it was given until it is given again, so a missing one would carry another metric's
 * value into this event.
 */
export function reportWebVitals(library: Library, consentCookie: string): void {
  // The page measured. The document's own address, not the one shown now: the visitor may have
  // moved on by client-side links before accepting, or before a value is final.
  const loadedAt = performance.getEntriesByType('navigation')[0]?.name;
  const loaded = loadedAt ? new URL(loadedAt).pathname : location.pathname;
  let restored = loaded;
  addEventListener('pageshow', (event) => {
    if (event.persisted) restored = location.pathname;
  });

  const send = (metric: MetricWithAttribution) => {
    if (!document.cookie.split('; ').includes(`${consentCookie}=granted`)) return;
    const event: WebVitalsEvent = {
      event: 'web_vitals',
      metric_name: metric.name,
      metric_value: metric.value,
      metric_rating: metric.rating,
      metric_delta: metric.delta,
      metric_id: metric.id,
      navigation_type: metric.navigationType,
      page_path: metric.navigationType === 'back-forward-cache' ? restored : loaded,
      sent_from_path: location.pathname,
      debug_target:
        metric.name === 'LCP'
          ? metric.attribution.target
          : metric.name === 'INP'
            ? metric.attribution.interactionTarget
            : metric.name === 'CLS'
              ? metric.attribution.largestShiftTarget
              : undefined,
      lcp_load_delay: metric.name === 'LCP' ? metric.attribution.resourceLoadDelay : undefined,
      inp_interaction_type: metric.name === 'INP' ? metric.attribution.interactionType : undefined,
    };
    window.dataLayer?.push(event);
  };
  library.onLCP(send);
  library.onINP(send);
  library.onCLS(send);
  library.onFCP(send);
  library.onTTFB(send);
}

