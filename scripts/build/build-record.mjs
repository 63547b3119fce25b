// What a build was made from, written into it as out/.build.json (no server serves it: nothing
// under a dot is): the build-time settings, the sources (every file git would commit, by hash)
// and the build's own files (by hash). `npm start` rebuilds when the settings differ from today's;
// `npm run deploy -- --prebuilt DIR` runs the release gate on what DIR was built from, and
// refuses a folder changed since its build or built from other sources than the working copy's.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const RECORD = '.build.json';
/** The settings an export depends on, read when it is built. */
const SETTINGS = ['NEXT_PUBLIC_SITE_URL', 'NEXT_PUBLIC_GTM_ID', 'NPTS_REFERENCES_FIXTURE'];

export function currentBuildEnv(env = process.env) {
  return Object.fromEntries(SETTINGS.map((name) => [name, env[name] ?? '']));
}

/** `env` with the settings a build was made with in place of its own (an empty one unset, as a build reads it). */
export function withBuildEnv(env, buildEnv) {
  const merged = { ...env };
  for (const name of SETTINGS) {
    if (buildEnv[name]) merged[name] = buildEnv[name];
    else delete merged[name];
  }
  return merged;
}

const hashOf = (file) => createHash('sha256').update(readFileSync(file)).digest('base64url');

/** Every file git would commit in `root` (tracked, or new and not ignored), by hash; null outside a git working copy. */
export function sourceHashes(root = '.') {
  let listed;
  try {
    listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
  // A tracked file deleted in the working copy is not a source any more.
  const files = [...new Set(listed.split('\0'))].filter((file) => file && existsSync(join(root, file))).sort();
  return Object.fromEntries(files.map((file) => [file, hashOf(join(root, file))]));
}

/** Every file of a build folder but its record, by hash. */
function buildHashes(dir) {
  const walk = (at) => readdirSync(at, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(at, entry.name)) : [join(at, entry.name)]));
  return Object.fromEntries(walk(dir).map((file) => relative(dir, file)).filter((file) => file !== RECORD).sort().map((file) => [file, hashOf(join(dir, file))]));
}

function commitOf(root) {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** Writes the record of the build in `dir`, made from the sources in `root` with `env`'s settings. */
export function recordBuild(dir, { root = '.', env = process.env } = {}) {
  writeFileSync(join(dir, RECORD), `${JSON.stringify({ env: currentBuildEnv(env), commit: commitOf(root), sources: sourceHashes(root), files: buildHashes(dir) })}\n`);
}

/** The record of the build in `dir`, or null when it has none. */
export function readRecord(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, RECORD), 'utf8'));
  } catch {
    return null;
  }
}

export function builtWithCurrentEnv(dir = 'out') {
  return JSON.stringify(readRecord(dir)?.env) === JSON.stringify(currentBuildEnv());
}

/**
 * Why the build in `dir` is not what the working copy in `root` would build: no record, a file
 * changed, added or removed since the build, or sources that differ from the working copy's.
 * Its settings are the release gate's to judge (withBuildEnv).
 */
export function prebuiltProblems(dir, root = '.') {
  const record = readRecord(dir);
  if (!record) return [`${dir} holds no ${RECORD}: it is not a build npm run build made (or one made before builds recorded what they were made from)`];
  const problems = [];
  const changed = differences(record.files, buildHashes(dir));
  if (changed.length > 0) problems.push(`${dir} has changed since it was built: ${named(changed)}`);
  const sources = sourceHashes(root);
  if (!record.sources || !sources) {
    problems.push(`${record.sources ? 'this working copy is' : `${dir} was built in`} no git working copy, so what it was built from cannot be compared with what the gate checks: build and deploy from a clone`);
  } else {
    const differ = differences(record.sources, sources);
    if (differ.length > 0) problems.push(`${dir} was built from other sources than this working copy's (${named(differ)}): check out what it was built from${record.commit ? ` (commit ${record.commit})` : ''}, or build here`);
  }
  return problems;
}

/** The files that are in one list and not the other, or differ. */
function differences(a, b) {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((file) => a[file] !== b[file]).sort();
}

function named(files) {
  return `${files.slice(0, 3).join(', ')}${files.length > 3 ? ` and ${files.length - 3} more` : ''}`;
}
