/**
 * The proof of a real visit that mail/send.php asks of every message sent with JavaScript: an
 * ALTCHA challenge (protocol v1) fetched from the endpoint and solved in a Web Worker with
 * altcha-lib, while the visitor types. Loaded by the contact form on first use, as zod is.
 */
import { solveChallengeWorkers } from 'altcha-lib/v1';
import { site } from '@/lib/site';

type Challenge = { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };

/** Thrown when this browser cannot make the proof: the visitor is told to call or write instead. */
export class ProofUnavailable extends Error {}

const isChallenge = (value: unknown): value is Challenge => {
  const candidate = value as Partial<Challenge> | null;
  return typeof candidate?.algorithm === 'string' && typeof candidate.challenge === 'string' && typeof candidate.maxnumber === 'number'
    && typeof candidate.salt === 'string' && typeof candidate.signature === 'string';
};

/**
 * Fetches a fresh challenge and solves it. Resolves with the value of the form's `altcha` field
 * (the base64 JSON payload, as the ALTCHA widget sends it).
 */
export async function solveProof(): Promise<string> {
  if (typeof Worker === 'undefined' || !globalThis.crypto?.subtle) {
    throw new ProofUnavailable('This browser cannot run the form’s spam check.');
  }
  let challenge: unknown;
  try {
    const response = await fetch(`${site.contactEndpoint}?challenge`, { headers: { Accept: 'application/json' }, cache: 'no-store' });
    challenge = response.ok ? await response.json() : null;
  } catch {
    challenge = null;
  }
  if (!isChallenge(challenge)) throw new ProofUnavailable('The form’s spam check could not be loaded.');
  const { algorithm, salt, signature, maxnumber } = challenge;
  const solution = await solveChallengeWorkers(
    () => new Worker(new URL('./proof-worker.ts', import.meta.url), { type: 'module' }),
    1,
    challenge.challenge,
    salt,
    algorithm,
    maxnumber,
  ).catch(() => null);
  if (!solution) throw new ProofUnavailable('The form’s spam check could not be solved.');
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt, signature, took: solution.took }));
}
