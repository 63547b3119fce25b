import type { IconName } from '@/lib/icons';

/**
 * One of the site's icons (lib/icons.ts), drawn from the sprite every page shares. Decorative: the
 * text beside it says what it means. Its box is set here, so nothing moves when the sprite arrives.
 */
export function Icon({ name, size }: { name: IconName; size: number }) {
  return (
    <svg width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}
