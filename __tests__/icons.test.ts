/** @jest-environment node */
import { GET } from '@/app/icons.svg/route';
import { type IconName, icons } from '@/lib/icons';

describe('/icons.svg', () => {
  it('holds one symbol for each icon of lib/icons.ts, under the name Font Awesome gives it, in the colour of the text around it', async () => {
    const response = GET();
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    const sprite = await response.text();
    expect(sprite).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg">(<symbol [^>]+><path [^>]+\/><\/symbol>)+<\/svg>$/);
    const symbols = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="([^"]+)"><path d="([^"]+)" fill="currentColor"\/>/g)];
    expect(symbols.map(([, id]) => id)).toEqual(Object.keys(icons));
    for (const [, id, viewBox, d] of symbols) {
      const { iconName, icon: [width, height, , , path] } = icons[id as IconName];
      expect(iconName).toBe(id);
      expect(viewBox).toBe(`0 0 ${width} ${height}`);
      expect(d).toBe([path].flat().join(' '));
    }
  });
});
