/**
 * The schema of content/results.yaml: results of real work, one entry per case
 * (docs/editors-guide.md). Shown only when there is one: as "Results" on each service page an
 * entry names, on that service's sheet, and the latest on Home and About. Never add a case, a
 * figure or a quote the company cannot show evidence of; the schema refuses a named client
 * without recorded permission, a figure without its unit, period or source, a service that is no
 * page of the site, and a quote without the person who said it.
 */
import { z } from 'zod';
import type { ContentFile } from './load-content.ts';
import { list, text } from './schema-parts.ts';
import { serviceLinks, vesselLinks } from './site.ts';

/** A service page a result links to: '/vrit', '/coms', '/software'… */
export type ServicePath = (typeof serviceLinks)[number]['href'] | (typeof vesselLinks)[number]['href'];
const servicePaths = [...vesselLinks, ...serviceLinks].map((service) => service.href) as [ServicePath, ...ServicePath[]];

// value and before are read as written, numbers or not (resultsFile's asWritten): 99.60 stays 99.60.
const figure = z.strictObject({
  label: text(),
  value: text(),
  unit: text().or(z.literal('')).optional(),
  before: text().optional(),
  period: text().or(z.literal('')).optional(),
  source: text().or(z.literal('')).optional(),
});

const quote = z.strictObject({ text: text(), name: z.string().optional(), role: z.string().optional(), permission: z.string().optional() });

/** The parts of a figure without which a number reads as marketing. */
const measured = [
  ['unit', 'its unit'],
  ['period', 'the period it was measured over'],
  ['source', 'how it was measured (source)'],
] as const;

const result = z
  .strictObject({
    title: text(),
    /** By name, with who agreed to it; or described so that nobody can tell who it is, which needs no permission. */
    client: z.strictObject({ name: z.string().optional(), permission: z.string().optional(), description: z.string().optional() }),
    sector: text(),
    vesselType: text().optional(),
    fleetSize: z.number().int().positive().optional(),
    region: text(),
    services: z.array(text()).min(1),
    situation: text(),
    work: text(),
    outcome: z.array(figure).min(1),
    quote: quote.optional(),
    date: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'should give date as year and month, in quotes: ‘2026-03’' }),
  })
  .superRefine((entry, context) => {
    const { name, permission, description } = entry.client;
    if (name?.trim() && !permission?.trim()) {
      context.addIssue({ code: 'custom', path: ['client', permission === undefined ? 'name' : 'permission'], message: `names its client, “${name}”, with no recorded permission: write who agreed, how and when in permission, or describe the client instead (description: A tanker operator)` });
    } else if (!name?.trim() && !description?.trim()) {
      context.addIssue({ code: 'custom', path: ['client'], message: 'says nothing of its client: give its name and permission, or a description (A tanker operator)' });
    }
    entry.services.forEach((service, index) => {
      if (!(servicePaths as string[]).includes(service)) context.addIssue({ code: 'custom', path: ['services', index], message: `links to ${service}, which is no service page of the site: use ${servicePaths.join(', ')}` });
    });
    entry.outcome.forEach((figure, index) => {
      const missing = measured.filter(([key]) => !figure[key]?.trim());
      if (missing.length > 0) {
        context.addIssue({ code: 'custom', path: ['outcome', index, missing[0][0]], message: `needs ${new Intl.ListFormat('en-GB').format(missing.map(([, what]) => what))}: a number without ${missing.length === 1 ? 'it' : 'them'} reads as marketing` });
      }
    });
    if (entry.quote && (!entry.quote.name?.trim() || !entry.quote.role?.trim())) {
      context.addIssue({ code: 'custom', path: ['quote', 'text'], message: 'has no person: give the name and role of who said it, or leave the quote out' });
    } else if (entry.quote && !entry.quote.permission?.trim()) {
      context.addIssue({ code: 'custom', path: ['quote', 'permission' in entry.quote ? 'permission' : 'text'], message: 'has no recorded permission: write who agreed, how and when in permission, or leave the quote out' });
    }
  })
  .transform(({ client, outcome, quote: words, services, ...rest }) => ({
    ...rest,
    services: services as ServicePath[],
    client: client.name?.trim() ? { name: client.name, permission: client.permission! } : { description: client.description! },
    outcome: outcome.map((figure) => ({ ...figure, unit: figure.unit!, period: figure.period!, source: figure.source! })),
    ...(words && { quote: { text: words.text, name: words.name!, role: words.role!, permission: words.permission! } }),
  }));

export type Result = z.output<typeof result>;
export type ResultClient = Result['client'];
export type Figure = Result['outcome'][number];
export type Quote = NonNullable<Result['quote']>;

export const resultsFile: ContentFile<readonly Result[]> = {
  file: 'results.yaml',
  schema: () => list(result),
  nouns: { '': 'result', outcome: 'figure', quote: 'quote' },
  asWritten: ['value', 'before'],
};
