/**
 * Site-wide facts, in one place. Values marked EDITOR are placeholders the specification leaves
 * open: replace them here and nowhere else.
 */

export type NavLink = { label: string; href: string };
export type NavGroup = { label: string; id: string; children: readonly NavLink[] };
export type NavItem = NavLink | NavGroup;

export const site = {
  name: 'NPTS',
  /** Default document title; `/` (and any path without its own title) keeps it exactly. */
  title: 'NPTS - Professional IT Solutions',
  description:
    'Remote-first IT partner for shipping, offshore and business customers: satellite and 4/5G links, onboard networks, 24/7 vessel and rig IT, custom software, REST APIs and AI automation.',
  /** EDITOR: the live domain. A build can override it with NEXT_PUBLIC_SITE_URL. */
  url: (process.env.NEXT_PUBLIC_SITE_URL ?? 'https://www.npts.eu').replace(/\/$/, ''),
  locale: 'en_GB',
  /** EDITOR: the company phone number, as shown and as dialled. */
  phone: { display: '+359 000 000 000', tel: '+359000000000' },
  location: 'Europe, South East Asia',
  areaServed: ['Europe', 'South East Asia'],
  registeredIn: 'Bulgaria',
  /** ISO 3166-1 code of the country of registration, for structured data. */
  registeredInCode: 'BG',
  /** The square logo search engines show next to the company; written by scripts/make-og-images.mjs. */
  logo: { url: '/logo.png', width: 512, height: 512 },
  copyrightYear: 2024,
  ogImage: { url: '/og/default.png', width: 1200, height: 630, alt: 'NPTS - Professional IT Solutions' },
  contactEndpoint: '/mail/send.php',
  /** EDITOR: the Google Tag Manager container (GTM-XXXXXXX). A build can set NEXT_PUBLIC_GTM_ID instead. */
  gtmId: process.env.NEXT_PUBLIC_GTM_ID ?? '',
  /** EDITOR: the company's profiles. */
  social: [
    { network: 'linkedin', label: 'NPTS on LinkedIn', href: 'https://www.linkedin.com/company/npts' },
    { network: 'x', label: 'NPTS on X', href: 'https://x.com/npts' },
    { network: 'facebook', label: 'NPTS on Facebook', href: 'https://www.facebook.com/npts' },
    { network: 'instagram', label: 'NPTS on Instagram', href: 'https://www.instagram.com/npts' },
  ],
  /** EDITOR: who the /rest testimonial is from. By role only: we never invent a person. */
  testimonialAttribution: 'CEO of a client company',
  /** EDITOR: the partner shown in the footer, its site and its logo in public/. */
  partner: { name: 'Partner company', href: 'https://example.com/', logo: '/partner-logo.svg', logoWidth: 160, logoHeight: 40 },
} as const;

export type SocialNetwork = (typeof site.social)[number]['network'];

export const serviceLinks = [
  { label: 'Software Development', href: '/software' },
  { label: 'Legacy to REST API', href: '/rest' },
  { label: 'Rapid REST API prototyping', href: '/proto' },
  { label: 'AI Automation', href: '/ai' },
  { label: 'IT Consulting', href: '/consulting' },
] as const satisfies readonly NavLink[];

export const vesselLinks = [
  { label: 'Communication', href: '/coms' },
  { label: 'Onboard Networks', href: '/network' },
  { label: 'IT Management', href: '/vrit' },
] as const satisfies readonly NavLink[];

export const mainNav: readonly NavItem[] = [
  { label: 'Home', href: '/' },
  { label: 'Services', id: 'services', children: serviceLinks },
  { label: 'Vessel / Rig IT', id: 'vessel-rig-it', children: vesselLinks },
  { label: 'About', href: '/about' },
  { label: 'Contact', href: '/contact' },
];

export const footerLinks = [
  { label: 'Home', href: '/' },
  { label: 'About Us', href: '/about' },
  { label: 'Services', href: '/services' },
  { label: 'Contact', href: '/contact' },
] as const satisfies readonly NavLink[];

/** Every page of the site, in the order the sitemap lists them. */
export const routes = [
  '/',
  '/about',
  '/services',
  '/coms',
  '/network',
  '/vrit',
  '/software',
  '/rest',
  '/proto',
  '/ai',
  '/consulting',
  '/contact',
  '/privacy',
] as const;

export function isNavGroup(item: NavItem): item is NavGroup {
  return 'children' in item;
}

/** The absolute address of a path on the live site. */
export function absoluteUrl(path: string): string {
  return path === '/' ? `${site.url}/` : `${site.url}${path}`;
}
