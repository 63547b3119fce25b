/**
 * The schema of content/testimonial.yaml: the /rest page's testimonial, the client's own words and
 * who said them, published with their permission.
 */
import { z } from 'zod';
import type { ContentFile } from './load-content.ts';
import { text } from './schema-parts.ts';

const testimonial = z.strictObject({ quote: text(), name: text(), role: text(), company: text() });

export type Testimonial = z.output<typeof testimonial>;

export const testimonialFile: ContentFile<Testimonial> = { file: 'testimonial.yaml', schema: () => testimonial, nouns: {} };
