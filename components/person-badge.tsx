import { inlinePhoto } from '@/lib/inline-image';
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
 * A person's photo, round, made small when the page is built; without one, their initials on the
 * site's colours, never a stock face. It stands beside their name, so it says nothing more to a
 * screen reader.
 */
export function PersonBadge({ person, size }: { person: Person; size: keyof typeof sizes }) {
  const className = `${styles.badge} ${styles[size]}`;
  if (person.photo) return <Photo path={person.photo} size={sizes[size]} className={className} />;
  return (
    <span className={className} aria-hidden="true">
      {initials(person.name)}
    </span>
  );
}

async function Photo({ path, size, className }: { path: string; size: number; className: string }) {
  // A data: URL made at build time: next/image would only add JavaScript.
  // eslint-disable-next-line @next/next/no-img-element
  return <img className={className} src={await inlinePhoto(path, size)} alt="" width={size} height={size} decoding="async" />;
}
