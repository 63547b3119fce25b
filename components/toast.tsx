'use client';

import { useEffect } from 'react';
import styles from './toast.module.css';

export const TOAST_MS = 5000;

export type ToastState = { type: 'success' | 'error'; message: string };

type ToastProps = { toast: ToastState | null; onClose: () => void };

/**
 * A message at the top centre of the screen: green for success, red for an error. It hides
 * itself 5 seconds after it appears, or when closed. Both live regions stay in the page so
 * screen readers announce what appears in them: success politely, errors at once.
 */
export function Toast({ toast, onClose }: ToastProps) {
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(onClose, TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, onClose]);

  const box = toast && (
    <div className={`${styles.toast} ${toast.type === 'success' ? styles.success : styles.error}`}>
      <p className={styles.message}>{toast.message}</p>
      <button type="button" className={styles.close} onClick={onClose} aria-label="Close notification">
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );

  return (
    <div className={styles.viewport}>
      <div role="status">{toast?.type === 'success' && box}</div>
      <div role="alert">{toast?.type === 'error' && box}</div>
    </div>
  );
}
