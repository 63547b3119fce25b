import type { Metadata } from 'next';
import { site } from '@/lib/site';

type ShareImage = { url: string; width: number; height: number; alt: string };

type PageMetadataInput = {
  title: string;
  description: string;
  /** The route's path, e.g. `/about`; becomes the canonical URL and picks the share image. */
  path: `/${string}`;
  /** Overrides the route's own share image from `public/og/`. */
  image?: ShareImage;
  /** For pages search engines should not list (e.g. the contact form's result pages): no own share image either. */
  noIndex?: boolean;
};

/** Open Graph fields every page shares. Next merges `openGraph` shallowly, so pages spread these. */
export const sharedOpenGraph = {
  type: 'website',
  siteName: site.name,
  locale: site.locale,
} as const;

/**
 * The file name (without `.png`) of a route's share image in `public/og/`: `home` for `/`, the
 * path itself otherwise. `scripts/make-og-images.mjs` writes one per route under these names.
 */
export function ogImageName(path: `/${string}`): string {
  return path === '/' ? 'home' : path.slice(1).replace(/\//g, '-');
}

/** The route's 1200×630 share image, named after its path so no page has to list it. */
export function ogImageFor(path: `/${string}`, title: string): ShareImage {
  return { url: `/og/${ogImageName(path)}.png`, width: site.ogImage.width, height: site.ogImage.height, alt: title };
}

/**
 * The metadata of one route: its title and description, canonical URL and the Open Graph and
 * Twitter cards built from them, keeping the shared fields.
 */
export function pageMetadata({ title, description, path, noIndex = false, image = noIndex ? site.ogImage : ogImageFor(path, title) }: PageMetadataInput): Metadata {
  return {
    title,
    description,
    ...(noIndex && { robots: { index: false } }),
    alternates: { canonical: path },
    openGraph: { ...sharedOpenGraph, title, description, url: path, images: [image] },
    twitter: { card: 'summary_large_image', title, description, images: [image] },
  };
}
