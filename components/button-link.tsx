import Link from 'next/link';
import styles from './button-link.module.css';

type ButtonLinkProps = {
  href: string;
  children: React.ReactNode;
  variant?: 'primary' | 'secondary' | 'accent';
};

/** A link that looks like a button: every call to action on the site. */
export function ButtonLink({ href, children, variant = 'primary' }: ButtonLinkProps) {
  return (
    <Link href={href} className={`${styles.button} ${styles[variant]}`}>
      {children}
    </Link>
  );
}
