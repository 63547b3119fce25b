import Link from 'next/link';
import styles from './feature-card.module.css';

type FeatureCardProps = {
  title: string;
  /** When set, the card's title links there. */
  href?: string;
  children: React.ReactNode;
};

export function FeatureCard({ title, href, children }: FeatureCardProps) {
  return (
    <article className={styles.card}>
      <h3 className={styles.title}>{href ? <Link href={href}>{title}</Link> : title}</h3>
      <div className={styles.body}>{children}</div>
    </article>
  );
}
