/**
 * EDITOR: results of real work, one entry per case (docs/editors-guide.md). Shown only when there
 * is one: as "Results" on each service page an entry names, and the latest on Home and About. The
 * list may stay empty; an empty list leaves no heading and no gap. `npm run check` refuses a named
 * client without recorded permission, a figure without its unit, period or source, a service that
 * is no page of the site, and a quote without the person who said it. Never add a case, a figure
 * or a quote the company cannot show evidence of.
 */
import type { serviceLinks, vesselLinks } from '@/lib/site';

/** A service page a result links to: '/vrit', '/coms', '/software'… */
export type ServicePath = (typeof serviceLinks)[number]['href'] | (typeof vesselLinks)[number]['href'];

/**
 * Who the work was for: by name, with who agreed to it (and how and when), or described so that
 * nobody can tell who it is ('A product-tanker operator'), which needs no permission.
 */
export type ResultClient = { name: string; permission: string } | { description: string };

/** One measured outcome: 'Link availability 99.6 % over the 12 months to March 2026, from the provider's monthly reports'. */
export type Figure = {
  /** What was measured: 'Link availability'. */
  label: string;
  /** The number as it should read: '99.6', '4', '−38'. */
  value: string;
  /** Its unit: '%', 'hours', 'vessels', 'EUR a month'. */
  unit: string;
  /** Optionally the value before the work, in the same unit: '97.1'. */
  before?: string;
  /** Over what time it was measured: 'over the 12 months to March 2026'. */
  period: string;
  /** Where the number comes from: 'from the satellite provider’s monthly availability reports'. */
  source: string;
};

/** Words of someone at the client, published with their permission. */
export type Quote = {
  text: string;
  name: string;
  role: string;
  /** Who agreed to publish the quote, how and when: 'Jane Doe, by email on 2026-03-01'. */
  permission: string;
};

export type Result = {
  /** A headline that says what changed: 'Fewer dropped links across a tanker fleet'. */
  title: string;
  client: ResultClient;
  /** 'Tanker shipping', 'Offshore drilling', 'Freight forwarding'. */
  sector: string;
  /** 'Product tankers', 'Jack-up rigs'; omit for work on shore. */
  vesselType?: string;
  /** How many vessels or rigs the work covered. */
  fleetSize?: number;
  /** 'North Sea and Baltic', 'South East Asia'. */
  region: string;
  /** The services used, as their pages: the result shows on each of them. */
  services: readonly ServicePath[];
  /** The problem before the work, in a sentence or two. */
  situation: string;
  /** What NPTS did, in a sentence or two. */
  work: string;
  /** The outcome, as figures. */
  outcome: readonly Figure[];
  quote?: Quote;
  /** When the work was finished, as YYYY-MM: the latest results show first. */
  date: string;
};

export const results: readonly Result[] = [];
