import { site } from '@/lib/site';
import { ogImageFor, ogImageName, pageMetadata, sharedOpenGraph } from '@/lib/metadata';

describe('pageMetadata', () => {
  const metadata = pageMetadata({ title: 'About NPTS', description: 'Who we are.', path: '/about' });
  const aboutImage = { url: '/og/about.png', width: 1200, height: 630, alt: 'About NPTS' };

  it('sets the title, description and canonical path', () => {
    expect(metadata.title).toBe('About NPTS');
    expect(metadata.description).toBe('Who we are.');
    expect(metadata.alternates?.canonical).toBe('/about');
  });

  it('keeps the shared Open Graph fields next to the page’s own', () => {
    expect(metadata.openGraph).toMatchObject({
      ...sharedOpenGraph,
      title: 'About NPTS',
      description: 'Who we are.',
      url: '/about',
    });
  });

  it('picks the share image named after the path when none is given', () => {
    expect(metadata.openGraph?.images).toEqual([aboutImage]);
    expect(metadata.twitter).toMatchObject({ card: 'summary_large_image', images: [aboutImage] });
  });

  it('uses an image passed in instead of the route’s own', () => {
    const image = { url: '/og/special.png', width: 1200, height: 630, alt: 'Special' };
    const withImage = pageMetadata({ title: 'A', description: 'B', path: '/about', image });
    expect(withImage.openGraph?.images).toEqual([image]);
    expect(withImage.twitter).toMatchObject({ images: [image] });
  });
});

describe('pageMetadata for a page kept out of search results', () => {
  it('asks search engines not to index it and shares the default image', () => {
    const metadata = pageMetadata({ title: 'Message sent', description: 'Sent.', path: '/contact/sent', noIndex: true });
    expect(metadata.robots).toEqual({ index: false });
    expect(metadata.openGraph?.images).toEqual([site.ogImage]);
    expect(pageMetadata({ title: 'A', description: 'B', path: '/about' }).robots).toBeUndefined();
  });
});

describe('ogImageName', () => {
  it('names the home page’s image home and every other after its path', () => {
    expect(ogImageName('/')).toBe('home');
    expect(ogImageName('/coms')).toBe('coms');
    expect(ogImageName('/a/b')).toBe('a-b');
  });

  it('builds a 1200×630 image described by the page title', () => {
    expect(ogImageFor('/rest', 'REST')).toEqual({ url: '/og/rest.png', width: 1200, height: 630, alt: 'REST' });
  });
});
