import type { Person } from '@/lib/people';
import { hoursText } from '@/lib/service-levels';
import { content } from '@/lib/content';
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
 * content/people.yaml are its `founder`s and `employee`s, each only when there is one.
 */
export function organizationJsonLd(people: readonly Person[] = content.people) {
  const support = content.company.supportLine;
  const founders = people.filter((person) => person.founder).map(personJsonLd);
  const employees = people.filter((person) => !person.founder).map(personJsonLd);
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    legalName: content.company.legalName,
    url: absoluteUrl('/'),
    logo: absoluteUrl(site.logo.url),
    description: site.description,
    email: content.company.email,
    telephone: content.company.phone.tel,
    vatID: content.company.vatId,
    identifier: { '@type': 'PropertyValue', propertyID: 'UIC', name: 'Unified Identification Code (Bulgarian Commercial Register)', value: content.company.companyNumber },
    areaServed: content.company.areaServed,
    address: {
      '@type': 'PostalAddress',
      streetAddress: content.company.address.street,
      postalCode: content.company.address.postcode,
      addressLocality: content.company.address.city,
      addressCountry: content.company.registeredInCode,
    },
    contactPoint: [
      { '@type': 'ContactPoint', contactType: 'sales', telephone: content.company.phone.tel, email: content.company.email, areaServed: content.company.areaServed, availableLanguage: 'English' },
      ...(support ? [{ '@type': 'ContactPoint', contactType: 'technical support', telephone: support.phone.tel, description: `For existing clients, ${hoursText(support)}` }] : []),
    ],
    sameAs: content.company.social.map((profile) => profile.href),
    ...(founders.length > 0 ? { founder: founders } : {}),
    ...(employees.length > 0 ? { employee: employees } : {}),
  };
}
