import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

/**
 * A picture of public/ (an SVG drawn for the site, e.g. '/illustrations/coms.svg') as a data: URL,
 * for a picture in a page's first screen: it comes with the HTML and paints in the first frame,
 * where a file would wait a round trip after the HTML (0.6 s on a slow phone link). Read when the
 * page is built; comments and the indentation between tags go, which draw nothing.
 */
export function inlineSvg(src: string): string {
  const svg = readFileSync(join(process.cwd(), 'public', src), 'utf8')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/>\s+</g, '><')
    .trim();
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * A person's photo (lib/people.ts: a path from the project's root) as a small square WebP data:
 * URL, cropped around what draws the eye and drawn at twice the `size` it shows at. Made when the
 * page is built, so the photo an editor adds can be of any size; in the HTML, as a route of its own
 * could not be exported while the list of people is empty.
 */
export async function inlinePhoto(path: string, size: number): Promise<string> {
  const photo = await sharp(readFileSync(join(process.cwd(), path)))
    .rotate()
    .resize(size * 2, size * 2, { fit: 'cover', position: sharp.strategy.attention })
    .webp({ quality: 70 })
    .toBuffer();
  return `data:image/webp;base64,${photo.toString('base64')}`;
}
