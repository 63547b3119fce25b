/**
 * The schema of content/service-levels.yaml: the service levels NPTS commits to in its contracts
 * (docs/editors-guide.md), or nothing while there are none to publish. When set, /vrit and /coms
 * show them as a table, their service sheets print it, and /contact gives the first priority's
 * response time beside the support line. A desk round the clock is a fact, `roundTheClock`, that
 * must agree with the support line's in content/company.yaml (lib/load-content.ts checks both).
 */
import { z } from 'zod';
import { list, link, text } from './schema-parts.ts';
import type { ContentContext, ContentFile } from './load-content.ts';

/** When a desk or a line answers: round the clock, or the hours written out with their time zone. */
type Desk = { roundTheClock: boolean; hours?: string; timeZone?: string };

/** The fields of a desk's hours, and the rules between them: hours and their time zone only when not round the clock. */
export const deskHours = {
  shape: { roundTheClock: z.boolean(), hours: text().optional(), timeZone: text().optional() },
  check(desk: Desk, context: z.core.$RefinementCtx<Desk>) {
    if (desk.roundTheClock && desk.hours) {
      context.addIssue({ code: 'custom', path: ['hours'], message: 'gives hours while roundTheClock is true: leave hours out (the site writes “24 hours a day, 7 days a week”), or set roundTheClock: false' });
    }
    if (desk.roundTheClock && desk.timeZone) context.addIssue({ code: 'custom', path: ['timeZone'], message: 'gives a time zone while roundTheClock is true: leave timeZone out' });
    if (!desk.roundTheClock && !desk.hours) {
      context.addIssue({ code: 'custom', path: ['roundTheClock'], message: 'has no hours: with roundTheClock: false, write when it answers (hours: Monday to Friday, 08:00–18:00)' });
    }
    if (!desk.roundTheClock && desk.hours && !desk.timeZone) context.addIssue({ code: 'custom', path: ['hours'], message: 'has hours but no timeZone: say which time zone they are in (timeZone: Central European Time (CET/CEST))' });
  },
};

/** A desk's hours as a visitor reads them: "Monday to Friday, 08:00–18:00 (Central European Time)". */
export const hoursText = (desk: Desk) => (desk.roundTheClock ? '24 hours a day, 7 days a week' : `${desk.hours!} (${desk.timeZone!})`);

const priority = z.strictObject({
  /** 'P1', 'P2', 'P3'… */
  level: text(),
  name: text(),
  definition: text(),
  response: text(),
  restore: text(),
});

/** Where a channel leads: a number to dial, an address to write to, or a page (https://…). */
const channelHref = (context: ContentContext) =>
  z.union([z.string().regex(/^(tel:\+\d+|mailto:\S+@\S+)$/), link(context)], {
    // A web address refused for what it is (example.com) says so; anything else gets the three forms.
    error: (issue) =>
      issue.input === undefined
        ? undefined
        : (issue.code === 'invalid_union' && issue.errors.flat().find((branch) => branch.code === 'custom')?.message) ||
          `has an href that leads nowhere, “${String(issue.input)}”: write ‘tel:+’ and the digits (‘tel:+359888123456’), ‘mailto:’ and the address, or a web address (https://…), in quotes`,
  });

const channel = (context: ContentContext) => z.strictObject({ kind: z.enum(['phone', 'email', 'portal']), label: text(), href: channelHref(context) });

const levels = (context: ContentContext) =>
  z
    .strictObject({
      priorities: list(priority),
      ...deskHours.shape,
      languages: list(text()),
      channels: list(channel(context)),
      escalation: list(text()),
      attendance: list(text()),
      uptime: list(z.strictObject({ link: text(), commitment: text(), remedy: text() })),
    })
    .superRefine(deskHours.check);

export type ServiceLevels = z.output<ReturnType<typeof levels>>;
export type Priority = ServiceLevels['priorities'][number];

export const serviceLevelsFile: ContentFile<ServiceLevels | null> = {
  file: 'service-levels.yaml',
  schema: (context) => levels(context).nullable(),
  whole: 'the support desk',
  nouns: { priorities: 'priority', channels: 'channel', uptime: 'uptime commitment' },
};
