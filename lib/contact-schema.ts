import * as z from 'zod/mini';
import { type ContactField, type FieldErrors, labels, maxLengths, type Validation } from '@/lib/contact';

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

