import type { Person } from '@/lib/people';
import styles from './person-badge.module.css';

/** In CSS pixels: About's cards, and /contact's named contact. */
const sizes = { large: 80, small: 56 } as const;

/** 'Ana Petrova' → 'AP'. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/);
  const first = (word: string | undefined) => (word ? [...word][0] : '');
  return `${first(words[0])}${words.length > 1 ? first(words.at(-1)) : ''}`.toLocaleUpperCase('en-GB');
}

/**
 * Where the build puts a person's photo, made small (scripts/build/people-photos.mjs): its file
 * name, as WebP, in /people/. app/people/photos/jane-doe.jpg → /people/jane-doe.webp.
 */
export function photoSrc(path: string): string {
  return `/people/${path.replace(/^.*\//, '').replace(/\.[^.]*$/, '')}.webp`;
}

/**
 * A person's photo, round, from a file the build made small (one for every page that shows it,
 * cached once); without one, their initials on the site's colours, never a stock face. It stands
 * beside their name, so it says nothing more to a screen reader. Sized, so nothing moves when it
 * comes, and lazy: it sits below the first screen, or at its foot, and is never the largest paint.
 */
export function PersonBadge({ person, size }: { person: Person; size: keyof typeof sizes }) {
  const className = `${styles.badge} ${styles[size]}`;
  if (person.photo) {
    // A plain img: the export serves images as they are, and next/image would only add JavaScript.
    // eslint-disable-next-line @next/next/no-img-element
    return <img className={className} src={photoSrc(person.photo)} alt="" width={sizes[size]} height={sizes[size]} loading="lazy" decoding="async" />;
  }
  return (
    <span className={className} aria-hidden="true">
      {initials(person.name)}
    </span>
  );
}
