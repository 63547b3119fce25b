import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import type { Metadata } from 'next';
import { metadata as rootMetadata } from '@/app/layout';
import { metadata as notFoundMetadata } from '@/app/not-found';
import { routes, site, unlistedRoutes } from '@/lib/site';
import { withSiteFacts } from './helpers/site-facts';
import { content } from '@/lib/content';

jest.mock('next/navigation', () => ({ usePathname: () => '/' }));

type PageModule = { default: () => React.ReactElement; generateMetadata: () => Metadata };

/** The pages that sell: every listed page but the form and the privacy notice. */
const contentRoutes = routes.filter((path) => !['/contact', '/privacy'].includes(path));

/** A page's text as a visitor reads it, with its title and description. */
function textOf(path: string): string {
  const page = loadPage(path);
  const Page = page.default;
  const { container, unmount } = render(<Page />);
  const { title, description } = page.generateMetadata();
  const text = `${title} ${description} ${container.textContent}`.replace(/\s+/g, ' ');
  unmount();
  return text;
}

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

  it('states the reply time wherever it promises one, from the one site fact: a change to it shows on every such page', () => {
    const pages = [...routes, ...unlistedRoutes];
    const promising = (text: string) => /\breply within\b/i.test(text);
    const before = new Map(pages.map((path) => [path, textOf(path)]));
    const after = withSiteFacts({ replyTime: 'two working hours' }, () => new Map(pages.map((path) => [path, textOf(path)])));
    const stating = pages.filter((path) => promising(before.get(path)!));
    expect(stating).toEqual(expect.arrayContaining(['/contact', '/contact/sent', ...contentRoutes]));
    expect(pages.filter((path) => promising(after.get(path)!))).toEqual(stating);
    expect(pages.filter((path) => after.get(path)!.includes(content.company.replyTime))).toEqual([]);
    const promises = pages.flatMap((path) => (after.get(path)!.match(/\breply within [^.]*/gi) ?? []).map((promise) => `${path}: ${promise}`));
    expect(promises.filter((promise) => !promise.endsWith(': reply within two working hours'))).toEqual([]);
  });

  it.each(routes)('%s: a card that links to a page names something that page explains in a heading', (path) => {
    const Page = loadPage(path).default;
    const { container, unmount } = render(<Page />);
    const cards = [...container.querySelectorAll<HTMLAnchorElement>('article h3 a[href^="/"]')].map((link) => ({ title: link.textContent!.replace(/\s*→$/, ''), href: link.getAttribute('href')! }));
    unmount();
    const broken = cards.filter(({ title, href }) => {
      const Target = loadPage(href).default;
      const { container: target, unmount: close } = render(<Target />);
      const headings = [...target.querySelectorAll('h1, h2, h3')].map((heading) => heading.textContent!.toLowerCase()).join(' ');
      close();
      return !title.toLowerCase().split(/\W+/).filter((word) => word.length > 2).every((word) => headings.includes(word));
    });
    expect(broken).toEqual([]);
  });

  it.each(routes)('%s makes the “over 50 years” claim at most once, title and description included', (path) => {
    expect(textOf(path).match(/\b50\+|\bover 50 years\b/gi)?.length ?? 0).toBeLessThanOrEqual(1);
  });

  it('lets the root layout and the not-found page fall back to the home page’s share image', () => {
    expect(rootMetadata.openGraph).not.toHaveProperty('images');
    expect(notFoundMetadata.openGraph).toBeUndefined();
  });
});
