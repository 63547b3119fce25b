/**
 * The pieces the schemas of content/ share (lib/company.ts, lib/results.ts…): text that says
 * something, a link that leads somewhere real, a logo that is a file of the site, a list an editor
 * may leave empty. Each problem is worded as what follows its subject: "has no unit", "is empty"
 * (lib/load-content.ts puts the subject before it).
 */
import { z } from 'zod';
import type { ContentContext } from './load-content.ts';

/** Text that is not blank. */
export const text = () => z.string().trim().min(1);

/** example.com, .org and .net are made-up addresses: a page never links to one. */
const isExample = (value: string) => /(^|[/.@])example\.(com|org|net)\b/i.test(value);

/**
 * A web address of a real page (https://…). A made-up one may stand in while it is marked
 * `!placeholder` (the release gate refuses it); once the mark is gone, it must be the real one.
 */
export const link = ({ isPlaceholder }: Pick<ContentContext, 'isPlaceholder'>) =>
  z
    .url({ protocol: /^https?$/ })
    .refine((value) => !isExample(value) || isPlaceholder(value), { error: 'links to an example.com address: use the real one, or leave it out' });

/** A list that may be left empty, or out: `clients:` with nothing after it is no clients. */
export const list = <T extends z.ZodType>(item: T) => z.preprocess((value) => value ?? [], z.array(item));

/** A file of the site in public/ ('/clients/acme.svg' is public/clients/acme.svg), with the size it is drawn at. */
export const logo = ({ isFile }: Pick<ContentContext, 'isFile'>) =>
  z.strictObject({
    src: z
      .string()
      .regex(/^\//, { error: 'should start with “/”: a file in public/', abort: true })
      .refine((src) => isFile(`public${src}`), { error: (issue) => `is not there: put the file at public${String(issue.input)}, or correct the path` }),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  });
