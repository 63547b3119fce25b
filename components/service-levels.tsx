import { useId } from 'react';
import { type Fact, FactList } from '@/components/fact-list';
import { Section } from '@/components/section';
import { content } from '@/lib/content';
import { hoursText, type ServiceLevels as Levels } from '@/lib/service-levels';
import styles from './service-levels.module.css';

const list = (items: readonly string[]) => new Intl.ListFormat('en-GB').format(items);

/** A titled table, named by its heading for screen readers; `proseLast`: its last column is sentences, not targets. */
function Table({ title, head, proseLast = false, children }: { title: string; head: readonly string[]; proseLast?: boolean; children: React.ReactNode }) {
  const id = useId();
  return (
    <div className={`card ${styles.block}`}>
      <h3 id={id} className={styles.heading}>
        {title}
      </h3>
      <table className={proseLast ? `${styles.table} ${styles.proseLast}` : styles.table} aria-labelledby={id}>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * What the support desk commits to (content/service-levels.yaml): response and restore targets by
 * priority, the desk itself, escalation, where an engineer can come aboard and link availability,
 * each part only when it has entries; nothing at all while there are no service levels.
 */
export function ServiceLevelsSection({ levels = content.serviceLevels }: { levels?: Levels | null }) {
  if (!levels) return null;
  const desk: Fact[] = [
    ['Hours', hoursText(levels)],
    ['Languages', levels.languages.length > 0 && list(levels.languages)],
    [
      'Channels',
      levels.channels.length > 0 && (
        <ul className={styles.inline}>
          {levels.channels.map((channel) => (
            <li key={channel.href}>
              {channel.kind === 'portal' ? (
                <a href={channel.href} target="_blank" rel="noopener">
                  {channel.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : (
                <a href={channel.href}>{channel.label}</a>
              )}
            </li>
          ))}
        </ul>
      ),
    ],
    [
      'Escalation',
      levels.escalation.length > 0 && (
        <ol className={styles.escalation}>
          {levels.escalation.map((step) => <li key={step}>{step}</li>)}
        </ol>
      ),
    ],
    ['Engineer on board', levels.attendance.length > 0 && list(levels.attendance)],
  ];
  return (
    <Section title="Service levels" tone="auto" intro="The targets our support desk works to, and how to reach it.">
      <div className={styles.levels}>
        {levels.priorities.length > 0 && (
          <Table title="Response and restore times" head={['Priority', 'Response', 'Restore']}>
            {levels.priorities.map((priority) => (
              <tr key={priority.level}>
                <th scope="row">
                  <span className={styles.level}>
                    {priority.level} · {priority.name}
                  </span>
                  <span className={styles.definition}>{priority.definition}</span>
                </th>
                <td>{priority.response}</td>
                <td>{priority.restore}</td>
              </tr>
            ))}
          </Table>
        )}
        <div className={`card ${styles.block}`}>
          <h3 className={styles.heading}>The support desk</h3>
          <FactList facts={desk} className={styles.desk} />
        </div>
        {levels.uptime.length > 0 && (
          <Table title="Link availability" head={['Link', 'Commitment', 'If it is missed']} proseLast>
            {levels.uptime.map((uptime) => (
              <tr key={uptime.link}>
                <th scope="row">{uptime.link}</th>
                <td>{uptime.commitment}</td>
                <td>{uptime.remedy}</td>
              </tr>
            ))}
          </Table>
        )}
      </div>
    </Section>
  );
}
