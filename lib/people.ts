/**
 * EDITOR: the people a client works with (docs/editors-guide.md). Shown only when there is one:
 * on About as "Who you will work with", on /contact (the one who answers enquiries) and in the
 * search engines' structured data. Add only real people who agreed to be shown; a person without a
 * photo gets a badge with their initials, never a stock picture.
 */
export type Person = {
  name: string;
  /** 'Head of vessel IT'. */
  role: string;
  /** One line on what they have done: 'Twelve years running onboard networks for offshore supply vessels.' */
  background: string;
  languages: readonly string[];
  /**
   * A photo, as a path from the project's root: 'app/people/photos/jane-doe.jpg'. The build crops
   * it square and makes it small, as /people/jane-doe.webp (scripts/build/people-photos.mjs), so
   * each photo needs a file name of its own; any size and JPEG, PNG or WebP will do.
   */
  photo?: string;
  /** Their professional profile, e.g. on LinkedIn (https://…). */
  profile?: string;
  /** A founder of the company (structured data: `founder`, the others `employee`). */
  founder?: boolean;
  /** The one who answers enquiries: named on /contact. */
  answersEnquiries?: boolean;
};

export const people: readonly Person[] = [];
