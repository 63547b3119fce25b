import {
  type SimpleIcon,
  siDocker,
  siKubernetes,
  siLinux,
  siMysql,
  siNextdotjs,
  siNodedotjs,
  siPhp,
  siPostgresql,
  siPython,
  siReact,
  siSwagger,
  siTypescript,
} from 'simple-icons';
import { contrastRatio, GRAPHIC_CONTRAST } from '@/lib/contrast';
import styles from './tech-logos.module.css';

const technologies: readonly SimpleIcon[] = [
  siTypescript,
  siReact,
  siNextdotjs,
  siNodedotjs,
  siPython,
  siPhp,
  siPostgresql,
  siMysql,
  siDocker,
  siKubernetes,
  siLinux,
  siSwagger,
];

/** The card surface in each colour scheme (`--color-surface` in app/globals.css). */
const surfaces = { light: '#ffffff', dark: '#13263f' } as const;

/** The brand colour where it stands out enough from the card; the text colour where it does not. */
function markColour(hex: string, surface: string): string {
  return contrastRatio(hex, surface) >= GRAPHIC_CONTRAST ? `#${hex}` : 'currentColor';
}

/**
 * The technologies we build with, as their brand marks from simple-icons, drawn to inline SVG
 * at build time. Each mark is named for assistive technology; the visible name repeats it for
 * sighted readers.
 */
export function TechLogos() {
  return (
    <ul className={styles.logos}>
      {technologies.map((icon) => (
        <li
          key={icon.slug}
          className={styles.logo}
          style={{ '--mark-light': markColour(icon.hex, surfaces.light), '--mark-dark': markColour(icon.hex, surfaces.dark) } as React.CSSProperties}
        >
          <svg role="img" aria-label={icon.title} viewBox="0 0 24 24" width="40" height="40" className={styles.mark}>
            <path d={icon.path} />
          </svg>
          <span className={styles.name} aria-hidden="true">
            {icon.title}
          </span>
        </li>
      ))}
    </ul>
  );
}
