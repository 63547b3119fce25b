import { Children } from 'react';
import { HeadingText } from '@/components/heading-text';
import styles from './section.module.css';

type SectionProps = {
  title?: string;
  intro?: React.ReactNode;
  /**
   * `alt` sets the section on the alternate background to separate it from its neighbours; `auto`
   * is for a section shown only when its source has entries: it takes its place in the rhythm the
   * page's own sections set, and the sections after it turn with it (section.module.css).
   */
  tone?: 'plain' | 'alt' | 'auto';
  /** `center` suits a short closing prompt with its call to action. */
  align?: 'start' | 'center';
  /** Puts the section on the page's service sheet too, in the page's order (components/sheet-content.ts). */
  sheet?: boolean;
  /** For a section other pages link to (`/network#e26`): what it explains is said there only. */
  id?: string;
  children: React.ReactNode;
};

export function Section({ title, intro, tone = 'plain', align = 'start', id, children }: SectionProps) {
  return (
    <section id={id} className={[styles.section, tone !== 'plain' && styles[tone], align === 'center' && styles.center].filter(Boolean).join(' ')}>
      <div className={styles.inner}>
        {title && <h2 className={styles.title}><HeadingText>{title}</HeadingText></h2>}
        {intro && <p className={styles.intro}>{intro}</p>}
        {children}
      </div>
    </section>
  );
}

/**
 * Cards in balanced rows, each line of their text long enough to read: on wide screens two or
 * four cards sit in pairs and any other number in rows of three; `columns={2}` keeps to pairs (a
 * list of points whose text runs to several lines). A short last row of cards is stretched so
 * that it leaves no empty slot; items without a box of their own (`lastRow="start"`) keep to the
 * columns above instead.
 */
export function CardGrid({
  as: Tag = 'div',
  lastRow = 'fill',
  columns: most = 3,
  className,
  children,
}: {
  as?: 'div' | 'ul';
  lastRow?: 'fill' | 'start';
  columns?: 2 | 3;
  className?: string;
  children: React.ReactNode;
}) {
  const count = Children.count(children);
  const columns = count === 2 || count === 4 || most === 2 ? 2 : 3;
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
