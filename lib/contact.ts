/**
 * The contact form's texts, limits and submit call. The zod schema that validates a message is in
 * lib/contact-schema.ts, which the form loads only when it is used: zod is most of the form's
 * JavaScript, and no other page needs it.
 */

import type { Attribution } from '@/lib/attribution';
import { site } from '@/lib/site';

/** Texts the specification fixes (§5, §8), and what the form says when its spam check cannot run. */
export const messages = {
  invalid: 'Please fill in all required fields with valid information.',
  success: 'Thank you for your message. We will get back to you soon!',
  rejected: 'Failed to send email',
  failed: 'Failed to send email. Please try again later.',
  noProof: (phone: string, email: string) => `Sorry, this browser could not complete the form’s spam check, so your message was not sent. Please call us on ${phone} or email ${email}.`,
} as const;

export const DEFAULT_SUBJECT = 'New Contact Form Submission';

/** Length caps in characters, identical to mail/send.php's. */
export const maxLengths = {
  firstName: 100,
  lastName: 100,
  email: 254,
  company: 200,
  subject: 200,
  phone: 50,
  message: 5000,
} as const;

export type ContactField = keyof typeof maxLengths;
export const contactFields = Object.keys(maxLengths) as ContactField[];

export const labels: Record<ContactField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  company: 'Company',
  subject: 'Subject',
  phone: 'Phone',
  message: 'Message',
};

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
