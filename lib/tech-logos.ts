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

/** The technologies we build with, as About shows them, by their simple-icons marks. */
export const technologies: readonly SimpleIcon[] = [
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

/**
 * The logo card's surface and text in each colour scheme (`--color-surface` and `--color-text` in
 * app/globals.css): an image cannot read the page's custom properties.
 */
const schemes = {
  light: { surface: '#ffffff', text: '#10233d' },
  dark: { surface: '#183052', text: '#e6edf5' },
} as const;

/** The brand colour where it stands out enough from the card; the text colour where it does not. */
function markColour(hex: string, scheme: keyof typeof schemes): string {
  const { surface, text } = schemes[scheme];
  return contrastRatio(hex, surface) >= GRAPHIC_CONTRAST ? `#${hex}` : text;
}

export function techLogoUrl(icon: SimpleIcon): string {
  return `/logos/${icon.slug}.svg`;
}

/** A mark as a standalone SVG file that follows the visitor's colour scheme. */
export function techLogoSvg(icon: SimpleIcon): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="40" height="40">',
    `<style>path{fill:${markColour(icon.hex, 'light')}}@media (prefers-color-scheme:dark){path{fill:${markColour(icon.hex, 'dark')}}}</style>`,
    `<path d="${icon.path}"/>`,
    '</svg>',
  ].join('');
}
