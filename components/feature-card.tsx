import Link from 'next/link';
import { HeadingText } from '@/components/heading-text';
import { Illustration, type IllustrationName } from '@/components/illustration';
import styles from './feature-card.module.css';

type FeatureCardProps = {
  title: string;
  /** When set, the card's title links there. */
  href?: string;
  /** A picture of the subject above the title. */
  illustration?: IllustrationName;
  /** The card's picture is in the page's first screen: fetched with the HTML (see Illustration). */
  priority?: boolean;
  /** `li` when the card is an item of a list, such as a step of a process. */
  as?: 'article' | 'li';
  className?: string;
  children: React.ReactNode;
};

export function FeatureCard({ title, href, illustration, priority, as: Tag = 'article', className, children }: FeatureCardProps) {
  const text = <HeadingText>{title}</HeadingText>;
  return (
    <Tag className={['card', styles.card, className].filter(Boolean).join(' ')}>
      {illustration && <Illustration name={illustration} className={styles.picture} priority={priority} />}
      <h3 className={styles.title}>
        {href ? (
          <Link href={href}>
            {text}
            <span className={styles.arrow} aria-hidden="true">
              {' →'}
            </span>
          </Link>
        ) : (
          text
        )}
      </h3>
      <div className={styles.body}>{children}</div>
    </Tag>
  );
}
