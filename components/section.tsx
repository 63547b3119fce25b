import { Children } from 'react';
import { HeadingText } from '@/components/heading-text';
import styles from './section.module.css';

type SectionProps = {
  title?: string;
  intro?: React.ReactNode;
  /**
   * `alt` sets the section on the alternate background to separate it from its neighbours; `auto`
   * takes the background its neighbour above does not have, for a section shown only when its
   * source has entries, after a section of another file.
   */
  tone?: 'plain' | 'alt' | 'auto';
  /** `center` suits a short closing prompt with its call to action. */
  align?: 'start' | 'center';
  /** Puts the section on the page's service sheet too, in the page's order (components/sheet-content.ts). */
  sheet?: boolean;
  children: React.ReactNode;
};

export function Section({ title, intro, tone = 'plain', align = 'start', children }: SectionProps) {
  return (
    <section className={[styles.section, tone !== 'plain' && styles[tone], align === 'center' && styles.center].filter(Boolean).join(' ')}>
      <div className={styles.inner}>
        {title && <h2 className={styles.title}><HeadingText>{title}</HeadingText></h2>}
        {intro && <p className={styles.intro}>{intro}</p>}
        {children}
      </div>
    </section>
  );
}

/**
 * Cards in balanced rows: on wide screens four cards sit in one row, two in two columns and any
 * other number in rows of three. A short last row of cards is stretched so that it leaves no empty
 * slot; items without a box of their own (`lastRow="start"`) keep to the columns above instead.
 */
export function CardGrid({
  as: Tag = 'div',
  lastRow = 'fill',
  className,
  children,
}: {
  as?: 'div' | 'ul';
  lastRow?: 'fill' | 'start';
  className?: string;
  children: React.ReactNode;
}) {
  const count = Children.count(children);
  const columns = count === 4 ? 4 : count === 2 ? 2 : 3;
  const fill = lastRow === 'fill';
  return (
    <Tag
      className={className ? `${styles.grid} ${className}` : styles.grid}
      data-columns={columns}
      data-odd={fill ? count % 2 === 1 : undefined}
      data-rest={fill ? count % 3 : undefined}
    >
      {children}
    </Tag>
  );
}
