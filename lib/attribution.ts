/**
 * What led a visitor to the contact form, kept only in this tab's memory for the visit: nothing is
 * stored on the visitor's device (no cookie, no localStorage). Every page records its view here;
 * the form takes from it what it sends with a lead (leadAttribution in lib/contact.ts, by the
 * contract's rules), so this module, which every page loads, carries none of the contract. The
 * calls to action also name their page in the link (contactHref), so it survives a reload.
 */

/** The query string of the URL the visit landed on: its campaign tags. */
let landing: string | null = null;
let current: string | null = null;
let previous: string | null = null;

/** The link to the contact form from a call to action on the page at `from`. */
export function contactHref(from: string): string {
  return `/contact?from=${from}`;
}

/** Each page view (components/analytics.tsx): the first one also keeps the query string it landed with. */
export function recordPageView(path: string, search: string): void {
  landing ??= search;
  if (path !== current) [previous, current] = [current, path];
}

/** The visit as recorded: the query string of the URL it landed on, and the page before this one. */
export function visit(): { landing: string; previous: string | null } {
  return { landing: landing ?? '', previous };
}

/** For tests: a new visit. */
export function forgetVisit(): void {
  landing = current = previous = null;
}
