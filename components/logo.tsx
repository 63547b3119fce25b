import { site } from '@/lib/site';
import styles from './logo.module.css';

/** The NPTS mark (a signal arc over a wave) and wordmark, drawn inline so it inherits colour. */
export function Logo() {
  return (
    <span className={styles.logo}>
      <svg className={styles.mark} viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="19" fill="var(--color-teal-600)" />
        <path d="M11 17a13 13 0 0 1 18 0M14.5 20.5a8 8 0 0 1 11 0" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
        <circle cx="20" cy="24" r="2.2" fill="var(--color-amber-400)" />
        <path d="M8 30c3-2.4 5.5-2.4 8 0s5.5 2.4 8 0 5.5-2.4 8 0" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <span className={styles.word}>{site.name}</span>
    </span>
  );
}
