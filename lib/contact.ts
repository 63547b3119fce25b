import * as z from 'zod/mini';
import { site } from '@/lib/site';

/** Texts the specification fixes (§5, §8). */
export const messages = {
  invalid: 'Please fill in all required fields with valid information.',
  success: 'Thank you for your message. We will get back to you soon!',
  rejected: 'Failed to send email',
  failed: 'Failed to send email. Please try again later.',
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

const labels: Record<ContactField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  company: 'Company',
  subject: 'Subject',
  phone: 'Phone',
  message: 'Message',
};

// No whitespace, one at-sign, a dot in the domain part (spec §5).
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Single-line fields take no control characters at all (no header injection); the message keeps
// tabs and line breaks.
const SINGLE_LINE = /^[^\x00-\x1F\x7F]*$/;
const MULTI_LINE = /^[^\x00-\x08\x0B\x0C\x0E-\x1F\x7F]*$/;

function text(field: ContactField, { required = false, multiline = false } = {}) {
  const label = labels[field];
  return z.string().check(
    z.trim(),
    ...(required ? [z.minLength(1, `${label} is required.`)] : []),
    // Characters as people count them (code points, so an emoji is one), as send.php does.
    z.refine((value: string) => [...value].length <= maxLengths[field], `${label} must be at most ${maxLengths[field]} characters.`),
    z.regex(multiline ? MULTI_LINE : SINGLE_LINE, `${label} contains characters that are not allowed.`),
  );
}

export const contactSchema = z.object({
  firstName: text('firstName', { required: true }),
  lastName: text('lastName', { required: true }),
  email: text('email', { required: true }).check(z.regex(EMAIL_PATTERN, 'Enter a valid email address, like name@example.com.')),
  company: text('company'),
  subject: text('subject'),
  phone: text('phone'),
  message: text('message', { required: true, multiline: true }),
});

export type ContactMessage = z.infer<typeof contactSchema>;
export type FieldErrors = Partial<Record<ContactField, string>>;

export type Validation = { success: true; data: ContactMessage } | { success: false; errors: FieldErrors };

/** Validates what the visitor typed; the first problem of each field becomes its message. */
export function validateContact(input: Record<ContactField, string>): Validation {
  const result = contactSchema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return { success: false, errors };
}

/** Signals that tell a person from a script; send.php treats a filled honeypot or a very fast send as a bot. */
export type SpamSignals = { website: string; elapsedMs: number };

/**
 * Sends a validated message to the mail endpoint. Resolves when the server accepted it; otherwise
 * throws an Error whose message is the one to show (spec §8).
 */
export async function sendContactMessage(message: ContactMessage, signals: SpamSignals): Promise<void> {
  const body = { ...message, subject: message.subject || DEFAULT_SUBJECT, ...signals };
  let result: { success?: unknown; message?: unknown };
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
    throw new Error(typeof result.message === 'string' && result.message ? result.message : messages.rejected);
  }
}
