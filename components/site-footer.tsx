import Link from 'next/link';
import { CookieSettingsButton } from '@/components/consent-banner';
import { CompanyAddress, PhoneAndEmailItems, RegisterNumbers } from '@/components/contact-details';
import { Logo } from '@/components/logo';
import { footerLinks, site } from '@/lib/site';
import { content } from '@/lib/content';
import styles from './site-footer.module.css';

/** The site's first year, then the year of the build: "2024–2026", or "2024" alone in 2024. */
export function copyrightYears(built = new Date().getFullYear()): string {
  return built > site.copyrightYear ? `${site.copyrightYear}–${built}` : `${site.copyrightYear}`;
}

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <Logo />
          <p>Remote-first IT for vessels, rigs and businesses.</p>
          <CompanyAddress />
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className={styles.heading}>
            Quick links
          </h2>
          <ul className={styles.list}>
            {footerLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={styles.heading}>Contact</h2>
          <ul className={styles.list}>
            <PhoneAndEmailItems />
            <li>Location: {content.company.areaServed.join(', ')}</li>
          </ul>
        </div>
        <div>
          <h2 className={styles.heading}>Partner</h2>
          <a href={content.company.partner.href} className={styles.partner} target="_blank" rel="noopener">
            {/* A plain img: the export serves images as they are, and next/image would only add JavaScript. */}
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img
              src={content.company.partner.logo.src}
              alt={`${content.company.partner.name} (opens in a new tab)`}
              width={content.company.partner.logo.width}
              height={content.company.partner.logo.height}
              loading="lazy"
              decoding="async"
            />
          </a>
        </div>
      </div>
      <div className={styles.bottom}>
        <p className={styles.copyright}>
          © {copyrightYears()} {content.company.legalName}. All rights reserved. <span className={styles.register}><RegisterNumbers /></span>
        </p>
        <Link href="/privacy">Privacy notice</Link>
        <CookieSettingsButton className={styles.settings} />
      </div>
    </footer>
  );
}
