import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContactForm } from '@/components/contact-form';
import { ChallengeRefused, messages } from '@/lib/contact';
import { TOAST_MS } from '@/components/toast';
import { content } from '@/lib/content';

const fetchMock = jest.fn();

// The proof of work is solved for real in the browser tests (engines.spec.ts, contact.spec.ts):
// jsdom has no Worker. Here each call hands out the next numbered proof.
const solveProof = jest.fn();
jest.mock('@/lib/proof', () => ({ solveProof: () => solveProof() }));

function jsonResponse(body: unknown, status = 200) {
  return { ok: status < 400, status, json: () => Promise.resolve(body) };
}

/** What the form has posted, call by call. */
const sentBodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(init.body));

function setup() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<ContactForm phone={content.company.phone.display} email={content.company.email} replyTime={content.company.replyTime} />);
  const field = (name: string) => screen.getByLabelText(name, { exact: false }) as HTMLInputElement;
  async function fillValid() {
    await user.type(field('First name'), 'Ana');
    await user.type(field('Last name'), 'Petrova');
    await user.type(field('Email'), 'ana@example.com');
    await user.type(field('Company'), 'Blue Line Shipping');
    await user.type(field('Message'), 'We need VSAT for three vessels.');
  }
  const send = () => user.click(screen.getByRole('button', { name: 'Send message' }));
  async function sendValid() {
    await fillValid();
    await send();
  }
  return { user, field, fillValid, send, sendValid };
}

describe('ContactForm', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    fetchMock.mockReset();
    global.fetch = fetchMock;
    let proofs = 0;
    solveProof.mockReset();
    solveProof.mockImplementation(async () => `proof-${++proofs}`);
  });
  afterEach(() => jest.useRealTimers());

  it('is a POST form to the mail endpoint with the spec’s fields and input types', () => {
    const { field } = setup();
    const form = field('First name').form!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/mail/send.php');
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Phone')).toHaveAttribute('type', 'tel');
    expect(field('Message').tagName).toBe('TEXTAREA');
    expect(field('Message')).toHaveAttribute('rows', '4');
    for (const name of ['First name', 'Last name', 'Email', 'Message']) expect(field(name)).toHaveAttribute('aria-required', 'true');
    for (const name of ['Company', 'Subject', 'Phone']) expect(field(name)).not.toHaveAttribute('aria-required');
    for (const name of ['First name', 'Message']) expect(field(name)).not.toHaveAttribute('maxlength');
  });

  it('sends nothing when a required field is empty, shows the spec’s error and marks the fields', async () => {
    const { field, send, user } = setup();
    await user.type(field('First name'), 'Ana');
    await user.type(field('Email'), 'not-an-email');
    await send();

    await screen.findByText(messages.invalid);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(messages.invalid);
    expect(field('Last name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Last name')).toHaveAccessibleDescription('Last name is required.');
    expect(field('Email')).toHaveAccessibleDescription('Enter a valid email address, like name@example.com.');
    expect(field('First name')).not.toHaveAttribute('aria-invalid');
    expect(field('Last name')).toHaveFocus();
    expect(field('First name')).toHaveValue('Ana');
  });

  it('sends nothing and says which field holds a control character, such as a C1 one pasted into a name', async () => {
    const { field, fillValid, send, user } = setup();
    await fillValid();
    // CSI (U+009B) "2J": on a terminal that reads C1 controls, it clears the screen.
    await user.type(field('Last name'), '\u009b2J');
    await send();

    await screen.findByText(messages.invalid);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(field('Last name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Last name')).toHaveAccessibleDescription('Last name contains characters that are not allowed.');
    expect(field('Last name')).toHaveFocus();
    expect(field('First name')).not.toHaveAttribute('aria-invalid');
  });

  it('clears the form and shows the success toast when the server accepts the message', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: 'ok' }));
    const { field, sendValid } = setup();
    await sendValid();

    await screen.findByText(messages.success);
    expect(screen.getByRole('status')).toHaveTextContent(messages.success);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentBodies()[0]).toMatchObject({ firstName: 'Ana', subject: 'New Contact Form Submission', website: '', altcha: 'proof-1' });
    for (const name of ['First name', 'Last name', 'Email', 'Company', 'Message']) expect(field(name)).toHaveValue('');
  });

  it('starts the proof of work when the visitor first focuses the form, once, and sends with it', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true }));
    const { field, sendValid, user } = setup();
    await user.click(field('First name'));
    expect(solveProof).toHaveBeenCalledTimes(1);
    await sendValid();
    await screen.findByText(messages.success);
    expect(solveProof).toHaveBeenCalledTimes(1);
    expect(sentBodies()[0].altcha).toBe('proof-1');
  });

  it('sends again with a fresh proof, unseen, when the server says the proof expired', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ success: false, message: 'Please use the contact form on our website.', proof: 'expired' }, 403))
      .mockResolvedValueOnce(jsonResponse({ success: true }));
    const { sendValid } = setup();
    await sendValid();
    await screen.findByText(messages.success);
    expect(sentBodies().map((body) => body.altcha)).toEqual(['proof-1', 'proof-2']);
  });

  it('tries the proof again when the visitor sends after it failed on focus', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true }));
    solveProof.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { field, sendValid, user } = setup();
    await user.click(field('First name'));
    await sendValid();
    await screen.findByText(messages.success);
    expect(solveProof).toHaveBeenCalledTimes(2);
    expect(sentBodies()[0].altcha).toBe('proof-1');
  });

  it('shows the endpoint’s own message, and sends nothing, when it refuses to give a challenge', async () => {
    solveProof.mockRejectedValue(new ChallengeRefused('Sorry, our contact form is out of service right now.'));
    const { sendValid } = setup();
    await sendValid();
    expect(await screen.findByText('Sorry, our contact form is out of service right now.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names the phone number and email address, and sends nothing, when this browser cannot make the proof', async () => {
    solveProof.mockRejectedValue(new Error('no Worker'));
    const { field, sendValid } = setup();
    await sendValid();
    expect(await screen.findByText(messages.noProof(content.company.phone.display, content.company.email))).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(field('Message')).toHaveValue('We need VSAT for three vessels.');
  });

  it('keeps every field and shows the server’s message when it answers success false', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: 'Please try again in 10 minutes.' }, 429));
    const { field, sendValid } = setup();
    await sendValid();

    expect(await screen.findByText('Please try again in 10 minutes.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please try again in 10 minutes.');
    expect(field('First name')).toHaveValue('Ana');
    expect(field('Message')).toHaveValue('We need VSAT for three vessels.');
  });

  it('shows "Failed to send email" when success false has no message', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false }));
    const { sendValid } = setup();
    await sendValid();
    await screen.findByText('Failed to send email');
    expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to send email$/);
  });

  it('shows the general failure text when the network fails, keeping the fields', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { field, sendValid } = setup();
    await sendValid();
    expect(await screen.findByText(messages.failed)).toBeInTheDocument();
    expect(field('Email')).toHaveValue('ana@example.com');
  });

  it('shows that it is sending and ignores a second submit meanwhile', async () => {
    let answer: (value: unknown) => void = () => {};
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { fillValid, user } = setup();
    await fillValid();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const button = await screen.findByRole('button', { name: 'Sending…' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => answer(jsonResponse({ success: true })));
    expect(screen.getByRole('button', { name: 'Send message' })).not.toHaveAttribute('aria-disabled');
  });

  it('sends once when submitted twice in a row before anything re-renders', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true }));
    const { field, fillValid } = setup();
    await fillValid();
    const form = field('First name').form!;
    await act(async () => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    await screen.findByText(messages.success);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('closes the toast with its close button', async () => {
    const { send, user } = setup();
    await send();
    await screen.findByText(messages.invalid);
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('hides the toast by itself 5000 ms after it appears', async () => {
    const { send } = setup();
    await send();
    await screen.findByText(messages.invalid);
    act(() => jest.advanceTimersByTime(TOAST_MS - 1));
    expect(screen.getByRole('alert')).toHaveTextContent(messages.invalid);
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(TOAST_MS).toBe(5000);
  });
});
