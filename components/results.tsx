import Link from 'next/link';
import { type Fact, FactList } from '@/components/fact-list';
import { HeadingText } from '@/components/heading-text';
import { Section } from '@/components/section';
import { content } from '@/lib/content';
import type { Figure, Result, ServicePath } from '@/lib/results';
import { serviceLinks, vesselLinks } from '@/lib/site';
import styles from './results.module.css';

const month = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const serviceNames: ReadonlyMap<string, string> = new Map([...vesselLinks, ...serviceLinks].map((link) => [link.href, link.label]));

/** Latest first. */
const byDate = (list: readonly Result[]) => [...list].sort((a, b) => b.date.localeCompare(a.date));

/** The cases that used a service, latest first: its page's Results, and its service sheet's. */
export const serviceResults = (service: ServicePath, list: readonly Result[] = content.results) => byDate(list.filter((result) => result.services.includes(service)));

/** Who the work was for: the name given with permission, or the description that needs none. */
export const clientOf = (result: Result) => ('name' in result.client ? result.client.name : result.client.description);

/** When the work was finished: 'March 2026'. */
export const finishedIn = (result: Result) => month.format(new Date(`${result.date}-01`));

const finished = (result: Result) => <time dateTime={result.date}>{finishedIn(result)}</time>;

/** '99.6' and '%' → '99.6%'; '4' and 'hours' → '4 hours'. */
export const withUnit = (value: string, unit: string) => (unit === '%' ? `${value}%` : `${value} ${unit}`);

function FigureItem({ figure }: { figure: Figure }) {
  return (
    <div className={styles.figure}>
      <dt className={styles.label}>{figure.label}</dt>
      <dd className={styles.value}>
        {withUnit(figure.value, figure.unit)}
        {figure.before && <span className={styles.before}> from {withUnit(figure.before, figure.unit)}</span>}
      </dd>
      <dd className={styles.source}>
        {figure.period}, {figure.source}.
      </dd>
    </div>
  );
}

/** Sector, vessels, fleet, region and date: what a buyer compares with their own fleet. */
function Facts({ result }: { result: Result }) {
  const facts: Fact[] = [
    ['Sector', result.sector],
    ['Vessel type', result.vesselType],
    ['Fleet size', result.fleetSize],
    ['Region', result.region],
  ];
  return <FactList facts={facts} className={styles.facts} />;
}

function Services({ services, current }: { services: readonly ServicePath[]; current?: string }) {
  return (
    <p className={styles.services}>
      <span className={styles.servicesLabel}>Services: </span>
      {services.map((path, index) => (
        <span key={path}>
          {index > 0 && ', '}
          {path === current ? serviceNames.get(path) : <Link href={path}>{serviceNames.get(path)}</Link>}
        </span>
      ))}
    </p>
  );
}

/** Who the work was for and when, above the case's title: in full and in a row alike. */
function CaseHeading({ result, titleClassName }: { result: Result; titleClassName: string }) {
  return (
    <>
      <p className={styles.client}>
        {clientOf(result)} · {finished(result)}
      </p>
      <h3 className={titleClassName}>
        <HeadingText>{result.title}</HeadingText>
      </h3>
    </>
  );
}

/** One case in full: who, the situation, what was done, the figures and, where given, the client's words. */
function ResultStory({ result, current }: { result: Result; current: string }) {
  return (
    <article className={`card ${styles.story}`}>
      <div className={styles.text}>
        <CaseHeading result={result} titleClassName={styles.title} />
        <Facts result={result} />
        <dl className={styles.steps}>
          <dt>The situation</dt>
          <dd>{result.situation}</dd>
          <dt>What we did</dt>
          <dd>{result.work}</dd>
        </dl>
        <Services services={result.services} current={current} />
      </div>
      <div className={styles.proof}>
        <dl className={styles.figures}>
          {result.outcome.map((figure) => <FigureItem key={figure.label} figure={figure} />)}
        </dl>
        {result.quote && (
          <figure className={styles.quote}>
            <blockquote>
              <p>{result.quote.text}</p>
            </blockquote>
            <figcaption>
              — {result.quote.name}, {result.quote.role}, {clientOf(result)}
            </figcaption>
          </figure>
        )}
      </div>
    </article>
  );
}

/** A service page's "Results": every case that used the service, latest first; nothing when there is none. */
export function Results({ service, list = content.results }: { service: ServicePath; list?: readonly Result[] }) {
  const mine = serviceResults(service, list);
  if (mine.length === 0) return null;
  return (
    <Section title="Results" tone="auto">
      <div className={styles.stories}>
        {mine.map((result) => <ResultStory key={`${result.date} ${result.title}`} result={result} current={service} />)}
      </div>
    </Section>
  );
}

/** Home's and About's band of the latest cases, a row each: who and what, beside its first figure; nothing when there is none. */
export function LatestResults({ list = content.results, count = 3 }: { list?: readonly Result[]; count?: number }) {
  const latest = byDate(list).slice(0, count);
  if (latest.length === 0) return null;
  return (
    <Section title="Recent results" tone="auto">
      <ul className={styles.rows}>
        {latest.map((result) => (
          <li key={`${result.date} ${result.title}`} className={`card ${styles.row}`}>
            <div>
              <CaseHeading result={result} titleClassName={styles.rowTitle} />
              <p className={styles.summary}>
                {result.sector} · {result.region}
              </p>
              <Services services={result.services} />
            </div>
            <dl className={styles.figures}>
              <FigureItem figure={result.outcome[0]} />
            </dl>
          </li>
        ))}
      </ul>
    </Section>
  );
}
