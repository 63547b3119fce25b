import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import type { Metadata } from 'next';
import { metadata as rootMetadata } from '@/app/layout';
import { metadata as notFoundMetadata } from '@/app/not-found';
import { routes, site } from '@/lib/site';

jest.mock('next/navigation', () => ({ usePathname: () => '/' }));

type ShareImage = { url: string; width: number; height: number; alt: string };

/** The width and height a PNG file declares in its IHDR chunk, after checking its signature. */
function pngSize(publicUrl: string): { width: number; height: number } {
  const file = readFileSync(join(process.cwd(), 'public', publicUrl));
  expect(file.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: file.readUInt32BE(16), height: file.readUInt32BE(20) };
}

function imagesOf(card: Metadata['openGraph'] | Metadata['twitter']): ShareImage[] {
  return (card as { images: ShareImage[] }).images;
}

type PageModule = { default: () => React.ReactElement; generateMetadata: () => Metadata };

function loadPage(path: string): PageModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(`@/app${path === '/' ? '' : path}/page`);
}

describe('routes', () => {
  const metadata = routes.map((path) => ({ path, ...loadPage(path).generateMetadata() }));

  it.each(routes)('%s renders exactly one h1', (path) => {
    const Page = loadPage(path).default;
    render(<Page />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it.each(metadata)('$path has a non-empty title and description and its own canonical URL', ({ path, title, description, alternates }) => {
    expect(typeof title).toBe('string');
    expect((title as string).trim()).not.toBe('');
    expect(description?.trim()).not.toBe('');
    expect(alternates?.canonical).toBe(path);
  });

  it('gives every route a different title and description', () => {
    expect(new Set(metadata.map((page) => page.title)).size).toBe(routes.length);
    expect(new Set(metadata.map((page) => page.description)).size).toBe(routes.length);
  });

  it('keeps the default title on the home page only', () => {
    expect(metadata.filter((page) => page.title === site.title).map((page) => page.path)).toEqual(['/']);
  });

  it.each(metadata)('$path shares its own 1200×630 PNG from public/og on Open Graph and Twitter', ({ path, title, openGraph, twitter }) => {
    const [image] = imagesOf(openGraph);
    expect(image.url).toBe(`/og/${path === '/' ? 'home' : path.slice(1)}.png`);
    expect(image.alt).toBe(title);
    expect(imagesOf(twitter)).toEqual([image]);
    expect(pngSize(image.url)).toEqual({ width: 1200, height: 630 });
  });

  it('gives every route a different share image', () => {
    expect(new Set(metadata.map((page) => imagesOf(page.openGraph)[0].url)).size).toBe(routes.length);
  });

  it('falls back to the default share image in the root layout and on the not-found page', () => {
    expect(imagesOf(rootMetadata.openGraph)).toEqual([site.ogImage]);
    expect(imagesOf(rootMetadata.twitter)).toEqual([site.ogImage]);
    expect(notFoundMetadata.openGraph).toBeUndefined();
    expect(pngSize(site.ogImage.url)).toEqual({ width: 1200, height: 630 });
    expect(pngSize(site.logo.url)).toEqual({ width: site.logo.width, height: site.logo.height });
  });
});
