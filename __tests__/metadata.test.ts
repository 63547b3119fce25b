import { homeShareImage, pageMetadata, sharedOpenGraph } from '@/lib/metadata';

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
    });
    expect(metadata.twitter).toMatchObject({ card: 'summary_large_image', title: 'About NPTS', description: 'Who we are.' });
  });

  it('names no image, so the route’s own opengraph-image (drawn from this title) is the one shared', () => {
    expect(metadata.openGraph).not.toHaveProperty('images');
    expect(metadata.twitter).not.toHaveProperty('images');
  });
});

describe('pageMetadata for a page kept out of search results', () => {
  it('asks search engines not to index it, and shows the home page’s card', () => {
    const metadata = pageMetadata({ title: 'Message sent', description: 'Sent.', path: '/contact/sent', noIndex: true });
    expect(metadata.robots).toEqual({ index: false });
    expect(metadata.openGraph).toMatchObject({ images: [homeShareImage] });
    expect(metadata.twitter).toMatchObject({ images: [homeShareImage] });
    expect(pageMetadata({ title: 'A', description: 'B', path: '/about' }).robots).toBeUndefined();
  });
});
