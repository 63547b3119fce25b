import { Illustration, type IllustrationName } from '@/components/illustration';
import { HeadingText } from '@/components/heading-text';
import styles from './page-hero.module.css';

type PageHeroProps = {
  eyebrow?: string;
  title: string;
  lead: React.ReactNode;
  /** A picture of the subject beside the introduction (below it on narrow screens). */
  illustration?: IllustrationName;
  /** Calls to action under the introduction. */
  children?: React.ReactNode;
};

/** The opening band of a page: its one `h1` and a short introduction. */
export function PageHero({ eyebrow, title, lead, illustration, children }: PageHeroProps) {
  return (
    <div className={styles.hero}>
      <div className={`${styles.inner} ${illustration ? styles.withArt : styles.plain}`}>
        <div className={styles.text}>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <h1 className={styles.title}><HeadingText>{title}</HeadingText></h1>
          <p className={styles.lead}>{lead}</p>
          {children && <div className={styles.actions}>{children}</div>}
        </div>
        {illustration && <Illustration name={illustration} className={styles.art} priority />}
      </div>
    </div>
  );
}
