import { pageMetadata, sharedOpenGraph } from '@/lib/metadata';
import { site } from '@/lib/site';

describe('pageMetadata', () => {
  const metadata = pageMetadata({ title: 'About NPTS', description: 'Who we are.', path: '/about' });

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
      images: [site.ogImage],
    });
  });

  it('uses a page’s own share image when it has one', () => {
    const image = { url: '/og/about.png', width: 1200, height: 630, alt: 'About' };
    const withImage = pageMetadata({ title: 'A', description: 'B', path: '/about', image });
    expect(withImage.openGraph?.images).toEqual([image]);
    expect(withImage.twitter).toMatchObject({ card: 'summary_large_image', images: [image] });
  });
});
