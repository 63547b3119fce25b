import styles from './stat-list.module.css';

/** Key figures, each a large value over its label. */
export function StatList({ stats }: { stats: readonly { value: string; label: string }[] }) {
  return (
    <dl className={styles.stats}>
      {stats.map((stat) => (
        <div key={stat.label} className={styles.stat}>
          <dt className={styles.label}>{stat.label}</dt>
          <dd className={styles.value}>{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
