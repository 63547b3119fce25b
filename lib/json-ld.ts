import { absoluteUrl, site } from '@/lib/site';

/**
 * JSON for a `<script type="application/ld+json">` element. `<` is escaped as `\u003c` so that no
 * value can close the script element (`</script>`) or open a comment; `>` and `&` likewise, for
 * parsers that treat them specially. The result still parses to the same data.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** schema.org `Organization` for the whole site, from the site-wide facts. */
export function organizationJsonLd() {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    url: absoluteUrl('/'),
    logo: absoluteUrl(site.logo.url),
    description: site.description,
    telephone: site.phone.tel,
    areaServed: site.areaServed,
    address: { '@type': 'PostalAddress', addressCountry: site.registeredInCode },
    sameAs: site.social.map((profile) => profile.href),
  };
}
