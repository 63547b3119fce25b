/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import contract from '@/mail/contract.json';

// The contract between the form and its endpoint (mail/contract.json), which both read: the
// cases they must agree on are __tests__/fixtures/contact-cases.json (contact.test.ts,
// mail/send-endpoint.test.ts); here, what the contract itself promises.
const repo = resolve(__dirname, '..');

/** The specification's texts (§5, §8, §9), word for word. */
const specTexts = {
  success: 'Thank you for your message. We will get back to you soon!',
  invalid: 'Please fill in all required fields with valid information.',
  rejected: 'Failed to send email',
  failed: 'Failed to send email. Please try again later.',
};
const specSubject = 'New Contact Form Submission';

/** The files of the working copy (tracked, or new and not ignored) but tests and docs, with their text. */
function sources(): { file: string; text: string }[] {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: repo, encoding: 'utf8' }).split('\0');
  return files
    .filter((file) => file !== '' && !file.startsWith('__tests__/') && !file.startsWith('docs/') && !file.endsWith('.md'))
    .flatMap((file) => {
      try {
        // Whitespace as one space: a text broken over two lines of JSX is still written there.
        return [{ file, text: readFileSync(resolve(repo, file), 'utf8').replace(/\s+/g, ' ') }];
      } catch {
        return []; // Deleted in the working copy, not yet in the index.
      }
    });
}

describe('the form’s contract', () => {
  it('holds the specification’s texts and default subject word for word', () => {
    expect(contract.texts).toMatchObject(specTexts);
    expect(contract.defaultSubject).toBe(specSubject);
  });

  it('is the one source file outside tests and docs that writes each of the specification’s texts and the default subject', () => {
    const files = sources();
    expect(files.map(({ file }) => file)).toEqual(expect.arrayContaining(['mail/contract.json', 'lib/contact.ts', 'mail/lib/validation.php']));
    const writtenIn = (text: string) => files.filter((source) => source.text.includes(text)).map(({ file }) => file);
    for (const text of [...Object.values(specTexts), specSubject]) expect([text, writtenIn(text)]).toEqual([text, ['mail/contract.json']]);
  });

  it('calls whitespace exactly what JavaScript’s \\s and trim() take, so a browser and PHP trim and match alike', () => {
    const listed = new Set(
      contract.whitespace.flatMap((range) => {
        const [low, high = low] = range.split('-').map((point) => parseInt(point.slice(2), 16));
        return Array.from({ length: high - low + 1 }, (_, index) => low + index);
      }),
    );
    const javascript: number[] = [];
    for (let point = 0; point <= 0x10ffff; point++) if (/\s/u.test(String.fromCodePoint(point))) javascript.push(point);
    expect([...listed].sort((a, b) => a - b)).toEqual(javascript);
    expect(javascript.every((point) => String.fromCodePoint(point).trim() === '')).toBe(true);
  });

  it('publishes a held message’s retention no longer than every message’s, which deletes held ones too', () => {
    expect(contract.retention.heldDays).toBeLessThanOrEqual(contract.retention.messageDays);
  });
});
