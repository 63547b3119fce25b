/** @jest-environment node */
import { createHash } from 'node:crypto';
import { generateMetadata } from '@/app/network/page';
import { pageShareImage, shareImage } from '@/lib/share-image';

const png = async (response: Response) => Buffer.from(await response.arrayBuffer());
const digest = (image: Buffer) => createHash('sha256').update(image).digest('hex');

jest.setTimeout(30_000);

describe('shareImage', () => {
  it('draws a 1200×630 PNG of a page from its own metadata, the same for the same page', async () => {
    const first = await png(await pageShareImage(generateMetadata()));
    expect(first.subarray(1, 4).toString()).toBe('PNG');
    expect([first.readUInt32BE(16), first.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(digest(await png(await pageShareImage(generateMetadata())))).toBe(digest(first));
  });

  it('draws a different picture when the title changes, so an edited page never shares a stale card', async () => {
    const metadata = { title: 'Onboard networks | NPTS', description: 'Secure networks on board, with VPN links to the office.', path: '/network' };
    const before = await png(await shareImage(metadata));
    const after = await png(await shareImage({ ...metadata, title: 'Onboard networks and VPN | NPTS' }));
    expect(digest(after)).not.toBe(digest(before));
  });
});
