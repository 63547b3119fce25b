import { PersonBadge } from '@/components/person-badge';
import { CardGrid, Section } from '@/components/section';
import { content } from '@/lib/content';
import type { Person } from '@/lib/people';
import styles from './people.module.css';

const languages = (person: Person) => `Speaks ${new Intl.ListFormat('en-GB').format(person.languages)}`;

/** 'https://www.linkedin.com/in/jane' → 'linkedin.com'. */
const host = (href: string) => new URL(href).hostname.replace(/^www\./, '');

/** About's "Who you will work with": each person with their role, background and languages; nothing while the list is empty. */
export function People({ list = content.people }: { list?: readonly Person[] }) {
  if (list.length === 0) return null;
  return (
    <Section title="Who you will work with" tone="auto" intro="The people who plan the work, answer the calls and look after your systems.">
      <CardGrid as="ul" lastRow="start">
        {list.map((person) => (
          <li key={person.name} className={`card ${styles.person}`}>
            <PersonBadge person={person} size="large" />
            <div>
              <h3 className={styles.name}>{person.name}</h3>
              <p className={styles.role}>{person.role}</p>
              <p>{person.background}</p>
              <p className={styles.languages}>{languages(person)}</p>
              {person.profile && (
                <p className={styles.profile}>
                  <a href={person.profile} target="_blank" rel="noopener">
                    <span className="visually-hidden">{person.name}: </span>
                    Profile on {host(person.profile)}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </p>
              )}
            </div>
          </li>
        ))}
      </CardGrid>
    </Section>
  );
}

/** /contact's named contact: the person who answers enquiries, when there is one. */
export function EnquiriesContact({ list = content.people, className }: { list?: readonly Person[]; className?: string }) {
  const person = list.find((candidate) => candidate.answersEnquiries);
  if (!person) return null;
  return (
    <div className={className}>
      <PersonBadge person={person} size="small" />
      <p>
        <strong>{person.name}</strong>, {person.role}
        <br />
        {languages(person)}
      </p>
    </div>
  );
}
