/**
 * EDITOR: the service levels NPTS commits to in its contracts (docs/editors-guide.md), or null
 * while there are none to publish. When set, /vrit and /coms show them as a table and /contact
 * gives the first priority's response time beside the support line. Each part may stay empty and
 * then does not show. `npm run check` refuses desk hours that disagree with the support line in
 * lib/site.ts (round the clock on one, not on the other). Write only what the contracts say.
 */

/** A class of incident and the targets for it. */
export type Priority = {
  /** 'P1', 'P2', 'P3'… */
  level: string;
  /** A short name: 'Vessel down'. */
  name: string;
  /** What puts an incident in this class: 'The vessel has no link to shore, or a system it cannot sail without has stopped.' */
  definition: string;
  /** How soon an engineer is working on it: '30 minutes'. */
  response: string;
  /** How soon service is back, or a workaround in place: '4 hours'. */
  restore: string;
};

/** A way to reach the support desk. */
export type Channel = { kind: 'phone' | 'email' | 'portal'; label: string; href: string };

/** What is committed for one kind of link, and what the client gets when it is missed. */
export type Uptime = {
  /** 'VSAT', '4/5G near shore'. */
  link: string;
  /** '99.5 % a month'. */
  commitment: string;
  /** 'A tenth of that month’s fee back for each 0.5 % below the commitment'. */
  remedy: string;
};

export type ServiceLevels = {
  /** From P1 down: at least P1 to P3. */
  priorities: readonly Priority[];
  /** When the desk answers: '24 hours a day, 7 days a week', 'Monday to Friday, 08:00–18:00'. */
  hours: string;
  /** The time zone the hours are in: 'Central European Time (CET/CEST)'; omit for round the clock. */
  timeZone?: string;
  languages: readonly string[];
  channels: readonly Channel[];
  /** Who takes over when a target is at risk, in order: 'The duty engineer', 'The head of operations'… */
  escalation: readonly string[];
  /** Where an engineer can come on board: ports or regions. */
  attendance: readonly string[];
  uptime: readonly Uptime[];
};

export const serviceLevels: ServiceLevels | null = null;
