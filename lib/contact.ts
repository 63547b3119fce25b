/**
 * The contact form's texts, fields, what it sends of how the visitor came to it, and submit call,
 * from the contract it shares with the endpoint (mail/contract.json: the fields, their caps, the
 * attribution, the texts, the retention). The zod schema that
 * validates a message is in lib/contact-schema.ts, which the form loads only when it is used: zod
 * is most of the form's JavaScript, and no other page needs it.
 */

import { visit } from '@/lib/attribution';
import { site } from '@/lib/site';
// JSON, not code: PHP reads the same file (mail/lib/contract.php), and the build copies it with mail/.
import contract from '@/mail/contract.json';

/** Texts the specification fixes (§5, §8), and what the form says when its spam check cannot run. */
export const messages = {
  invalid: contract.texts.invalid,
  success: contract.texts.success,
  rejected: contract.texts.rejected,
  failed: contract.texts.failed,
  noProof: (phone: string, email: string) => `Sorry, this browser could not complete the form’s spam check, so your message was not sent. Please call us on ${phone} or email ${email}.`,
} as const;

export const DEFAULT_SUBJECT = contract.defaultSubject;

export type ContactField = keyof typeof contract.fields;
export const contactFields = Object.keys(contract.fields) as ContactField[];

/** Each field's rules: its label, whether it is required, its cap in characters, whether it takes lines. */
export const fieldRules: Record<ContactField, { label: string; required: boolean; maxLength: number; multiline: boolean }> = contract.fields;

/**
 * Days after it came that the endpoint deletes a message, and one held for review, and the most
 * minutes the rate limit keeps the hash of an address (its window, MAIL_RATE_LIMIT, is cut to it):
 * /privacy states each.
 */
export const retention: { readonly messageDays: number; readonly heldDays: number; readonly rateLimitMinutes: number } = contract.retention;

/**
 * The inside of a character class (for a /u pattern) holding the contract's code points and
 * ranges, written U+XXXX and U+XXXX-U+YYYY: `\u{7F}-\u{9F}`.
 */
export function codePointClass(ranges: readonly string[]): string {
  return ranges.map((range) => range.replace(/U\+([0-9A-F]+)/g, '\\u{$1}')).join('');
}

/** A pattern of the contract (email, an attribution field's), its \s the contract's whitespace, as on the endpoint. */
export function contractPattern(pattern: string): RegExp {
  return new RegExp(pattern.replaceAll('\\s', codePointClass(contract.whitespace)), 'u');
}

/** What led to a lead (lib/attribution.ts): the page before the form (source) and the landing URL's campaign tags. */
export type AttributionField = keyof typeof contract.attribution;
export type Attribution = Partial<Record<AttributionField, string>>;
const attributionRules: Record<AttributionField, { maxLength: number; pattern?: string }> = contract.attribution;
const REFUSED = new RegExp(`[${codePointClass(contract.characters.refused)}]`, 'u');

/** Whether send.php accepts `value` for `field`: its cap, its pattern, no refused character. */
function fits(field: AttributionField, value: string | null | undefined): value is string {
  const { maxLength, pattern } = attributionRules[field];
  return !!value && [...value].length <= maxLength && !REFUSED.test(value) && (!pattern || contractPattern(pattern).test(value));
}

/**
 * What the form sends with a lead, given the form page's query string: the page before the form
 * in this visit, else the one its link named (`from`), and the campaign tags of the URL the visit
 * landed on; only values send.php accepts.
 */
export function leadAttribution(search: string): Attribution {
  const { landing, previous } = visit();
  const source = [previous, new URLSearchParams(search).get('from')].find((path) => fits('source', path));
  const tags = new URLSearchParams(landing);
  const campaign = (Object.keys(attributionRules) as AttributionField[]).flatMap((name) => {
    const value = tags.get(name);
    return name !== 'source' && fits(name, value) ? [[name, value]] : [];
  });
  return { ...(source && { source }), ...Object.fromEntries(campaign) };
}

export type ContactMessage = Record<ContactField, string>;
export type FieldErrors = Partial<Record<ContactField, string>>;
export type Validation = { success: true; data: ContactMessage } | { success: false; errors: FieldErrors };

/**
 * Signals that tell a person from a script: send.php refuses a message without a valid, unused
 * proof of work (`altcha`, lib/proof.ts) and drops one with the honeypot filled in or sent faster
 * than a person types.
 */
export type SpamSignals = { website: string; elapsedMs: number; altcha: string };

/** The endpoint refused the proof as expired (a tab left open): a fresh one will do. */
export class ProofExpired extends Error {}

/** The endpoint answered the request for a challenge with a message for the visitor. */
export class ChallengeRefused extends Error {}

/**
 * Sends a validated message to the mail endpoint, with what led to it (lib/attribution.ts) as
 * optional fields. Resolves when the server accepted it; otherwise
 * throws an Error whose message is the one to show (spec §8).
 */
export async function sendContactMessage(message: ContactMessage, signals: SpamSignals, attribution: Attribution = {}): Promise<void> {
  const body = { ...message, subject: message.subject || DEFAULT_SUBJECT, ...signals, ...attribution };
  let result: { success?: unknown; message?: unknown; proof?: unknown };
  try {
    const response = await fetch(site.contactEndpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    result = await response.json();
  } catch {
    // The network failed or the answer was not JSON: neither has a message fit for a visitor.
    throw new Error(messages.failed);
  }
  if (result.success !== true) {
    const Refusal = result.proof === 'expired' ? ProofExpired : Error;
    throw new Refusal(typeof result.message === 'string' && result.message ? result.message : messages.rejected);
  }
}
