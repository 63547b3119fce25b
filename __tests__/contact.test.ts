/** @jest-environment node */
import cases from './fixtures/contact-cases.json';
import { DEFAULT_SUBJECT, messages, ProofExpired, sendContactMessage, type ContactField, type ContactMessage } from '@/lib/contact';
import { validateContact } from '@/lib/contact-schema';

type Case = { name: string; input: Record<ContactField, string>; valid: boolean; clientValid?: boolean; invalid?: ContactField[] };

describe('validateContact', () => {
  // The same table runs against mail/send.php (__tests__/mail/send-endpoint.test.ts), so the two agree.
  it.each((cases as Case[]).map((c) => [c.name, c] as const))('%s', (_name, { input, valid, clientValid, invalid = [] }) => {
    const result = validateContact(input);
    expect(result.success).toBe(clientValid ?? valid);
    // A case that names the fields at fault: the form names those, and no other.
    if (invalid.length > 0) expect(result).toEqual({ success: false, errors: Object.fromEntries(invalid.map((field) => [field, expect.any(String)])) });
  });

  it('trims what it accepts and names each invalid field', () => {
    const result = validateContact({ firstName: ' Ana ', lastName: '', email: 'ana@', company: '', subject: '', phone: '', message: 'Hi' });
    expect(result).toEqual({
      success: false,
      errors: { lastName: 'Last name is required.', email: 'Enter a valid email address, like name@example.com.' },
    });
  });
});

describe('sendContactMessage', () => {
  const message: ContactMessage = {
    firstName: 'Ana',
    lastName: 'Petrova',
    email: 'ana@example.com',
    company: '',
    subject: '',
    phone: '',
    message: 'Hello',
  };
  const signals = { website: '', elapsedMs: 9000, altcha: 'cHJvb2Y=' };
  const fetchMock = jest.fn();

  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock;
  });

  function answer(body: unknown, status = 200) {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  }

  it('posts one JSON body with the seven fields, sending an empty subject as the default', async () => {
    answer({ success: true, message: 'ok' });
    await sendContactMessage(message, signals);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/mail/send.php');
    expect(init.method).toBe('POST');
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(init.body)).toEqual({ ...message, subject: DEFAULT_SUBJECT, ...signals });
  });

  it('uses the server’s message when it answers success false', async () => {
    answer({ success: false, message: 'Too many messages. Please try again later.' }, 429);
    await expect(sendContactMessage(message, signals)).rejects.toThrow('Too many messages. Please try again later.');
  });

  it('tells an expired proof from other refusals, so the form can solve a fresh one', async () => {
    answer({ success: false, message: 'The form expired.', proof: 'expired' }, 403);
    await expect(sendContactMessage(message, signals)).rejects.toThrow(ProofExpired);
    answer({ success: false, message: 'Please use the contact form on our website.' }, 403);
    await expect(sendContactMessage(message, signals)).rejects.not.toThrow(ProofExpired);
  });

  it('falls back to "Failed to send email" when success false comes without a message', async () => {
    answer({ success: false });
    await expect(sendContactMessage(message, signals)).rejects.toThrow(new Error(messages.rejected));
  });

  it('reports a network failure or an answer that is not JSON with the general failure text', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(sendContactMessage(message, signals)).rejects.toThrow(new Error(messages.failed));
    fetchMock.mockResolvedValue(new Response('<h1>Bad gateway</h1>', { status: 502 }));
    await expect(sendContactMessage(message, signals)).rejects.toThrow(new Error(messages.failed));
  });
});
