import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contrastRatio, GRAPHIC_CONTRAST } from '@/lib/contrast';
import { techLogoSvg, techLogoUrl, technologies } from '@/lib/tech-logos';

/** A token's value in app/globals.css: in `:root`, or in its dark colour scheme block. */
function token(name: string, scheme: 'light' | 'dark'): string {
  const css = readFileSync(join(process.cwd(), 'app/globals.css'), 'utf8');
  const block = scheme === 'light' ? css : css.slice(css.indexOf('@media (prefers-color-scheme: dark)'));
  return new RegExp(`${name}:\\s*(#[0-9a-f]{6});`, 'i').exec(block)![1];
}

const card = { light: token('--color-surface', 'light'), dark: token('--color-surface', 'dark') };
const text = { light: token('--color-text', 'light'), dark: token('--color-text', 'dark') };

/** The fill a mark file gives its path in the light and the dark colour scheme. */
function fills(svg: string): { light: string; dark: string } {
  const [, light, dark] = /^<svg[^>]*><style>path\{fill:(#[0-9a-f]{6})\}@media \(prefers-color-scheme:dark\)\{path\{fill:(#[0-9a-f]{6})\}\}<\/style>/i.exec(svg) ?? [];
  return { light, dark };
}

describe('techLogoSvg', () => {
  it.each(technologies.map((icon) => [icon.title, icon] as const))('draws %s at 3:1 or more against the card in both colour schemes', (_title, icon) => {
    const { light, dark } = fills(techLogoSvg(icon));
    expect(contrastRatio(light, card.light)).toBeGreaterThanOrEqual(GRAPHIC_CONTRAST);
    expect(contrastRatio(dark, card.dark)).toBeGreaterThanOrEqual(GRAPHIC_CONTRAST);
    expect(techLogoSvg(icon)).toContain(`<path d="${icon.path}"/>`);
  });

  it('keeps the brand colour where it stands out and falls back to the text colour where it does not', () => {
    const react = technologies.find((icon) => icon.slug === 'react')!;
    const nextjs = technologies.find((icon) => icon.slug === 'nextdotjs')!;
    // React's light blue is too pale on white; Next.js's black is lost on the dark card.
    expect(fills(techLogoSvg(react))).toEqual({ light: text.light, dark: `#${react.hex}` });
    expect(fills(techLogoSvg(nextjs))).toEqual({ light: `#${nextjs.hex}`, dark: text.dark });
  });

  it('names one file per technology under /logos', () => {
    const urls = technologies.map(techLogoUrl);
    expect(new Set(urls).size).toBe(technologies.length);
    for (const url of urls) expect(url).toMatch(/^\/logos\/[a-z]+\.svg$/);
  });
});
