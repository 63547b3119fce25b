import { absoluteUrl, site } from '@/lib/site';

/**
 * JSON for a `<script type="application/ld+json">` element. `<` is escaped as `\u003c` so that no
 * value can close the script element (`</script>`) or open a comment; `>` and `&` likewise, for
 * parsers that treat them specially. The result still parses to the same data.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * schema.org `Organization` for the whole site, from the site-wide facts: an `Organization`, not
 * a `LocalBusiness`, as a remote-first company has no premises to visit.
 */
export function organizationJsonLd() {
  const support = site.supportLine;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    legalName: site.legalName,
    url: absoluteUrl('/'),
    logo: absoluteUrl(site.logo.url),
    description: site.description,
    email: site.email,
    telephone: site.phone.tel,
    vatID: site.vatId,
    identifier: { '@type': 'PropertyValue', propertyID: 'UIC', name: 'Unified Identification Code (Bulgarian Commercial Register)', value: site.companyNumber },
    areaServed: site.areaServed,
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      postalCode: site.address.postcode,
      addressLocality: site.address.city,
      addressCountry: site.registeredInCode,
    },
    contactPoint: [
      { '@type': 'ContactPoint', contactType: 'sales', telephone: site.phone.tel, email: site.email, areaServed: site.areaServed, availableLanguage: 'English' },
      ...(support ? [{ '@type': 'ContactPoint', contactType: 'technical support', telephone: support.phone.tel, description: `For existing clients, ${support.hours}` }] : []),
    ],
    sameAs: site.social.map((profile) => profile.href),
  };
}
