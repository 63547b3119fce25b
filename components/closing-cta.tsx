import Link from 'next/link';
import { useId } from 'react';
import { ButtonLink } from '@/components/button-link';
import { HeadingText } from '@/components/heading-text';
import { site } from '@/lib/site';
import styles from './closing-cta.module.css';

type ClosingCtaProps = {
  title: string;
  /** One or two sentences: what the visitor gets by writing. */
  children: React.ReactNode;
  /** The call's label, as the specification names it ('Contact us', 'Get more information'). */
  action: string;
  href: string;
  /** `link`: the banner's text link, where the specification asks for a closing banner with a link. */
  as?: 'button' | 'link';
};

/** The band that ends every content page: one last prompt, one way to act on it, and when we reply. */
export function ClosingCta({ title, children, action, href, as = 'button' }: ClosingCtaProps) {
  const headingId = useId();
  return (
    <section className={styles.banner} aria-labelledby={headingId}>
      <div className={styles.inner}>
        <h2 id={headingId} className={styles.title}>
          <HeadingText>{title}</HeadingText>
        </h2>
        <p>{children}</p>
        {as === 'link' ? (
          <Link href={href} className={styles.link}>
            {action}
            <span aria-hidden="true"> →</span>
          </Link>
        ) : (
          <ButtonLink href={href}>{action}</ButtonLink>
        )}
        <p className={styles.reply}>We reply within {site.replyTime}.</p>
      </div>
    </section>
  );
}
