/**
 * The schema of content/company.yaml: who stands behind the site and how to reach it (the
 * footer of every page, /contact, /privacy, the service sheets and the search engines' structured
 * data show it; EU e-Commerce Directive, Art. 5). The values are in the YAML, read by
 * lib/content.ts; what each field means is said there, beside it.
 */
import { z } from 'zod';
import { link, logo, text } from './schema-parts.ts';
import { deskHours } from './service-levels.ts';
import type { ContentContext, ContentFile } from './load-content.ts';

const phone = () => z.strictObject({ display: text(), tel: z.string().regex(/^\+\d{6,15}$/, { error: 'should be the number as dialled: + and the digits, no spaces (‘+359888123456’), in quotes' }) });

/** A company that receives visitors' personal data from us (GDPR Art. 13(1)(e), (f)). */
const recipient = () => z.strictObject({ name: text(), location: text(), safeguard: text().optional() });

export const networks = ['linkedin', 'x', 'facebook', 'instagram'] as const;

const company = (context: ContentContext) =>
  z.strictObject({
    legalName: text(),
    companyNumber: text(),
    vatId: text(),
    address: z.strictObject({ street: text(), postcode: text(), city: text() }),
    registeredIn: text(),
    registeredInCode: z.string().regex(/^[A-Z]{2}$/, { error: 'should be the two capital letters of the country (ISO 3166-1): BG' }),
    areaServed: z.array(text()).min(1),
    phone: phone(),
    email: z.email(),
    replyTime: text(),
    supportLine: z.strictObject({ phone: phone(), ...deskHours.shape }).superRefine(deskHours.check).nullable(),
    bookingUrl: link(context).nullable().optional(),
    processors: z.strictObject({ host: recipient(), mail: recipient() }),
    accessLogRetention: text(),
    analyticsRetention: text(),
    teamChat: recipient().nullable(),
    social: z.array(z.strictObject({ network: z.enum(networks), label: text(), href: link(context) })),
    /** The partner the footer shows: its name, its site and its logo. */
    partner: z.strictObject({ name: text(), href: link(context), logo: logo(context) }),
  });

export type Company = z.output<ReturnType<typeof company>>;
export type Phone = Company['phone'];
export type Recipient = z.output<ReturnType<typeof recipient>>;
export type SocialNetwork = (typeof networks)[number];

export const companyFile: ContentFile<Company> = {
  file: 'company.yaml',
  schema: company,
  whole: 'the company',
  nouns: { address: 'address', supportLine: 'support line', phone: 'phone', processors: 'processors', teamChat: 'team chat', social: 'profile', partner: 'partner', logo: 'logo' },
};
