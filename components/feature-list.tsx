import { HeadingText } from '@/components/heading-text';
import styles from './feature-list.module.css';

/** Short points in a compact list, a title and a line each: lighter than a grid of cards. */
export function FeatureList({ items }: { items: readonly { title: string; text: string }[] }) {
  return (
    <ul className={styles.list}>
      {items.map(({ title, text }) => (
        <li key={title} className={styles.item}>
          <h3 className={styles.title}>
            <HeadingText>{title}</HeadingText>
          </h3>
          <p className={styles.text}>{text}</p>
        </li>
      ))}
    </ul>
  );
}
