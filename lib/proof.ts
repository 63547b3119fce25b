/**
 * The proof of a real visit that mail/send.php asks of every message sent with JavaScript: an
 * ALTCHA challenge (protocol v1) fetched from the endpoint and solved in a Web Worker with
 * altcha-lib, while the visitor types. Loaded by the contact form on first use, as zod is.
 */
import { solveChallengeWorkers } from 'altcha-lib/v1';
import { ChallengeRefused } from '@/lib/contact';
import { site } from '@/lib/site';

type Challenge = { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };

const isChallenge = (value: unknown): value is Challenge => {
  const candidate = value as Partial<Challenge> | null;
  return typeof candidate?.algorithm === 'string' && typeof candidate.challenge === 'string' && typeof candidate.maxnumber === 'number'
    && typeof candidate.salt === 'string' && typeof candidate.signature === 'string';
};

/**
 * Fetches a fresh challenge and solves it. Resolves with the value of the form's `altcha` field
 * (the base64 JSON payload, as the ALTCHA widget sends it); rejects with ChallengeRefused when the
 * endpoint gave a message for the visitor instead, with another Error when this browser cannot.
 */
export async function solveProof(): Promise<string> {
  if (typeof Worker === 'undefined' || !globalThis.crypto?.subtle) throw new Error('no Web Worker or Web Crypto');
  const response = await fetch(`${site.contactEndpoint}?challenge`, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  const challenge: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const { message } = (challenge ?? {}) as { message?: unknown };
    // The store is out of service, say: the endpoint's own words for the visitor.
    throw typeof message === 'string' && message ? new ChallengeRefused(message) : new Error(`challenge: HTTP ${response.status}`);
  }
  if (!isChallenge(challenge)) throw new Error('challenge: not an ALTCHA challenge');
  const { algorithm, salt, signature, maxnumber } = challenge;
  const solution = await solveChallengeWorkers(
    () => new Worker(new URL('./proof-worker.ts', import.meta.url), { type: 'module' }),
    1,
    challenge.challenge,
    salt,
    algorithm,
    maxnumber,
  ).catch(() => null);
  if (!solution) throw new Error('challenge: not solved');
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt, signature, took: solution.took }));
}
