import type { Company } from '@/lib/company';
import { content } from '@/lib/content';
import type { Facts } from '@/lib/load-content';

/**
 * Runs `run` with some of the company's facts (content/company.yaml) changed, as an editor would
 * change them, and puts them back after: the pages and helpers read the facts when they render,
 * so what `run` renders shows the changed ones.
 */
export function withSiteFacts<T>(facts: Partial<Company>, run: () => T): T {
  const company = content.company;
  const saved = Object.fromEntries(Object.keys(facts).map((key) => [key, company[key as keyof Company]]));
  Object.assign(company, facts);
  try {
    return run();
  } finally {
    Object.assign(company, saved);
  }
}

/**
 * Runs `run` with some of content/'s files read as `facts` say (the people, the service levels…),
 * as if an editor had filled them so, and as they are after.
 */
export function withContent<T>(facts: Partial<Facts>, run: () => T): T {
  const spies = Object.entries(facts).map(([name, value]) => jest.spyOn(content, name as keyof Facts, 'get').mockReturnValue(value as never));
  try {
    return run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** From here on in this file's tests, the files of content/ named in `facts` read so: "empty, as they ship". */
export function readContentAs(facts: Partial<Facts>): void {
  for (const [name, value] of Object.entries(facts)) jest.spyOn(content, name as keyof Facts, 'get').mockReturnValue(value as never);
}
