/**
 * Site-wide facts, in one place. Values the specification leaves open are wrapped in
 * placeholder(…): replace the whole call with the real value, here and nowhere else.
 */

/**
 * EDITOR: a value still to be set. Each build lists the ones left, and the release gate
 * (`npm run check -- --release`) fails while any is; a value a build can take from an
 * environment variable counts as set when that variable is.
 */
function placeholder<const T>(what: string, value: T): T {
  return value;
}

/** `cta`: shown as the header's call-to-action button (on phones also beside the menu button). */
export type NavLink = { label: string; href: string; cta?: boolean };
/** A dropdown of links; `overview` is the page that lists them all, where the group shows as current too. */
export type NavGroup = { label: string; id: string; children: readonly NavLink[]; overview?: string };
export type NavItem = NavLink | NavGroup;

/** A phone number, as shown and as dialled. */
export type Phone = { display: string; tel: string };
/** The line existing clients call for support, and when it answers, as a visitor reads it. */
export type SupportLine = { phone: Phone; hours: string };
/** A company that receives visitors' personal data from us (GDPR Art. 13(1)(e), (f)). */
export type Recipient = {
  name: string;
  /** Where it keeps or reaches the data, as a visitor reads it: 'the EU', 'the United States'. */
  location: string;
  /** For a place outside the EU: what protects the data there (Art. 13(1)(f)); omitted inside it. */
  safeguard?: string;
};
export const site = {
  name: 'NPTS',
  /** Default document title; `/` (and any path without its own title) keeps it exactly. */
  title: 'NPTS - Professional IT Solutions',
  description:
    'Remote-first IT for shipping, offshore and business: satellite and 4/5G links, onboard networks, 24/7 vessel and rig IT, custom software, REST APIs and AI.',
  /** The live domain. A build can set it with NEXT_PUBLIC_SITE_URL instead. */
  url: (process.env.NEXT_PUBLIC_SITE_URL ?? placeholder('the live domain', 'https://www.npts.eu')).replace(/\/$/, ''),
  locale: 'en_GB',
  /** The company phone number, as shown and as dialled. */
  phone: placeholder('the phone number', { display: '+359 000 000 000', tel: '+359000000000' }),
  /** The public email address: the footer, /contact and /privacy show it, and the form names it when it cannot send. */
  email: placeholder('the public email address', 'info@npts.eu'),
  location: 'Europe, South East Asia',
  areaServed: ['Europe', 'South East Asia'],

  // Who stands behind the site, as the Commercial Register has it: the footer of every page,
  // /contact, /privacy and the structured data show it (EU e-Commerce Directive, Art. 5).
  legalName: placeholder('the legal name', 'NPTS [legal name]'),
  /** The Unified Identification Code (UIC, in Bulgarian ЕИК) in the Commercial Register. */
  companyNumber: placeholder('the company number (UIC)', '000000000'),
  vatId: placeholder('the VAT number', 'BG000000000'),
  /** The registered address; the country is registeredIn. */
  address: placeholder('the registered address (street, postcode, city)', { street: '[Street and number]', postcode: '0000', city: '[City]' }),
  registeredIn: 'Bulgaria',
  /** ISO 3166-1 code of the country of registration, for structured data. */
  registeredInCode: 'BG',

  /** How soon an enquiry is answered: "We reply within …". Every page that promises a reply time reads it here. */
  replyTime: placeholder('the reply time for enquiries', 'one business day'),
  /** The line existing clients call around the clock, or null where there is none: then no page promises one. */
  supportLine: placeholder<SupportLine | null>('whether a support line for existing clients exists, and its hours (null if not)', {
    phone: { display: '+359 000 000 000', tel: '+359000000000' },
    hours: '24 hours a day, 7 days a week',
  }),
  /** Optional: a page where a visitor books a call (https://…), shown on /contact. */
  bookingUrl: null as string | null,

  /** The /rest testimonial: the client's own words and who said them, given with their permission. */
  testimonial: placeholder('the /rest testimonial (the quote, and the name, role and company of who said it)', {
    quote: '[The client’s own words about the work, as they agreed to publish them.]',
    name: '[Name]',
    role: 'CEO',
    company: '[Company]',
  }),

  /** Who processes visitors' data for us, named in /privacy. */
  processors: placeholder<{ host: Recipient; mail: Recipient }>('the web host and the mail provider (name, location, safeguard)', {
    host: { name: '[Web host]', location: 'the EU' },
    mail: { name: '[Mail provider]', location: 'the EU' },
  }),
  /** How long the web host keeps its access logs (network address, time, address asked for, browser). */
  accessLogRetention: placeholder('how long the web host keeps its access logs', '[as long as the host keeps them]'),
  /** Google Analytics' data retention (its Admin → Data collection → Data retention setting). */
  analyticsRetention: placeholder('the Google Analytics data retention setting', '[2 or 14] months'),
  /** The team chat tool the contact form's webhook posts leads to (MAIL_WEBHOOK_URL), or null if none. */
  teamChat: placeholder<Recipient | null>('the team chat tool that receives leads, or null if none (name, location, safeguard)', {
    name: '[Team chat tool]',
    location: 'the EU',
  }),
  /** The square logo search engines show next to the company: drawn from public/logo.svg at build time (app/logo.png/route.ts). */
  logo: { url: '/logo.png', width: 512, height: 512 },
  /** The first year of the footer's copyright; the last is the year the site was built. */
  copyrightYear: 2024,
  contactEndpoint: '/mail/send.php',
  /** The Google Tag Manager container (GTM-XXXXXXX). A build can set it with NEXT_PUBLIC_GTM_ID instead. */
  gtmId: process.env.NEXT_PUBLIC_GTM_ID ?? placeholder('the Google Tag Manager container id', ''),
  /** The company's profiles. */
  social: [
    { network: 'linkedin', label: 'NPTS on LinkedIn', href: placeholder('the LinkedIn profile', 'https://www.linkedin.com/company/npts') },
    { network: 'x', label: 'NPTS on X', href: placeholder('the X profile', 'https://x.com/npts') },
    { network: 'facebook', label: 'NPTS on Facebook', href: placeholder('the Facebook profile', 'https://www.facebook.com/npts') },
    { network: 'instagram', label: 'NPTS on Instagram', href: placeholder('the Instagram profile', 'https://www.instagram.com/npts') },
  ],
  /** The partner shown in the footer: its name, its site and its logo in public/. */
  partner: placeholder('the partner (name, site, logo)', { name: 'Partner company', href: 'https://example.com/', logo: '/partner-logo.svg', logoWidth: 160, logoHeight: 40 }),
} as const;

export type SocialNetwork = (typeof site.social)[number]['network'];

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
 * navigation, the footer or a card on /services (README, "Add a page"); `npm run check` says
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
