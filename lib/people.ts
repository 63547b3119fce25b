/**
 * The schema of content/people.yaml: the people a client works with (docs/editors-guide.md).
 * Shown only when there is one: on About as "Who you will work with", on /contact (the one who
 * answers enquiries: one person, or nobody) and in the search engines' structured data. Add only
 * real people who agreed to be shown; a person without a photo gets a badge with their initials,
 * never a stock picture.
 */
import { z } from 'zod';
import type { ContentContext, ContentFile } from './load-content.ts';
import { link, list, text } from './schema-parts.ts';

const inPublic = (path: string) => /^(\.\/)?public\//.test(path);

const person = (context: ContentContext) =>
  z.strictObject({
    name: text(),
    role: text(),
    background: text(),
    languages: z.array(text()).min(1),
    /**
     * A photo, as a path from the project's root outside public/: 'app/people/photos/jane-doe.jpg'.
     * The build crops it square and makes it small, as /people/jane-doe.webp (scripts/build/people-photos.mjs).
     */
    photo: text()
      // public/ is published as it is: the full-size original would be on the site beside the small copy.
      .refine((path) => !inPublic(path), {
        error: (issue) => `has a photo in public/, ${String(issue.input)}, which would publish the full-size original: move it to app/people/photos/ (any folder but public/) and give that path`,
      })
      .refine((path) => inPublic(path) || context.isFile(path), { error: (issue) => `has a photo, ${String(issue.input)}, that is not there: give its path from the project's root, or leave photo out for a badge with the initials` })
      .optional(),
    profile: link(context).optional(),
    founder: z.boolean().optional(),
    answersEnquiries: z.boolean().optional(),
  });

const people = (context: ContentContext) =>
  list(person(context)).superRefine((entries, refinement) => {
    const first = entries.findIndex((entry) => entry.answersEnquiries);
    entries.forEach((entry, index) => {
      if (entry.answersEnquiries && index > first) {
        refinement.addIssue({ code: 'custom', path: [index, 'answersEnquiries'], message: `answers enquiries too, but ${entries[first].name} already does: /contact names one person, so set answersEnquiries on one only` });
      }
    });
    const names = entries.map((entry) => entry.photo && entry.photo.replace(/^.*\//, '').replace(/\.[^.]+$/, ''));
    names.forEach((name, index) => {
      if (name && names.indexOf(name) < index) {
        refinement.addIssue({ code: 'custom', path: [index, 'photo'], message: `has a photo named as ${entries[names.indexOf(name)].name}'s: both would be /people/${name}.webp, so give each photo a file name of its own` });
      }
    });
  });

export type Person = z.output<ReturnType<typeof person>>;

export const peopleFile: ContentFile<readonly Person[]> = { file: 'people.yaml', schema: people, nouns: { '': 'person' } };
