import * as z from 'zod/mini';
import { type ContactField, type FieldErrors, labels, maxLengths, type Validation } from '@/lib/contact';

// No whitespace, one at-sign, a dot in the domain part (spec §5).
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// No field takes a control character (C0, DEL, C1): none can start a mail header or steer the
// terminal the operator reads the message in. Nor a Unicode direction override or isolate
// (U+202A-U+202E, U+2066-U+2069), which would show a name or an address reversed in a terminal or
// a mail client. Nor does a field of one line take a line or paragraph separator (U+2028,
// U+2029: a line break to some readers) or a tag character (U+E0000-U+E007F: invisible, it can
// carry text nobody sees); the message may (a flag's emoji is tags). The message keeps its tabs
// and line breaks: LF, or CRLF as a form post sends them, but no lone CR, which would draw one
// line over another. mail/lib/validation.php has the same rules.
const CONTROLS = /[\x00-\x1F\x7F-\x9F\u202A-\u202E\u2066-\u2069\u2028\u2029\u{E0000}-\u{E007F}]/u;
const MESSAGE_CONTROLS = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\u202A-\u202E\u2066-\u2069]|\r(?!\n)/;

function text(field: ContactField, { required = false, multiline = false } = {}) {
  const label = labels[field];
  return z.string().check(
    z.trim(),
    ...(required ? [z.minLength(1, `${label} is required.`)] : []),
    // Characters as people count them (code points, so an emoji is one), as send.php does.
    z.refine((value: string) => [...value].length <= maxLengths[field], `${label} must be at most ${maxLengths[field]} characters.`),
    z.refine((value: string) => !(multiline ? MESSAGE_CONTROLS : CONTROLS).test(value), `${label} contains characters that are not allowed.`),
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

