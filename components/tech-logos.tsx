import { techLogoUrl, technologies } from '@/lib/tech-logos';
import styles from './tech-logos.module.css';

/**
 * The technologies we build with, as their brand marks from simple-icons. Each mark is a small
 * SVG file of its own (app/logos/), loaded as the list scrolls near, so the page's HTML stays
 * light. The image is named for assistive technology; the visible name repeats it for sighted
 * readers.
 */
export function TechLogos() {
  return (
    <ul className={styles.logos}>
      {technologies.map((icon) => (
        <li key={icon.slug} className={`card ${styles.logo}`}>
          {/* A plain img: the export serves images as they are, and next/image would only add JavaScript. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={techLogoUrl(icon)} alt={icon.title} width={40} height={40} className={styles.mark} loading="lazy" decoding="async" />
          <span className={styles.name} aria-hidden="true">
            {icon.title}
          </span>
        </li>
      ))}
    </ul>
  );
}
