'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { absoluteUrl } from '@/lib/site';
import styles from './copy-link-button.module.css';

export const COPIED_MS = 2000;

/** Copies the current page's address and confirms with "Copied!" for two seconds. */
export function CopyLinkButton() {
  const pathname = usePathname();
  // The time of the last successful copy; a new copy restarts the two seconds.
  const [copiedAt, setCopiedAt] = useState<number | null>(null);

  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(absoluteUrl(pathname));
      setCopiedAt(Date.now());
    } catch (error) {
      console.error('Could not copy the page link:', error);
    }
  }

  return (
    <div className={styles.wrapper}>
      <button type="button" className={styles.button} onClick={copy}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M10 14a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1 1M14 10a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1-1"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        Copy link
      </button>
      <span role="status" className={styles.status}>
        {copiedAt !== null ? 'Copied!' : ''}
      </span>
    </div>
  );
}
