import Link from 'next/link';
import styles from './button-link.module.css';

type Variant = 'primary' | 'secondary' | 'accent';

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
