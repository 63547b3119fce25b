import styles from './page-hero.module.css';

type PageHeroProps = {
  eyebrow?: string;
  title: string;
  lead: React.ReactNode;
  /** Calls to action under the introduction. */
  children?: React.ReactNode;
};

/** The opening band of a page: its one `h1` and a short introduction. */
export function PageHero({ eyebrow, title, lead, children }: PageHeroProps) {
  return (
    <div className={styles.hero}>
      <div className={styles.inner}>
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.lead}>{lead}</p>
        {children && <div className={styles.actions}>{children}</div>}
      </div>
    </div>
  );
}
