import { Icon } from '@/components/icon';
import { Illustration, type IllustrationName } from '@/components/illustration';
import styles from './feature-split.module.css';

type FeatureSplitProps = {
  illustration: IllustrationName;
  /** Puts the illustration on the right on wide screens, to alternate down a page. */
  reverse?: boolean;
  children: React.ReactNode;
};

/** Text beside one of the site's illustrations; on small screens the illustration comes first. */
export function FeatureSplit({ illustration, reverse = false, children }: FeatureSplitProps) {
  return (
    <div className={reverse ? `${styles.split} ${styles.reverse}` : styles.split}>
      <div className={styles.art}>
        <Illustration name={illustration} />
      </div>
      <div className={styles.body}>{children}</div>
    </div>
  );
}

/** What a split's subject includes, each point ticked off. */
export function Checklist({ items }: { items: readonly string[] }) {
  return (
    <ul className={styles.checklist}>
      {items.map((item) => (
        <li key={item}>
          <span className={styles.tick}>
            <Icon name="check" size={12} />
          </span>
          {item}
        </li>
      ))}
    </ul>
  );
}
