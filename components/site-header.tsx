import Link from 'next/link';
import { Logo } from '@/components/logo';
import { NavMenu } from '@/components/nav-menu';
import { mainNav, site } from '@/lib/site';
import styles from './site-header.module.css';

export function SiteHeader() {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link href="/" className={styles.brand} aria-label={`${site.name} home`}>
          <Logo />
        </Link>
        <NavMenu items={mainNav} />
      </div>
    </header>
  );
}
