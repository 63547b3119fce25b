import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import type { Metadata } from 'next';
import { metadata as rootMetadata } from '@/app/layout';
import { metadata as notFoundMetadata } from '@/app/not-found';
import { routes, site } from '@/lib/site';

jest.mock('next/navigation', () => ({ usePathname: () => '/' }));

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

  it.each(metadata)('$path has its own share image, drawn from its metadata, which names no other', ({ path, openGraph, twitter }) => {
    const folder = join(process.cwd(), 'app', path === '/' ? '' : path);
    expect(existsSync(join(folder, 'opengraph-image.tsx'))).toBe(true);
    expect(openGraph).not.toHaveProperty('images');
    expect(twitter).not.toHaveProperty('images');
  });

  it('lets the root layout and the not-found page fall back to the home page’s share image', () => {
    expect(rootMetadata.openGraph).not.toHaveProperty('images');
    expect(notFoundMetadata.openGraph).toBeUndefined();
  });
});
