/**
 * The pieces the schemas of content/ share (lib/company.ts, lib/results.ts…): text that says
 * something, a link that leads somewhere real, a list an editor may leave empty. Each problem is
 * worded as what follows its subject: "has no unit", "is empty" (lib/load-content.ts puts the
 * subject before it).
 */
import { z } from 'zod';

/** Text that is not blank. */
export const text = () => z.string().trim().min(1);

/** A number written bare (99.6) or as text ('−38'): read as text, as the page prints it. */
export const figureText = () => z.preprocess((value) => (typeof value === 'number' ? String(value) : value), text());

/** example.com, .org and .net are made-up addresses: a page never links to one. */
const isExample = (value: string) => /(^|[/.@])example\.(com|org|net)\b/i.test(value);

/** A web address of a real page (https://…). */
export const link = () =>
  z
    .url({ protocol: /^https?$/ })
    .refine((value) => !isExample(value), { error: 'links to an example.com address: use the real one, or leave it out' });

/** A list that may be left empty, or out: `clients:` with nothing after it is no clients. */
export const list = <T extends z.ZodType>(item: T) => z.preprocess((value) => value ?? [], z.array(item));

/** A file of the site (a logo in public/, '/clients/acme.svg'), with the size it is drawn at. */
export const logo = () => z.strictObject({ src: z.string().regex(/^\//, { error: 'should start with “/”: a file in public/' }), width: z.number().int().positive(), height: z.number().int().positive() });
