'use client';

import { sendGTMEvent } from '@next/third-parties/google';
import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import { buttonClassName } from '@/components/button-link';
import { Toast, type ToastState } from '@/components/toast';
import { generateLead } from '@/lib/analytics';
import { ChallengeRefused, type ContactField, contactFields, type ContactMessage, type FieldErrors, fieldRules, leadAttribution, messages, ProofExpired, sendContactMessage } from '@/lib/contact';
import { site } from '@/lib/site';
import styles from './contact-form.module.css';

type FieldSpec = {
  name: ContactField;
  type?: 'text' | 'email' | 'tel';
  autoComplete: string;
};

// Which are required is the contract's (fieldRules).
const fields: FieldSpec[] = [
  { name: 'firstName', autoComplete: 'given-name' },
  { name: 'lastName', autoComplete: 'family-name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'company', autoComplete: 'organization' },
  { name: 'subject', autoComplete: 'off' },
  { name: 'phone', type: 'tel', autoComplete: 'tel' },
];

// zod and the spam check's solver are most of this form's weight: they load when the visitor
// first focuses a field, not with the page.
const loadSchema = () => import('@/lib/contact-schema');
const loadProof = () => import('@/lib/proof');

/** The company's facts the form names (content/company.yaml), passed by the page that shows it. */
type Contact = { phone: string; email: string; replyTime: string };

/**
 * The contact form. With JavaScript it validates, sends JSON and answers with a toast; without
 * it, the browser posts the same fields to the same endpoint, which redirects to a result page.
 */
export function ContactForm({ phone, email, replyTime }: Contact) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const [toast, setToast] = useState<ToastState | null>(null);
  const renderedAt = useRef(0);
  const inFlight = useRef(false);
  // The proof of work for the next send: started on first focus, so it is solved while the
  // visitor types. Each proof works once.
  const proof = useRef<Promise<string> | null>(null);
  const closeToast = useCallback(() => setToast(null), []);

  useEffect(() => {
    renderedAt.current = performance.now();
  }, []);

  function startProof(): Promise<string> {
    if (!proof.current) {
      const started = loadProof().then(({ solveProof }) => solveProof());
      // A failure is reported when the visitor sends, not before; a send after it starts afresh
      // (the network may be back).
      started.catch(() => {
        if (proof.current === started) proof.current = null;
      });
      proof.current = started;
    }
    return proof.current;
  }

  async function takeProof(): Promise<string> {
    try {
      return await startProof();
    } catch (error) {
      throw new Error(error instanceof ChallengeRefused ? error.message : messages.noProof(phone, email));
    } finally {
      proof.current = null;
    }
  }

  async function send(message: ContactMessage, data: FormData) {
    const signals = { website: String(data.get('website') ?? ''), elapsedMs: Math.round(performance.now() - renderedAt.current) };
    const attribution = leadAttribution(window.location.search);
    const attempt = async () => sendContactMessage(message, { ...signals, altcha: await takeProof() }, attribution);
    try {
      await attempt();
    } catch (error) {
      // A tab left open past the challenge's expiry: solve a fresh one and send again, unseen.
      if (!(error instanceof ProofExpired)) throw error;
      await attempt();
    }
    // Only once the server has confirmed the lead.
    sendGTMEvent(generateLead(attribution.source));
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A ref, not the state: a second click can arrive before React re-renders with `sending`.
    if (inFlight.current) return;
    inFlight.current = true;
    const form = event.currentTarget;
    const data = new FormData(form);
    const values = Object.fromEntries(contactFields.map((name) => [name, String(data.get(name) ?? '')])) as Record<ContactField, string>;
    try {
      const { validateContact } = await loadSchema();
      const result = validateContact(values);
      if (!result.success) {
        setErrors(result.errors);
        setToast({ type: 'error', message: messages.invalid });
        const firstInvalid = contactFields.find((name) => result.errors[name]);
        form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
        return;
      }

      setErrors({});
      setSending(true);
      await send(result.data, data);
      form.reset();
      setToast({ type: 'success', message: messages.success });
    } catch (error) {
      setToast({ type: 'error', message: error instanceof Error && error.message ? error.message : messages.failed });
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  function control(name: ContactField) {
    const { required } = fieldRules[name];
    const error = errors[name];
    return {
      id: `contact-${name}`,
      name,
      'aria-required': required || undefined,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `contact-${name}-error` : undefined,
    } as const;
  }

  function errorText(name: ContactField) {
    return (
      errors[name] && (
        <p id={`contact-${name}-error`} className={styles.error}>
          {errors[name]}
        </p>
      )
    );
  }

  function label(name: ContactField) {
    return (
      <label htmlFor={`contact-${name}`} className={styles.label}>
        {fieldRules[name].label}
        {fieldRules[name].required && (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
    );
  }

  return (
    <>
      <form method="post" action={site.contactEndpoint} className={`card ${styles.form}`} onSubmit={onSubmit} onFocus={() => {
          void loadSchema();
          void startProof();
        }} noValidate aria-describedby="contact-required-note">
        <p id="contact-required-note" className={styles.note}>
          Fields marked <span aria-hidden="true">*</span>
          <span className="visually-hidden">with an asterisk</span> are required.
        </p>
        <div className={styles.grid}>
          {fields.map(({ name, type = 'text', autoComplete }) => (
            <div key={name} className={styles.field}>
              {label(name)}
              <input {...control(name)} type={type} autoComplete={autoComplete} className={styles.input} />
              {errorText(name)}
            </div>
          ))}
          <div className={`${styles.field} ${styles.wide}`}>
            {label('message')}
            <textarea {...control('message')} rows={4} className={styles.input} />
            {errorText('message')}
          </div>
          {/* A field people never see: a script that fills it in is treated as a bot. */}
          <div className={styles.trap} aria-hidden="true">
            <label>
              Leave this field empty
              <input name="website" type="text" tabIndex={-1} autoComplete="off" />
            </label>
          </div>
        </div>
        <div className={styles.send}>
          <button type="submit" className={buttonClassName()} aria-disabled={sending || undefined}>
            {sending ? 'Sending…' : 'Send message'}
          </button>
          <p className={styles.next}>
            We reply within {replyTime}. How we keep your details: <Link href="/privacy">privacy notice</Link>.
          </p>
        </div>
      </form>
      <Toast toast={toast} onClose={closeToast} />
    </>
  );
}
