/**
 * The zod schema of a contact message, built from the contract the endpoint builds its own rules
 * from (mail/contract.json; mail/lib/validation.php): both are tested against the same cases
 * (__tests__/fixtures/contact-cases.json). Loaded only when the form is used.
 */
import * as z from 'zod/mini';
import { codePointClass, type ContactField, contactFields, contractPattern, type FieldErrors, fieldRules, type Validation } from '@/lib/contact';
import contract from '@/mail/contract.json';

const space = codePointClass(contract.whitespace);
const { refused, refusedInOneLine, keptInMultiline } = contract.characters;
const TRIM = new RegExp(`^[${space}]+|[${space}]+$`, 'gu');
const EMAIL_PATTERN = contractPattern(contract.email);
// A field of one line refuses both lists; a multiline one keeps its tabs and line breaks, a
// carriage return only before a line feed (CRLF, as a form post sends them).
const ONE_LINE_REFUSED = new RegExp(`[${codePointClass([...refused, ...refusedInOneLine])}]`, 'u');
const MULTILINE_REFUSED = new RegExp(`(?![${codePointClass(keptInMultiline)}])[${codePointClass(refused)}]|\\r(?!\\n)`, 'u');

function text(field: ContactField) {
  const { label, required, maxLength, multiline } = fieldRules[field];
  return z.string().check(
    z.overwrite((value: string) => value.replace(TRIM, '')),
    ...(required ? [z.minLength(1, `${label} is required.`)] : []),
    // Characters as people count them (code points, so an emoji is one), as send.php does.
    z.refine((value: string) => [...value].length <= maxLength, `${label} must be at most ${maxLength} characters.`),
    z.refine((value: string) => !(multiline ? MULTILINE_REFUSED : ONE_LINE_REFUSED).test(value), `${label} contains characters that are not allowed.`),
  );
}

export const contactSchema = z.object(
  Object.fromEntries(
    contactFields.map((field) => [field, field === 'email' ? text(field).check(z.regex(EMAIL_PATTERN, 'Enter a valid email address, like name@example.com.')) : text(field)]),
  ) as Record<ContactField, ReturnType<typeof text>>,
);

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
