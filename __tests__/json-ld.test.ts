import { organizationJsonLd, serializeJsonLd } from '@/lib/json-ld';
import { absoluteUrl, site } from '@/lib/site';

describe('serializeJsonLd', () => {
  it('escapes < so a value cannot close the script element', () => {
    const json = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('<');
    expect(json).toContain('\\u003c/script\\u003e');
  });

  it('escapes > and & as well and still parses back to the same data', () => {
    const data = { name: 'A & B <!-- > -->', list: ['<', '>', '&'] };
    const json = serializeJsonLd(data);
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json)).toEqual(data);
  });
});

describe('organizationJsonLd', () => {
  it('describes the company with its name, address, logo, phone and the areas it serves', () => {
    expect(organizationJsonLd()).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: site.name,
      url: absoluteUrl('/'),
      logo: absoluteUrl(site.logo.url),
      telephone: site.phone.tel,
      areaServed: ['Europe', 'South East Asia'],
    });
  });
});
