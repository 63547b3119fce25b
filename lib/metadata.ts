import type { Metadata } from 'next';
import { site } from '@/lib/site';

type PageMetadataInput = {
  title: string;
  description: string;
  /** The route's path, e.g. `/about`; becomes the canonical URL. */
  path: `/${string}`;
  /** For pages search engines should not list (e.g. the contact form's result pages). */
  noIndex?: boolean;
};

/** Open Graph fields every page shares. Next merges `openGraph` shallowly, so pages spread these. */
export const sharedOpenGraph = {
  type: 'website',
  siteName: site.name,
  locale: site.locale,
} as const;

/**
 * The metadata of one route: its title and description, canonical URL and the Open Graph and
 * Twitter cards built from them, keeping the shared fields. The cards' picture is the route's
 * `opengraph-image.tsx`, drawn from this same title and description at build time.
 */
export function pageMetadata({ title, description, path, noIndex = false }: PageMetadataInput): Metadata {
  // A page kept out of search results has no card of its own: it shows the home page's.
  const images = noIndex ? { images: [homeShareImage] } : {};
  return {
    title,
    description,
    ...(noIndex && { robots: { index: false } }),
    alternates: { canonical: path },
    openGraph: { ...sharedOpenGraph, title, description, url: path, ...images },
    twitter: { card: 'summary_large_image', title, description, ...images },
  };
}

/** The home page's share image, as app/opengraph-image.tsx writes it. */
export const homeShareImage = { url: '/opengraph-image', width: 1200, height: 630, type: 'image/png', alt: site.title };
