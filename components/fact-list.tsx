/** A fact: its name, and its value or nothing (undefined, false, '') where there is none to show. */
export type Fact = readonly [term: string, value: React.ReactNode];

/** Facts as a description list, a term over each value; a fact without a value is left out. */
export function FactList({ facts, className }: { facts: readonly Fact[]; className?: string }) {
  return (
    <dl className={className}>
      {facts
        .filter(([, value]) => value === 0 || Boolean(value))
        .map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
