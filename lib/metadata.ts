import type { Metadata } from 'next';
import { site } from '@/lib/site';

type PageMetadataInput = {
  title: string;
  description: string;
  /** The route's path, e.g. `/about`; becomes the canonical URL. */
  path: `/${string}`;
  image?: { url: string; width: number; height: number; alt: string };
};

/** Open Graph fields every page shares. Next merges `openGraph` shallowly, so pages spread these. */
export const sharedOpenGraph = {
  type: 'website',
  siteName: site.name,
  locale: site.locale,
} as const;

/**
 * The metadata of one route: its title and description, canonical URL and the Open Graph and
 * Twitter cards built from them, keeping the shared fields.
 */
export function pageMetadata({ title, description, path, image = site.ogImage }: PageMetadataInput): Metadata {
  return {
    title,
    description,
    alternates: { canonical: path },
    openGraph: { ...sharedOpenGraph, title, description, url: path, images: [image] },
    twitter: { card: 'summary_large_image', title, description, images: [image] },
  };
}
