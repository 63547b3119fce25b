import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';

/** A Font Awesome icon, rendered to inline SVG at build time. Decorative: the text beside it says what it means. */
export function Icon({ icon, size = 20, className }: { icon: IconDefinition; size?: number; className?: string }) {
  const [width, height, , , path] = icon.icon;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={size}
      height={size}
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <path d={Array.isArray(path) ? path.join(' ') : path} fill="currentColor" />
    </svg>
  );
}
