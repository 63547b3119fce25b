/**
 * The schema of content/testimonial.yaml: the /rest page's testimonial, the client's own words and
 * who said them, published with their permission. The spec asks for it, so unlike the other files
 * it cannot be left empty: until a client agrees, it stays a placeholder.
 */
import { z } from 'zod';
import type { ContentFile } from './load-content.ts';
import { text } from './schema-parts.ts';

const testimonial = z.strictObject({
  quote: text(),
  name: text(),
  role: text(),
  company: text(),
  /** Who agreed to the words being published under the name, how and when (as a result's quote records it): never shown. */
  permission: z.string().optional(),
}).superRefine((entry, context) => {
  if (!entry.permission?.trim()) {
    context.addIssue({ code: 'custom', path: [entry.permission === undefined ? 'quote' : 'permission'], message: 'has no recorded permission: write who agreed, how and when in permission (/rest needs a testimonial, so until a client agrees, keep the placeholder)' });
  }
});

export type Testimonial = z.output<typeof testimonial>;

export const testimonialFile: ContentFile<Testimonial> = { file: 'testimonial.yaml', schema: () => testimonial, nouns: {}, whole: 'the testimonial' };
