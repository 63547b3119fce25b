import { type Person, people as allPeople } from '@/lib/people';
import { absoluteUrl, site } from '@/lib/site';

/**
 * JSON for a `<script type="application/ld+json">` element. `<` is escaped as `\u003c` so that no
 * value can close the script element (`</script>`) or open a comment; `>` and `&` likewise, for
 * parsers that treat them specially. The result still parses to the same data.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** schema.org `Person`: who they are and what they do, with their profile where they gave one. */
function personJsonLd(person: Person) {
  return {
    '@type': 'Person',
    name: person.name,
    jobTitle: person.role,
    knowsLanguage: person.languages,
    ...(person.profile ? { sameAs: [person.profile] } : {}),
  };
}

/**
 * schema.org `Organization` for the whole site, from the site-wide facts: an `Organization`, not
 * a `LocalBusiness`, as a remote-first company has no premises to visit. The people of
 * lib/people.ts are its `founder`s and `employee`s, each only when there is one.
 */
export function organizationJsonLd(people: readonly Person[] = allPeople) {
  const support = site.supportLine;
  const founders = people.filter((person) => person.founder).map(personJsonLd);
  const employees = people.filter((person) => !person.founder).map(personJsonLd);
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
    ...(founders.length > 0 ? { founder: founders } : {}),
    ...(employees.length > 0 ? { employee: employees } : {}),
  };
}
