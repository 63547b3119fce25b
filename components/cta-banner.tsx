import Link from 'next/link';
import { useId } from 'react';
import { HeadingText } from '@/components/heading-text';
import styles from './cta-banner.module.css';

type CtaBannerProps = {
  title: string;
  children: React.ReactNode;
  linkText: string;
  href: string;
};

/** The closing banner of a page: a last prompt with a text link to act on it. */
export function CtaBanner({ title, children, linkText, href }: CtaBannerProps) {
  const headingId = useId();
  return (
    <section className={styles.banner} aria-labelledby={headingId}>
      <div className={styles.inner}>
        <h2 id={headingId} className={styles.title}>
          <HeadingText>{title}</HeadingText>
        </h2>
        <p>{children}</p>
        <Link href={href} className={styles.link}>
          {linkText}
          <span aria-hidden="true"> →</span>
        </Link>
      </div>
    </section>
  );
}
