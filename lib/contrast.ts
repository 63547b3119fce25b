/** WCAG 2.x relative luminance of a `#rrggbb` or `rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const value = hex.replace(/^#/, '');
  if (!/^[0-9a-f]{6}$/i.test(value)) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [0, 2, 4].map((start) => {
    const channel = parseInt(value.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG 1.4.11: graphics that carry meaning need 3:1 against what is next to them. */
export const GRAPHIC_CONTRAST = 3;
