/**
 * What led a visitor to the contact form, sent with the lead (mail/lib/validation.php checks it)
 * and kept only in this tab's memory for the visit: nothing is stored on the visitor's device
 * (no cookie, no localStorage). The source is the page before the form in this visit; the
 * calls to action also name their page in the link (contactHref), so it survives a reload. The
 * campaign is the utm_* tags of the URL the visit landed on.
 */

export const CAMPAIGN_TAGS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type Attribution = Partial<Record<'source' | (typeof CAMPAIGN_TAGS)[number], string>>;

/** Length caps in characters, identical to mail/lib/validation.php's. */
const MAX_SOURCE = 200;
const MAX_TAG = 100;
/** No control character (C0, DEL, C1) and no direction override or isolate: send.php refuses them. */
const PRINTABLE = /^[^\x00-\x1F\x7F-\x9F\u202A-\u202E\u2066-\u2069]*$/;
/** A path on this site: one slash, then no second one (//host is another site), no space or backslash. */
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;

let campaign: Attribution | null = null;
let current: string | null = null;
let previous: string | null = null;

const fits = (value: string, max: number) => [...value].length <= max && PRINTABLE.test(value);
const isSitePath = (path: string | null | undefined): path is string => !!path && fits(path, MAX_SOURCE) && SITE_PATH.test(path);

/** The link to the contact form from a call to action on the page at `from`. */
export function contactHref(from: string): string {
  return `/contact?from=${from}`;
}

/** Each page view (components/analytics.tsx): the first one also reads the campaign of the landing URL. */
export function recordPageView(path: string, search: string): void {
  if (campaign === null) {
    const params = new URLSearchParams(search);
    campaign = Object.fromEntries(
      CAMPAIGN_TAGS.flatMap((tag) => {
        const value = params.get(tag);
        return value && fits(value, MAX_TAG) ? [[tag, value]] : [];
      }),
    );
  }
  if (path !== current) [previous, current] = [current, path];
}

/** What the form sends with a lead, given the form page's query string: only values send.php accepts. */
export function leadAttribution(search: string): Attribution {
  const source = [previous, new URLSearchParams(search).get('from')].find(isSitePath);
  return { ...(source && { source }), ...campaign };
}

/** For tests: a new visit. */
export function forgetVisit(): void {
  campaign = current = previous = null;
}
