import { useId } from 'react';
import { ButtonLink } from '@/components/button-link';
import { EmailLink, PhoneLink } from '@/components/contact-details';
import { HeadingText } from '@/components/heading-text';
import { content } from '@/lib/content';
import styles from './closing-cta.module.css';

type ClosingCtaProps = {
  title: string;
  /** One or two sentences: what the visitor gets by writing. */
  children: React.ReactNode;
  /**
   * The call's label, as the specification names it ('Contact us', 'Get more information'): a
   * link, drawn as the site's button on every page, where the specification asks for a closing
   * banner with a link too.
   */
  action: string;
  href: string;
};

/** For a visitor who would rather not fill in a form: the booking page where there is one, else the phone and the email. */
function SecondWay() {
  if (content.company.bookingUrl) {
    return (
      <p className={styles.second}>
        Rather talk first?{' '}
        <a href={content.company.bookingUrl} target="_blank" rel="noopener">
          Book a call<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    );
  }
  return (
    <p className={styles.second}>
      Or call <PhoneLink />
      <br />
      or write to <EmailLink />
    </p>
  );
}

/**
 * The band that ends every content page: one last prompt beside one way to act on it, a lighter
 * second way in, and when we reply.
 */
export function ClosingCta({ title, children, action, href }: ClosingCtaProps) {
  const headingId = useId();
  return (
    <section className={styles.banner} aria-labelledby={headingId}>
      <div className={styles.inner}>
        <div className={styles.prompt}>
          <h2 id={headingId} className={styles.title}>
            <HeadingText>{title}</HeadingText>
          </h2>
          <p>{children}</p>
        </div>
        <div className={styles.actions}>
          <ButtonLink href={href}>{action}</ButtonLink>
          <SecondWay />
          <p className={styles.reply}>We reply within {content.company.replyTime}.</p>
        </div>
      </div>
    </section>
  );
}
