import Link from 'next/link';
import { HeadingText } from '@/components/heading-text';
import styles from './feature-card.module.css';

type FeatureCardProps = {
  title: string;
  /** When set, the card's title links there. */
  href?: string;
  /** `li` when the card is an item of a list, such as a step of a process. */
  as?: 'article' | 'li';
  className?: string;
  children: React.ReactNode;
};

export function FeatureCard({ title, href, as: Tag = 'article', className, children }: FeatureCardProps) {
  const text = <HeadingText>{title}</HeadingText>;
  return (
    <Tag className={className ? `${styles.card} ${className}` : styles.card}>
      <h3 className={styles.title}>{href ? <Link href={href}>{text}</Link> : text}</h3>
      <div className={styles.body}>{children}</div>
    </Tag>
  );
}
