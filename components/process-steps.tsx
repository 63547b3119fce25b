import { HeadingText } from '@/components/heading-text';
import styles from './process-steps.module.css';

/**
 * The steps of how we work, in order, as a timeline: an ordered list whose numbers are drawn on a
 * line that joins them, across the page on wide screens and down its left edge on narrow ones.
 */
export function ProcessSteps({ children }: { children: React.ReactNode }) {
  return <ol className={styles.steps}>{children}</ol>;
}

export function ProcessStep({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <li className={styles.step}>
      <h3 className={styles.title}>
        <HeadingText>{title}</HeadingText>
      </h3>
      <div className={styles.body}>{children}</div>
    </li>
  );
}
