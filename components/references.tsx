import { Section } from '@/components/section';
import { content } from '@/lib/content';
import type { Certification, Client, Logo, Partnership, ReferenceLists } from '@/lib/references';
import styles from './references.module.css';

const validUntil = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** A link that leaves the site, where the entry has one. */
function Outbound({ href, children }: { href?: string; children: React.ReactNode }) {
  if (!href) return <>{children}</>;
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * One entry as its list's chip: the logo where one is given (never a stand-in), the name, linked
 * where it can be checked, and a line on what it is. Every chip of a list has the same box.
 */
function Chip({ logo, name, href, detail, children }: { logo?: Logo; name: string; href?: string; detail?: string; children?: React.ReactNode }) {
  return (
    <li className={styles.chip}>
      {logo && (
        // A plain img: the export serves images as they are, and next/image would only add JavaScript.
        // The name beside it says what it shows.
        // eslint-disable-next-line @next/next/no-img-element
        <img className={styles.logo} src={logo.src} alt="" width={logo.width} height={logo.height} loading="lazy" decoding="async" />
      )}
      <div className={styles.text}>
        <p className={styles.name}>
          <Outbound href={href}>{name}</Outbound>
        </p>
        {detail && <p className={styles.detail}>{detail}</p>}
        {children}
      </div>
    </li>
  );
}

const ClientChip = ({ client }: { client: Client }) => <Chip logo={client.logo} name={client.name} href={client.href} />;

/** In full, a certificate with what a buyer checks it by; in short, its name and issuer. */
function CertificationChip({ certification, compact }: { certification: Certification; compact: boolean }) {
  return (
    <Chip logo={certification.logo} name={certification.name} href={certification.href} detail={compact ? certification.issuer : undefined}>
      {!compact && (
        <dl className={styles.details}>
          <div>
            <dt>Issued by</dt>
            <dd>{certification.issuer}</dd>
          </div>
          <div>
            <dt>Certificate</dt>
            <dd>{certification.number}</dd>
          </div>
          <div>
            <dt>Scope</dt>
            <dd>{certification.scope}</dd>
          </div>
          <div>
            <dt>Valid until</dt>
            <dd>
              <time dateTime={certification.validUntil}>{validUntil.format(new Date(certification.validUntil))}</time>
            </dd>
          </div>
        </dl>
      )}
    </Chip>
  );
}

const PartnershipChip = ({ partnership }: { partnership: Partnership }) => <Chip logo={partnership.logo} name={partnership.name} href={partnership.href} detail={partnership.level} />;

/**
 * Clients, certifications and vendor partnerships (content/references.yaml), each list only when it has
 * entries, and nothing at all when every list is empty: side by side in equal columns, one under
 * another on a phone. In full, a section of its own (About); in short, without the certificates'
 * details, a block inside the section it closes (the home page's "Why NPTS").
 */
export function References({ compact = false, lists = content.references }: { compact?: boolean; lists?: ReferenceLists }) {
  const groups = [
    lists.clients.length > 0 && { title: 'Clients', chips: lists.clients.map((client) => <ClientChip key={client.name} client={client} />) },
    lists.certifications.length > 0 && {
      title: 'Certifications',
      chips: lists.certifications.map((certification) => <CertificationChip key={certification.number} certification={certification} compact={compact} />),
    },
    lists.partnerships.length > 0 && { title: 'Partners', chips: lists.partnerships.map((partnership) => <PartnershipChip key={partnership.name} partnership={partnership} />) },
  ].filter((group) => group !== false);
  if (groups.length === 0) return null;

  const titled = (
    <div className={compact ? `${styles.groups} ${styles.compact}` : styles.groups}>
      {groups.map((group) => (
        <div key={group.title}>
          <h3 className={styles.title}>{group.title}</h3>
          <ul className={styles.chips}>{group.chips}</ul>
        </div>
      ))}
    </div>
  );
  if (compact) return titled;
  const title = new Intl.ListFormat('en-GB').format(groups.map((group, index) => (index === 0 ? group.title : group.title.toLowerCase())));
  return (
    <Section title={title} tone="auto">
      {groups.length === 1 ? <ul className={`${styles.chips} ${styles.across}`}>{groups[0].chips}</ul> : titled}
    </Section>
  );
}
