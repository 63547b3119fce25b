import styles from './section.module.css';

type SectionProps = {
  title?: string;
  intro?: React.ReactNode;
  /** `alt` sets the section on the alternate background to separate it from its neighbours. */
  tone?: 'plain' | 'alt';
  /** `center` suits a short closing prompt with its call to action. */
  align?: 'start' | 'center';
  children: React.ReactNode;
};

export function Section({ title, intro, tone = 'plain', align = 'start', children }: SectionProps) {
  return (
    <section className={[styles.section, tone === 'alt' && styles.alt, align === 'center' && styles.center].filter(Boolean).join(' ')}>
      <div className={styles.inner}>
        {title && <h2 className={styles.title}>{title}</h2>}
        {intro && <p className={styles.intro}>{intro}</p>}
        {children}
      </div>
    </section>
  );
}

/** Cards laid out in as many columns as fit. */
export function CardGrid({ children }: { children: React.ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}
