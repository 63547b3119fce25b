import { Section } from '@/components/section';
import { type Certification, type Client, type Partnership, type ReferenceLists, references } from '@/lib/references';
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

function ClientItem({ client }: { client: Client }) {
  return (
    <li>
      <Outbound href={client.href}>
        <span className={styles.client}>
          {client.logo && (
            // A plain img: the export serves images as they are, and next/image would only add JavaScript.
            // eslint-disable-next-line @next/next/no-img-element
            <img src={client.logo.src} alt="" width={client.logo.width} height={client.logo.height} loading="lazy" decoding="async" />
          )}
          {client.name}
        </span>
      </Outbound>
    </li>
  );
}

function CertificationItem({ certification, compact }: { certification: Certification; compact: boolean }) {
  if (compact) {
    return (
      <li>
        <Outbound href={certification.href}>{certification.name}</Outbound>, {certification.issuer}
      </li>
    );
  }
  return (
    <li className={styles.certificate}>
      <p className={styles.name}>
        <Outbound href={certification.href}>{certification.name}</Outbound>
      </p>
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
    </li>
  );
}

function PartnershipItem({ partnership }: { partnership: Partnership }) {
  return (
    <li>
      <Outbound href={partnership.href}>{partnership.name}</Outbound>: {partnership.level}
    </li>
  );
}

/**
 * Clients, certifications and vendor partnerships (lib/references.ts), each list only when it has
 * entries, and nothing at all when every list is empty. In full, a section of its own (About); in
 * short, a block inside the section it closes (the home page's "Why NPTS").
 */
export function References({ compact = false, lists = references }: { compact?: boolean; lists?: ReferenceLists }) {
  const groups = [
    lists.clients.length > 0 && {
      title: 'Clients',
      items: <ul className={styles.clients}>{lists.clients.map((client) => <ClientItem key={client.name} client={client} />)}</ul>,
    },
    lists.certifications.length > 0 && {
      title: 'Certifications',
      items: (
        <ul className={compact ? styles.plain : styles.certificates}>
          {lists.certifications.map((certification) => <CertificationItem key={certification.number} certification={certification} compact={compact} />)}
        </ul>
      ),
    },
    lists.partnerships.length > 0 && {
      title: 'Partners',
      items: <ul className={styles.plain}>{lists.partnerships.map((partnership) => <PartnershipItem key={partnership.name} partnership={partnership} />)}</ul>,
    },
  ].filter((group) => group !== false);
  if (groups.length === 0) return null;

  const titled = groups.map((group) => (
    <div key={group.title} className={styles.group}>
      <h3 className={styles.title}>{group.title}</h3>
      {group.items}
    </div>
  ));
  if (compact) return <div className={styles.compact}>{titled}</div>;
  const title = new Intl.ListFormat('en-GB').format(groups.map((group, index) => (index === 0 ? group.title : group.title.toLowerCase())));
  return (
    <Section title={title} tone="alt">
      {groups.length === 1 ? groups[0].items : <div className={styles.full}>{titled}</div>}
    </Section>
  );
}
