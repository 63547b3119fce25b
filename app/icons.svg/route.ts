import { iconPath, icons } from '@/lib/icons';

export const dynamic = 'force-static';

/**
 * /icons.svg: every icon of lib/icons.ts as a symbol named as there, the one file the pages'
 * icons point to (components/icon.tsx). A symbol takes the colour of the text around its icon.
 */
export function GET() {
  const symbols = Object.entries(icons).map(([name, icon]) => {
    const [width, height] = icon.icon;
    return `<symbol id="${name}" viewBox="0 0 ${width} ${height}"><path d="${iconPath(icon)}" fill="currentColor"/></symbol>`;
  });
  return new Response(`<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`, { headers: { 'Content-Type': 'image/svg+xml' } });
}
