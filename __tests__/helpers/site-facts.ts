import { site } from '@/lib/site';

type Facts = { -readonly [Key in keyof typeof site]?: unknown };

/**
 * Runs `run` with some of lib/site.ts's facts changed, as an editor would change them, and puts
 * them back after: the pages and helpers read the facts when they render, so what `run` renders
 * shows the changed ones.
 */
export function withSiteFacts<T>(facts: Facts, run: () => T): T {
  const saved = Object.fromEntries(Object.keys(facts).map((key) => [key, site[key as keyof typeof site]]));
  Object.assign(site, facts);
  try {
    return run();
  } finally {
    Object.assign(site, saved);
  }
}
