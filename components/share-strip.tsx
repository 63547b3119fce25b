import { BrandIcon } from '@/components/brand-icon';
import { CopyLinkButton } from '@/components/copy-link-button';
import { site } from '@/lib/site';
import { content } from '@/lib/content';
import styles from './share-strip.module.css';

export function ShareStrip() {
  return (
    <aside className={styles.strip} aria-label="Follow and share">
      <div className={styles.inner}>
        <p className={styles.label}>Follow {site.name}</p>
        <ul className={styles.links}>
          {content.company.social.map((profile) => (
            <li key={profile.href}>
              <a
                href={profile.href}
                className={styles.icon}
                aria-label={`${profile.label} (opens in a new tab)`}
                target="_blank"
                rel="noopener"
              >
                <BrandIcon network={profile.network} />
              </a>
            </li>
          ))}
        </ul>
        <CopyLinkButton />
      </div>
    </aside>
  );
}
