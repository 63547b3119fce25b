/**
 * The site's structure, typed: its name and default title, the live domain and the tag manager
 * (both settings a build may take from its environment), the navigation and the route list.
 * The company's facts (legal identity, contact, references, results, people…) are data in
 * content/, read by lib/content.ts; this file stays free of them, and of reading files, so that
 * client components can import it.
 */

/**
 * EDITOR: a value still to be set, here or by the build's environment variable. Each build lists
 * the ones left, and the release gate (`npm run check -- --release`) fails while any is (the
 * company's facts in content/ are marked `!placeholder` instead).
 */
function placeholder<const T>(what: string, value: T): T {
  return value;
}

/** `cta`: shown as the header's call-to-action button (on phones also beside the menu button). */
export type NavLink = { label: string; href: string; cta?: boolean };
/** A dropdown of links; `overview` is the page that lists them all, where the group shows as current too. */
export type NavGroup = { label: string; id: string; children: readonly NavLink[]; overview?: string };
export type NavItem = NavLink | NavGroup;

export const site = {
  name: 'NPTS',
  /** Default document title; `/` (and any path without its own title) keeps it exactly. */
  title: 'NPTS - Professional IT Solutions',
  description:
    'Remote-first IT for shipping, offshore and business: satellite and 4/5G links, onboard networks, 24/7 vessel and rig IT, custom software, REST APIs and AI.',
  /** The live domain. A build can set it with NEXT_PUBLIC_SITE_URL instead. */
  url: (process.env.NEXT_PUBLIC_SITE_URL ?? placeholder('the live domain', 'https://www.npts.eu')).replace(/\/$/, ''),
  locale: 'en_GB',
  /** The square logo search engines show next to the company: drawn from public/logo.svg at build time (app/logo.png/route.ts). */
  logo: { url: '/logo.png', width: 512, height: 512 },
  /** The first year of the footer's copyright; the last is the year the site was built. */
  copyrightYear: 2024,
  contactEndpoint: '/mail/send.php',
  /** The Google Tag Manager container (GTM-XXXXXXX). A build can set it with NEXT_PUBLIC_GTM_ID instead. */
  gtmId: process.env.NEXT_PUBLIC_GTM_ID ?? placeholder('the Google Tag Manager container id', ''),
} as const;

export const serviceLinks = [
  { label: 'Software development', href: '/software' },
  { label: 'Legacy to REST API', href: '/rest' },
  { label: 'Rapid REST API prototyping', href: '/proto' },
  { label: 'AI automation', href: '/ai' },
  { label: 'IT consulting', href: '/consulting' },
] as const satisfies readonly NavLink[];

export const vesselLinks = [
  { label: 'Communication', href: '/coms' },
  { label: 'Onboard networks', href: '/network' },
  { label: 'IT management', href: '/vrit' },
] as const satisfies readonly NavLink[];

export const mainNav: readonly NavItem[] = [
  { label: 'Home', href: '/' },
  { label: 'Services', id: 'services', children: serviceLinks, overview: '/services' },
  { label: 'Vessel / Rig IT', id: 'vessel-rig-it', children: vesselLinks },
  { label: 'About', href: '/about' },
  { label: 'Contact', href: '/contact', cta: true },
];

export const footerLinks = [
  { label: 'Home', href: '/' },
  { label: 'About us', href: '/about' },
  { label: 'Services', href: '/services' },
  { label: 'Contact', href: '/contact' },
] as const satisfies readonly NavLink[];

/**
 * Every page of the site, in the order the sitemap lists them. A new page goes here, and in the
 * navigation, the footer or a card on /services (docs/editors-guide.md, "Add a page"); `npm run check` says
 * which step is missing.
 */
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

/** Pages that exist but are neither listed nor linked: the contact form's answers without JavaScript. */
export const unlistedRoutes = ['/contact/sent', '/contact/invalid', '/contact/failed'] as const;

export function isNavGroup(item: NavItem): item is NavGroup {
  return 'children' in item;
}

/** The absolute address of a path on the live site. */
export function absoluteUrl(path: string): string {
  return path === '/' ? `${site.url}/` : `${site.url}${path}`;
}
