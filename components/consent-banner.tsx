'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { buttonClassName } from '@/components/button-link';
import { consentStore } from '@/lib/analytics';
import styles from './consent-banner.module.css';

export function useConsent() {
  return useSyncExternalStore(consentStore.subscribe, consentStore.getSnapshot, consentStore.getServerSnapshot);
}

/** Pages whose content the banner must never cover: there it sits in the page, after the content. */
const IN_PAGE = new Set(['/contact']);

/**
 * Asks for analytics consent on the first visit, and again from the footer's "Cookie settings".
 * Accept and Reject are the same kind of button, side by side. It overlays the page bottom, so
 * showing it moves nothing; on the contact page it sits below the content instead, never over
 * the form.
 */
export function ConsentBanner() {
  const { open, choice } = useConsent();
  const inPage = IN_PAGE.has(usePathname());
  const bannerRef = useRef<HTMLElement>(null);
  const reopened = open && choice !== null;

  // Reopened from "Cookie settings": take the visitor to the question. A first visit does not
  // steal focus from the page.
  useEffect(() => {
    if (reopened) bannerRef.current?.focus();
  }, [reopened]);

  if (!open) return null;

  return (
    <section ref={bannerRef} tabIndex={-1} className={inPage ? `${styles.banner} ${styles.inPage}` : styles.banner} aria-labelledby="consent-title" aria-describedby="consent-text">
      <div className={styles.inner}>
        <div>
          <h2 id="consent-title" className={styles.title}>
            Analytics cookies
          </h2>
          <p id="consent-text" className={styles.text}>
            May we count your visit with Google Analytics? It tells us which pages help visitors, and it is off
            unless you accept. {choice && `Your current choice: ${choice === 'granted' ? 'accepted' : 'rejected'}.`}{' '}
            <Link href="/privacy">Privacy notice</Link>
          </p>
        </div>
        <div className={styles.actions}>
          <button type="button" className={`${buttonClassName()} ${styles.choice}`} onClick={() => consentStore.choose('denied')}>
            Reject
          </button>
          <button type="button" className={`${buttonClassName()} ${styles.choice}`} onClick={() => consentStore.choose('granted')}>
            Accept
          </button>
        </div>
      </div>
    </section>
  );
}

/** The footer's way back to the choice. */
export function CookieSettingsButton({ className }: { className?: string }) {
  return (
    <button type="button" className={className} onClick={() => consentStore.reopen()}>
      Cookie settings
    </button>
  );
}
