import { HeadingText } from '@/components/heading-text';
import { Icon } from '@/components/icon';
import { CardGrid } from '@/components/section';
import type { IconName } from '@/lib/icons';
import styles from './feature-list.module.css';

type Feature = { icon: IconName; title: string; text: string };

/** Short points, each an icon, a title and a line: the card grid's columns without the cards. */
export function FeatureList({ items }: { items: readonly Feature[] }) {
  return (
    <CardGrid as="ul" lastRow="start" className={styles.list}>
      {items.map(({ icon, title, text }) => (
        <li key={title} className={styles.item}>
          <span className={styles.icon}>
            <Icon name={icon} size={22} />
          </span>
          <div>
            <h3 className={styles.title}>
              <HeadingText>{title}</HeadingText>
            </h3>
            <p className={styles.text}>{text}</p>
          </div>
        </li>
      ))}
    </CardGrid>
  );
}
