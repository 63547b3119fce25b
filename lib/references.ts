/**
 * The schema of content/references.yaml: proof of what NPTS says about itself, shown only when
 * it is real. Every list may stay empty: a list with entries shows on /about (and, in short, on
 * the home page); an empty one leaves no heading and no gap. The schema refuses an expired
 * certificate, a client whose permission to be named is not recorded, and an example.com link.
 * Never add an entry the company cannot show evidence of.
 */
import { z } from 'zod';
import type { ContentContext, ContentFile } from './load-content.ts';
import { link, list, logo, text } from './schema-parts.ts';

const client = (context: ContentContext) =>
  z.strictObject({
    name: text(),
    logo: logo(context).optional(),
    href: link(context).optional(),
    /** Who at the client agreed to be named here, how and when: 'Jane Doe, CEO, by email on 2026-03-01'. */
    permission: z.string({ error: (issue) => (issue.input === undefined ? 'has no recorded permission to be named: write who agreed, how and when in permission, or remove the client' : undefined) }).trim().min(1, { error: 'has no recorded permission to be named: write who agreed, how and when in permission, or remove the client' }),
  });

const certification = (context: ContentContext) =>
  z.strictObject({
    name: text(),
    issuer: text(),
    number: text(),
    scope: text(),
    /** The last day it is valid, as YYYY-MM-DD. */
    validUntil: z
      .string({ error: 'needs validUntil, the last day it is valid, in quotes as ‘YYYY-MM-DD’' })
      // abort: a date not written as one is named once, not again as not a date.
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'needs validUntil, the last day it is valid, in quotes as ‘YYYY-MM-DD’', abort: true })
      .refine((date) => !Number.isNaN(Date.parse(date)), { error: 'needs validUntil, the last day it is valid, in quotes as ‘YYYY-MM-DD’', abort: true })
      .refine((date) => date >= context.today, { error: (issue) => `expired on ${String(issue.input)}: add the renewed certificate or remove it` }),
    href: link(context).optional(),
    logo: logo(context).optional(),
  });

const partnership = (context: ContentContext) => z.strictObject({ name: text(), level: text(), href: link(context).optional(), logo: logo(context).optional() });

const lists = (context: ContentContext) =>
  z.preprocess(
    (value) => value ?? {},
    z.strictObject({ clients: list(client(context)), certifications: list(certification(context)), partnerships: list(partnership(context)) }),
  );

export type ReferenceLists = z.output<ReturnType<typeof lists>>;
export type Client = ReferenceLists['clients'][number];
export type Certification = ReferenceLists['certifications'][number];
export type Partnership = ReferenceLists['partnerships'][number];
export type Logo = z.output<ReturnType<typeof logo>>;

export const referencesFile: ContentFile<ReferenceLists> = {
  file: 'references.yaml',
  schema: lists,
  nouns: { clients: 'client', certifications: 'certificate', partnerships: 'partner', logo: 'logo' },
};
