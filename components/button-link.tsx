import Link from 'next/link';
import styles from './button-link.module.css';

/** `primary`: the call to act, filled in the accent colour; `secondary`: a way to read on, outlined. */
type Variant = 'primary' | 'secondary';

type ButtonLinkProps = {
  href: string;
  children: React.ReactNode;
  variant?: Variant;
};

/** The site's button look, for real buttons (form submit, consent choices) as for links. */
export function buttonClassName(variant: Variant = 'primary'): string {
  return `${styles.button} ${styles[variant]}`;
}

/** A link that looks like a button: every call to action on the site. */
export function ButtonLink({ href, children, variant = 'primary' }: ButtonLinkProps) {
  return (
    <Link href={href} className={buttonClassName(variant)}>
      {children}
    </Link>
  );
}
