import { organizationJsonLd, serializeJsonLd } from '@/lib/json-ld';
import { absoluteUrl, site } from '@/lib/site';
import { fixture } from './helpers/fixture-content';
import { withSiteFacts } from './helpers/site-facts';
import { content } from '@/lib/content';

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
  it('names who stands behind the site as the register has it: legal name, registered address, email, VAT and company number', () => {
    expect(organizationJsonLd()).toMatchObject({
      legalName: content.company.legalName,
      email: content.company.email,
      vatID: content.company.vatId,
      identifier: { '@type': 'PropertyValue', propertyID: 'UIC', value: content.company.companyNumber },
      address: {
        '@type': 'PostalAddress',
        streetAddress: content.company.address.street,
        postalCode: content.company.address.postcode,
        addressLocality: content.company.address.city,
        addressCountry: 'BG',
      },
    });
  });

  it('gives a sales contact point, and a support one only where the support line exists', () => {
    const sales = { '@type': 'ContactPoint', contactType: 'sales', telephone: content.company.phone.tel, email: content.company.email };
    const supportLine = { phone: { display: '+359 2 000 0000', tel: '+35920000000' }, roundTheClock: true };
    expect(withSiteFacts({ supportLine }, organizationJsonLd).contactPoint).toEqual([
      expect.objectContaining(sales),
      expect.objectContaining({ '@type': 'ContactPoint', contactType: 'technical support', telephone: '+35920000000' }),
    ]);
    expect(withSiteFacts({ supportLine: null }, organizationJsonLd).contactPoint).toEqual([expect.objectContaining(sales)]);
  });

  it('describes the company with its name, address, logo, phone and the areas it serves', () => {
    expect(organizationJsonLd()).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: site.name,
      url: absoluteUrl('/'),
      logo: absoluteUrl(site.logo.url),
      telephone: content.company.phone.tel,
      areaServed: ['Europe', 'South East Asia'],
    });
  });

  it('names the people of content/people.yaml as Person, founders as founder and the others as employee, and no one while it is empty', () => {
    const organization = organizationJsonLd(fixture.people);
    expect(organization.founder).toEqual([
      { '@type': 'Person', name: 'Ana Fixture', jobTitle: 'Head of vessel IT', knowsLanguage: ['English', 'Bulgarian', 'Russian'], sameAs: ['https://www.linkedin.test/in/ana-fixture'] },
    ]);
    expect(organization.employee).toEqual([
      { '@type': 'Person', name: 'Ivan Fixture', jobTitle: 'Network engineer', knowsLanguage: ['English', 'Bulgarian'] },
      { '@type': 'Person', name: 'Mei Fixture', jobTitle: 'Service desk lead', knowsLanguage: ['English', 'Malay', 'Mandarin'] },
    ]);
    const none = organizationJsonLd([]);
    expect(none).not.toHaveProperty('founder');
    expect(none).not.toHaveProperty('employee');
  });
});
