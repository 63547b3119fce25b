import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Metadata } from 'next';
import { ImageResponse } from 'next/og';
import subsetFont from 'subset-font';
import { content } from '@/lib/content';
import { serviceLinks, site, vesselLinks } from '@/lib/site';

/**
 * Share images (Open Graph and Twitter cards), drawn at build time from a route's own metadata by
 * its `opengraph-image.tsx`: an edited title or description can never leave a stale picture.
 */
export const shareImageSize = { width: 1200, height: 630 };

const root = process.cwd();

/** The card's heading: the page title without the site's name, which the card shows above it ("X | NPTS", "NPTS - X"). */
function heading(title: string): string {
  return title.replace(new RegExp(`\\s*[|–-]\\s*${site.name}$|^${site.name}\\s*[|–-]\\s*`), '');
}

/** What the card says above the heading: the navigation group the page belongs to. */
function eyebrow(path: string): string {
  if (serviceLinks.some((link) => link.href === path)) return 'Services';
  if (vesselLinks.some((link) => link.href === path)) return 'Vessel / Rig IT';
  return 'Remote-first IT for sea and shore';
}

const svgDataUri = async (file: string) => `data:image/svg+xml;base64,${(await readFile(file)).toString('base64')}`;

/**
 * The site's own font (app/fonts/inter-subset.woff2, variable) as static TrueType instances of
 * the weights the card uses, which is what the renderer reads. Every glyph the card needs must be
 * in them (in both cases: the eyebrow is drawn in capitals), or the renderer would try to fetch
 * a font from the network.
 */
async function fonts(text: string) {
  const variable = await readFile(join(root, 'app/fonts/inter-subset.woff2'));
  const glyphs = `${text}${text.toUpperCase()}${text.toLowerCase()}`;
  return Promise.all(
    ([400, 700, 800] as const).map(async (weight) => ({
      name: 'Inter',
      weight,
      style: 'normal' as const,
      data: await subsetFont(variable, glyphs, { targetFormat: 'truetype', variationAxes: { wght: weight } }),
    })),
  );
}

/** A route's 1200×630 card: brand, group, title, description, and the page's illustration when it has one. */
export async function shareImage({ title, description, path }: { title: string; description: string; path: string }) {
  const name = path === '/' ? 'home' : path.slice(1);
  const art = join(root, 'public/illustrations', `${name}.svg`);
  const picture = existsSync(art) ? await svgDataUri(art) : null;
  const logo = await svgDataUri(join(root, 'public/logo.svg'));
  const text = heading(title);
  const group = eyebrow(path);
  const strap = ['Remote-first IT · 24/7 support', content.company.areaServed.join(', ').replace(', ', ' · ')];

  return new ImageResponse(
    (
      <div style={{ width: '100%', height: '100%', display: 'flex', flexDirection: 'column', fontFamily: 'Inter', color: '#fff', background: 'linear-gradient(160deg, #0b2140, #12305a)' }}>
        <div style={{ flex: 1, display: 'flex', padding: '56px 64px 24px', gap: 40 }}>
          <div style={{ flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'center', gap: 22 }}>
            <div style={{ display: 'flex', alignItems: 'center', gap: 16, fontSize: 34, fontWeight: 800, letterSpacing: '0.06em' }}>
              {/* eslint-disable-next-line @next/next/no-img-element -- drawn into a PNG, not a page */}
              <img src={logo} width={56} height={56} alt="" />
              <span>{site.name}</span>
            </div>
            <div style={{ color: '#f5b83d', fontSize: 24, fontWeight: 700, letterSpacing: '0.1em', textTransform: 'uppercase' }}>{group}</div>
            <div style={{ fontSize: text.length > 34 ? 54 : 66, fontWeight: 800, lineHeight: 1.08, letterSpacing: '-0.015em' }}>{text}</div>
            <div style={{ color: '#dbe5f1', fontSize: 26, fontWeight: 400, lineHeight: 1.4 }}>{description}</div>
          </div>
          <div style={{ width: picture ? 440 : 280, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            {/* eslint-disable-next-line @next/next/no-img-element -- drawn into a PNG, not a page */}
            <img src={picture ?? logo} width={picture ? 440 : 280} height={picture ? 330 : 280} alt="" />
          </div>
        </div>
        <div style={{ display: 'flex', justifyContent: 'space-between', padding: '20px 64px', background: '#07162b', color: '#d3dcea', fontSize: 22, fontWeight: 700, borderTop: '4px solid #f5b83d' }}>
          {strap.map((part) => (
            <span key={part}>{part}</span>
          ))}
        </div>
      </div>
    ),
    { ...shareImageSize, fonts: await fonts([site.name, group, text, description, ...strap].join(' ')) },
  );
}

/** The card of a page whose generateMetadata returns pageMetadata(…): the page's own title, description and path. */
export function pageShareImage(metadata: Metadata) {
  return shareImage({ title: String(metadata.title), description: String(metadata.description), path: String(metadata.alternates?.canonical) });
}

/** The square logo (site.logo) that structured data names, drawn from public/logo.svg on white. */
export async function logoImage() {
  const logo = await svgDataUri(join(root, 'public/logo.svg'));
  const inner = Math.round(site.logo.width * 0.875);
  return new ImageResponse(
    (
      <div style={{ width: '100%', height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#fff' }}>
        {/* eslint-disable-next-line @next/next/no-img-element -- drawn into a PNG, not a page */}
        <img src={logo} width={inner} height={inner} alt="" />
      </div>
    ),
    { width: site.logo.width, height: site.logo.height },
  );
}
