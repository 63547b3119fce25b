// `npm run deploy -- ssh://USER@HOST[:PORT]/DIR`: publishes this working copy's build to a host
// over SSH, in the release layout of Capistrano and Deployer:
//   DIR/releases/<time>/   one build each; the last five are kept
//   DIR/current            symlink to the live release: the web server's document root
//   DIR/shared/            the mail configuration and the lead store: never deleted or overwritten
//   DIR/releases/npts-private → ../shared   where a release's endpoint finds them (mail/lib/location.php)
// The switch from one release to the next is one rename, so no visitor gets half of each.
//   --allow-placeholders   skip the release gate (npm run check -- --release)
//   --prebuilt BUILD       publish BUILD (a folder npm run build made, e.g. CI's artefact) instead of
//                          building: the gate runs on what BUILD was built from and with
//   --url URL              then run npm run verify -- URL, and go back to the previous release if it fails
//   --rollback             make the release before the live one live again (no build)
//   --reload CMD           run CMD on the host right after each switch (and switch back if it fails),
//                          e.g. "sudo systemctl reload php8.2-fpm"; DEPLOY_RELOAD gives a default
// Uses the system's ssh and rsync, so ~/.ssh/config, keys and agents work as usual;
// DEPLOY_SSH replaces the ssh command (e.g. DEPLOY_SSH="ssh -F deploy/ssh_config").
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { prebuiltProblems, readRecord, withBuildEnv } from '../build/build-record.mjs';

const KEEP = 5;
// One deploy or rollback at a time: mkdir is atomic on every filesystem. A deploy that fails lets
// go of the lock; one that is killed leaves it, and the next one says so.
const TAKE_LOCK = `mkdir -p "$D" 2>/dev/null || { echo "permission denied on $D: cannot create it" >&2; exit 3; }
mkdir "$D/.deploy.lock" 2>/dev/null || { echo "another deploy or rollback is running on $D (if none is, one was killed: remove $D/.deploy.lock)" >&2; exit 3; }`;
const RELEASE_LOCK = 'rmdir "$D/.deploy.lock" 2>/dev/null || true';
const USAGE = 'Usage: npm run deploy -- ssh://USER@HOST[:PORT]/DIR [--allow-placeholders] [--prebuilt BUILD] [--url URL] [--reload CMD] | --rollback [--reload CMD]';

let options;
let positionals;
try {
  ({ values: options, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'allow-placeholders': { type: 'boolean' }, prebuilt: { type: 'string' }, url: { type: 'string' }, rollback: { type: 'boolean' }, reload: { type: 'string' } },
  }));
} catch {
  usage();
}
const { url: verifyUrl, prebuilt } = options;
const reload = options.reload ?? (process.env.DEPLOY_RELOAD || undefined);
const target = parseTarget(positionals[0]);
if (!target || positionals.length !== 1 || (verifyUrl !== undefined && !/^https?:\/\/[^/]+\/?$/.test(verifyUrl)) || reload?.trim() === '' || prebuilt === '') usage();
// A USER or HOST that begins with "-" would reach ssh as an option (-oProxyCommand=… runs a
// command here), and whitespace or a control character has no place in either: refused before
// anything runs. The "--" before the destination below is the second guard.
for (const [name, value] of [['user', target.user], ['host', target.host]]) {
  const problem = value.startsWith('-') ? 'begins with "-", which ssh would take for an option' : /[\s\p{Cc}]/u.test(value) ? 'holds whitespace or a control character' : '';
  if (problem) {
    console.error(`npm run deploy: the ${name} "${printable(value)}" ${problem}; nothing was run. Give ssh://USER@HOST[:PORT]/DIR with a login name and a host name or address.`);
    process.exit(64);
  }
}
if (prebuilt !== undefined && !options.rollback && !['index.html', '.htaccess'].every((file) => existsSync(join(prebuilt, file)))) {
  console.error(`npm run deploy: --prebuilt ${prebuilt} holds no build (no index.html and .htaccess); nothing was run.`);
  process.exit(64);
}
/** The folder uploaded: the one given, or this working copy's build. */
const build = prebuilt?.replace(/\/+$/, '') ?? 'out';
const { dir } = target;
const started = Date.now();
const ssh = (process.env.DEPLOY_SSH ?? 'ssh').split(/\s+/).filter(Boolean);
const sshArgs = [...ssh, ...(target.port ? ['-p', target.port] : [])];
const remoteName = `${target.user ? `${target.user}@` : ''}${target.host}`;

let locked = false;
if (options.rollback) {
  await step('rollback', async () => {
    const { printed, hook } = afterSwitch(await remote(`${TAKE_LOCK}\ntrap '${RELEASE_LOCK}' EXIT\n${rollbackScript()}\n${hookScript()}`, { raw: true }));
    const [to, live] = printed.split(' ');
    const switched = `current → releases/${to} (was releases/${live})`;
    if (!hook) return switched;
    if (hook.ok) return `${switched}; ${hook.line}`;
    // The rollback is undone: the release that was live is live again.
    const back = afterSwitch(await remote(`${TAKE_LOCK}\ntrap '${RELEASE_LOCK}' EXIT\n${switchScript(live)}\n${hookScript()}`, { raw: true }));
    throw new Error(`${hook.line}; switched back to releases/${live}, then ${back.hook.line}`);
  });
} else {
  await deploy();
}
console.log(`${clock()} done in ${Math.round((Date.now() - started) / 1000)} s`);

async function deploy() {
  if (options['allow-placeholders']) {
    console.log(`${clock()} 1/7 release gate: skipped (--allow-placeholders): placeholders may go live`);
  } else {
    await step('1/7 release gate', releaseGate);
  }
  await step('2/7 build', async () => {
    if (prebuilt) return `${build}/, built before (--prebuilt)${readRecord(build)?.commit ? ` from commit ${readRecord(build).commit}` : ''}`;
    const built = await run('npm', ['run', 'build']);
    if (built.code !== 0) throw new Error(`npm run build failed:\n${built.output.trim()}`);
    return 'out/';
  });

  const release = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const partial = `${dir}/releases/.${release}.partial`;
  await step('3/7 upload', async () => {
    const previous = await remote(prepareScript(release));
    locked = true;
    const linkDest = previous ? [`--link-dest=${dir}/current/`] : [];
    // -s: paths reach the host's rsync as they are, spaces and all.
    const rsync = await run('rsync', ['-a', '-s', '--delete', ...linkDest, '-e', sshArgs.join(' '), '--', `${build}/`, `${remoteName}:${partial}/`]);
    if (rsync.code !== 0) throw new Error(`rsync to ${remoteName}:${partial} failed: ${rsync.output.trim()}`);
    await remote(finishUploadScript(release));
    return `releases/${release}${previous ? ` (unchanged files linked to releases/${previous})` : ''}`;
  });
  await step('4/7 link shared config and store', () => remote(linkScript()));
  let before;
  await step('5/7 switch', async () => {
    const { printed, hook } = afterSwitch(await remote(`${switchScript(release)}\n${hookScript()}`, { raw: true }));
    before = printed;
    const switched = `current → releases/${release}${before ? ` (was releases/${before})` : ''}`;
    if (!hook) return switched;
    if (hook.ok) return `${switched}; ${hook.line}`;
    throw new Error(`${hook.line}; ${await goBack(before, release)}`);
  });
  if (verifyUrl) {
    await step('6/7 verify', async () => {
      const verify = await run('npm', ['run', 'verify', '--', verifyUrl, ...(prebuilt ? ['--build', build] : [])]);
      if (verify.code === 0) return `${verifyUrl} serves this build`;
      throw new Error(`npm run verify -- ${verifyUrl} failed; ${await goBack(before, release)}:\n${verify.output.trim()}`);
    });
  } else {
    console.log(`${clock()} 6/7 verify: skipped (no --url)`);
  }
  await step('7/7 prune', () => remote(pruneScript()));
}

/**
 * The release gate on what is published: this working copy's sources with the settings of the
 * build, the one about to be made or the prebuilt one (which must be a build of exactly these
 * sources, unchanged since). The content and placeholders first, so the usual refusal comes in
 * seconds, not after lint, types and the unit tests (npm run check -- --release).
 */
async function releaseGate() {
  const built = prebuilt ? prebuiltProblems(build) : [];
  const record = prebuilt ? readRecord(build) : null;
  if (prebuilt && !record) throw new Error(`${built.join('; ')}; nothing was changed on the host`);
  const env = record ? withBuildEnv(process.env, record.env) : process.env;
  const { checkContent } = await import('../check/check-content.mjs');
  const content = await checkContent(process.cwd(), { release: true, env });
  const problems = [...built, ...content.map(({ file, line, message }) => `${file}:${line}: ${message}`)];
  if (problems.length > 0) throw new Error(`${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}${prebuilt ? ` with ${build}/` : ''}; nothing was changed on the host:\n${problems.join('\n')}`);
  const gate = await run('npm', ['run', 'check', '--', '--release'], { env });
  if (gate.code !== 0) throw new Error(`npm run check -- --release failed; nothing was changed on the host:\n${gate.output.trim()}`);
  return prebuilt ? `passed, for ${build}/ as it was built` : 'passed';
}

function usage() {
  console.error(USAGE);
  process.exit(64);
}

/**
 * Makes the release that was live before `failed` live again (running the hook again, so the host
 * follows), and removes `failed`; says what it did.
 */
async function goBack(before, failed) {
  if (!before) return `no earlier release to go back to: releases/${failed} stays live`;
  const { hook } = afterSwitch(await remote(`${switchScript(before)}\nrm -rf "$D/releases/${failed}"\n${hookScript()}`, { raw: true }));
  return `switched back to releases/${before}, releases/${failed} removed${hook ? `, then ${hook.line}` : ''}`;
}

/**
 * With --reload: the lines that end a switch's script, so the hook runs in the same connection
 * right after the switch. Its standard input is not the script's (this is the script), and its
 * exit status and output follow a line "hook STATUS".
 */
function hookScript() {
  if (!reload) return '';
  return `status=0
output=$(sh -c ${quote(reload)} </dev/null 2>&1) || status=$?
printf '\\nhook %s\\n%s' "$status" "$output"`;
}

/** What a switch's script printed, and how its hook went: { printed, hook: { ok, line } | null }. */
function afterSwitch(output) {
  const at = output.indexOf('\nhook ');
  if (!reload || at < 0) return { printed: output.trim(), hook: null };
  const [status, ...said] = output.slice(at + '\nhook '.length).split('\n');
  const text = said.map((line) => printable(line.trim())).filter(Boolean).join(' / ');
  return { printed: output.slice(0, at).trim(), hook: { ok: status === '0', line: `reload "${printable(reload)}": exit ${status}${text ? `: ${text}` : ', no output'}` } };
}

/** Runs `work`, then prints one line: the step, what it did, how long it took; or why it failed, and exits. */
async function step(label, work) {
  const at = Date.now();
  try {
    const detail = await work();
    console.log(`${clock()} ${label}: ${detail} (${((Date.now() - at) / 1000).toFixed(1)} s)`);
  } catch (error) {
    console.log(`${clock()} ${label}: FAILED: ${error.message}`);
    if (locked) await remote(RELEASE_LOCK).catch(() => {});
    process.exit(1);
  }
}

function clock() {
  return `[${new Date().toISOString().slice(11, 19)}]`;
}

/**
 * Runs a local command and collects what it printed: standard output and error apart, and both
 * as they came (shown only when it matters).
 */
function run(file, commandArgs, { input, env = process.env } = {}) {
  return new Promise((done) => {
    const child = spawn(file, commandArgs, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    const printed = { stdout: '', stderr: '', output: '' };
    child.stdout.on('data', (chunk) => ((printed.stdout += chunk), (printed.output += chunk)));
    child.stderr.on('data', (chunk) => ((printed.stderr += chunk), (printed.output += chunk)));
    child.on('error', (error) => done({ code: 127, ...printed, output: `${file}: ${error.message}` }));
    child.on('close', (code) => done({ code, ...printed }));
    child.stdin.end(input);
  });
}

/**
 * Runs a POSIX shell script on the host (given on standard input, so no quoting of it passes
 * through the remote user's login shell) and returns what it printed on standard output, which
 * is what is read (a release's name): ssh's own warnings and the host's errors come on standard
 * error. It fails with the host's own words: "cannot reach" when ssh itself failed.
 */
async function remote(script, { raw = false } = {}) {
  const result = await run(sshArgs[0], [...sshArgs.slice(1), '--', remoteName, 'sh -s'], { input: `set -eu\nD=${quote(dir)}\n${script}` });
  if (result.code === 255) throw new Error(`cannot reach ${remoteName}${target.port ? `:${target.port}` : ''}: ${result.output.trim()}`);
  if (result.code !== 0) throw new Error(result.stderr.trim() || result.stdout.trim() || `the host's shell exited with ${result.code}`);
  return raw ? result.stdout : result.stdout.trim();
}

/** Takes the lock, checks the host can take a release, and prints the live release (if any). */
function prepareScript(release) {
  return `${TAKE_LOCK}
# This call took the lock: it lets go when the host cannot take the release.
trap 'status=$?; [ $status -eq 0 ] || ${RELEASE_LOCK}; exit $status' EXIT
command -v rsync >/dev/null || { echo "rsync is not installed on the host: apt-get install rsync" >&2; exit 3; }
mkdir -p "$D/releases" 2>/dev/null || { echo "permission denied on $D/releases: cannot create it" >&2; exit 3; }
[ -w "$D/releases" ] || { echo "permission denied on $D/releases: $(id -un) cannot write it" >&2; exit 3; }
[ ! -e "$D/releases/${release}" ] || { echo "releases/${release} exists already" >&2; exit 3; }
# A folder left by a manual upload cannot be switched by a rename: say so before uploading.
[ -L "$D/current" ] || [ ! -e "$D/current" ] || { echo "$D/current is a folder, not a link to a release: move it aside (mv $D/current $D/old-site), then deploy again" >&2; exit 3; }
# A half upload left by a deploy that died is not a release.
rm -rf "$D"/releases/.*.partial
[ -L "$D/current" ] && basename "$(readlink "$D/current")" || true`;
}

/**
 * Records the release's own hashed assets, then keeps the live release's own ones beside them:
 * a page served just before the switch still finds its scripts just after. Only one release
 * back, so they do not pile up. Of the live release's list it takes only what a deploy writes
 * there: plain paths under _next/static/ (no "..", no control character, relative), each a
 * regular file with no symlink on its way, so nothing is read from or written to outside the
 * two releases, whatever the list or the live release holds.
 */
function finishUploadScript(release) {
  return `P="$D/releases/.${release}.partial"
(cd "$P" && find _next/static -type f > .release-assets)
if [ -f "$D/current/.release-assets" ] && [ ! -L "$D/current/.release-assets" ]; then
  (cd "$D/current" && while IFS= read -r f; do
    case "$f" in _next/static/?*) ;; *) continue ;; esac
    case "$f" in *..*|*//*|*/|*[![:print:]]*) continue ;; esac
    [ -f "$f" ] && [ ! -L "$f" ] || continue
    d=$(dirname "$f")
    while [ "$d" != . ] && [ ! -L "$d" ]; do d=$(dirname "$d"); done
    [ "$d" = . ] || continue
    [ -e "$P/$f" ] || { mkdir -p "$P/$(dirname "$f")" && ln "$f" "$P/$f" 2>/dev/null || cp -p "$f" "$P/$f"; }
  done < .release-assets)
fi
mv "$P" "$D/releases/${release}"`;
}

function linkScript() {
  return `if [ ! -d "$D/shared" ]; then
  mkdir -m 2770 "$D/shared" 2>/dev/null || { echo "permission denied on $D/shared: cannot create it" >&2; exit 3; }
  made=" (made now: let the web server's user write it, e.g. chgrp www-data $D/shared)"
fi
ln -sfn ../shared "$D/releases/npts-private" 2>/dev/null || { echo "permission denied on $D/releases: cannot link npts-private" >&2; exit 3; }
[ -f "$D/shared/config.ini" ] && config="config.ini" || config="no config.ini yet: the endpoint uses its defaults"
[ -f "$D/shared/config.php" ] && config="$config; shared/config.php is never read: write it as config.ini (mail/config.example.ini)"
echo "releases/npts-private → shared\${made:-} ($config)"`;
}

/** Points DIR/current at the release with one rename (never remove-then-create); prints the one it replaced. */
function switchScript(release) {
  return `before=$([ -L "$D/current" ] && basename "$(readlink "$D/current")" || true)
ln -sfn "releases/${release}" "$D/.current.tmp"
mv -T "$D/.current.tmp" "$D/current"
echo "$before"`;
}

function pruneScript() {
  return `live=$(basename "$(readlink "$D/current")")
old=$(ls "$D/releases" | grep -E '^[0-9]{8}T[0-9]{6}Z$' | sort -r | tail -n +${KEEP + 1} | grep -vx "$live" || true)
for r in $old; do rm -rf "$D/releases/$r"; done
${RELEASE_LOCK}
echo "kept the last ${KEEP} releases$([ -n "$old" ] && echo ", removed $(echo $old | wc -w)" || true)"`;
}

function rollbackScript() {
  return `live=$([ -L "$D/current" ] && basename "$(readlink "$D/current")" || true)
[ -n "$live" ] || { echo "nothing is live on $D: no current release to roll back from" >&2; exit 3; }
to=$(ls "$D/releases" | grep -E '^[0-9]{8}T[0-9]{6}Z$' | sort | awk -v live="$live" '$0 < live' | tail -n 1)
[ -n "$to" ] || { echo "no release before releases/$live to go back to" >&2; exit 3; }
ln -sfn "releases/$to" "$D/.current.tmp"
mv -T "$D/.current.tmp" "$D/current"
echo "$to $live"`;
}

/** ssh://USER@HOST[:PORT]/DIR, DIR absolute. */
function parseTarget(value) {
  try {
    const url = new URL(value);
    const path = decodeURIComponent(url.pathname).replace(/\/+$/, '');
    if (url.protocol !== 'ssh:' || !url.hostname || !path.startsWith('/') || path === '') return null;
    return { user: decodeURIComponent(url.username), host: decodeURIComponent(url.hostname), port: url.port, dir: path };
  } catch {
    return null;
  }
}

/** A user's or host's name as a terminal can show it: control characters and odd spaces escaped. */
function printable(value) {
  return value.replace(/[^\S ]|\p{Cc}/gu, (char) => {
    const code = char.codePointAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
}

/** A word for the remote POSIX shell, whatever it holds. */
function quote(word) {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
