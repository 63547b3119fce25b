import { HeadingText } from '@/components/heading-text';
import { Icon } from '@/components/icon';
import { CardGrid } from '@/components/section';
import type { IconName } from '@/lib/icons';
import styles from './feature-list.module.css';

type Feature = { icon: IconName; title: string; text: string };

/**
 * Short points, each an icon, a title and a few lines. `grid`: side by side, two to a row on wide
 * screens, so each line holds a readable measure; `rows`: one to a row, the title on the left and
 * the text beside it, for a section that should not look like the one before. On a phone both
 * are one under another, the text across the width under the icon and title.
 */
export function FeatureList({ items, layout = 'grid' }: { items: readonly Feature[]; layout?: 'grid' | 'rows' }) {
  const points = items.map(({ icon, title, text }) => (
    <li key={title} className={styles.item}>
      <span className={styles.icon}>
        <Icon name={icon} size={22} />
      </span>
      <h3 className={styles.title}>
        <HeadingText>{title}</HeadingText>
      </h3>
      <p className={styles.text}>{text}</p>
    </li>
  ));
  if (layout === 'rows') return <ul className={`${styles.list} ${styles.rows}`}>{points}</ul>;
  return (
    <CardGrid as="ul" lastRow="start" columns={2} className={styles.list}>
      {points}
    </CardGrid>
  );
}
