/** @jest-environment node */
import sharp from 'sharp';
import { inlinePhoto } from '@/lib/inline-image';

describe('inlinePhoto', () => {
  it('makes a photo of any shape a square WebP at twice the size it shows at, as a data: URL', async () => {
    const url = await inlinePhoto('__tests__/fixtures/person-photo.svg', 80);
    const [, type, data] = /^data:(image\/\w+);base64,(.+)$/.exec(url)!;
    expect(type).toBe('image/webp');
    const { format, width, height } = await sharp(Buffer.from(data, 'base64')).metadata();
    expect({ format, width, height }).toEqual({ format: 'webp', width: 160, height: 160 });
  });
});
