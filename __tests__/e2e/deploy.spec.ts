import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { messages } from '../../lib/contact';
import { startServer } from './extra-server';
import { expect, test } from './fixtures';
import { startSshd, type Sshd } from './sshd';

// `npm run deploy` as an operator runs it, to a host reached over a real sshd on loopback with
// real rsync, served from DIR/current by Apache (with .htaccess) and by nginx (with
// docs/nginx.conf) at once. The deploy builds, so it runs from a copy of this working copy (its
// node_modules hard-linked): the repository's own out/ stays as the other tests serve it.
test.describe('npm run deploy', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  let sshd: Sshd;
  /** DEPLOY_SSH: the test's ssh, saying on standard error what ssh says of a host it meets for the first time, in every session. */
  let noisySsh: string;
  let project: string;
  let hostRoot: string;
  let dir: string;
  let target: string;
  let apache: { url: string; stop: () => Promise<void> } | undefined;
  let nginx: { url: string; stop: () => Promise<void> } | undefined;
  /** What the deploy user runs to have nginx load its configuration again, as `systemctl reload nginx` does. */
  let reloadNginx: string;
  /** A copy of the first deploy's build, to verify the host against after the rollback. */
  let firstBuild: string;
  const lead = `deploy-lead-${Date.now()}`;
  const aboutPage = () => join(project, 'app', 'about', 'page.tsx');
  const live = () => readlinkSync(join(dir, 'current'));
  const releases = () => readdirSync(join(dir, 'releases')).filter((name) => /^\d{8}T\d{6}Z$/.test(name)).sort();
  /** Whether the store in DIR/shared holds the lead (in the database or its write-ahead log). */
  const leadStored = () => ['messages.sqlite', 'messages.sqlite-wal'].some((file) => existsSync(join(dir, 'shared', file)) && readFileSync(join(dir, 'shared', file)).includes(lead));

  const deploy = (...args: string[]) =>
    new Promise<{ code: number; output: string }>((done) => {
      const child = spawn('npm', ['run', '--silent', 'deploy', '--', ...args], { cwd: project, env: { ...process.env, DEPLOY_SSH: noisySsh } });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code) => done({ code: code ?? 1, output }));
    });

  test.beforeAll(async () => {
    sshd = await startSshd();
    project = mkdtempSync(join(tmpdir(), 'npts-project-'));
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' }).split('\0').filter((file) => file && existsSync(file));
    for (const file of files) cpSync(file, join(project, file));
    // Next's bundler resolves only inside the project, so a symlink would not do; links cost no copy.
    execFileSync('cp', ['-al', 'node_modules', join(project, 'node_modules')]);
    hostRoot = mkdtempSync(join(tmpdir(), 'npts-host-'));
    chmodSync(hostRoot, 0o755);
    noisySsh = join(project, '.noisy-ssh');
    writeFileSync(noisySsh, `#!/bin/sh\necho "Warning: Permanently added '[127.0.0.1]:${sshd.port}' (ED25519) to the list of known hosts." >&2\nexec ${sshd.ssh} "$@"\n`, { mode: 0o755 });
    dir = join(hostRoot, 'npts');
    target = `ssh://${sshd.user}@127.0.0.1:${sshd.port}${dir}`;
  });

  test.afterAll(async () => {
    await apache?.stop();
    await nginx?.stop();
    await sshd?.stop();
    for (const folder of [project, hostRoot, firstBuild]) if (folder) rmSync(folder, { recursive: true, force: true });
  });

  test('refuses while placeholders remain, naming them, and changes nothing on the host', async () => {
    const run = await deploy(target);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/1\/7 release gate: FAILED: .*nothing was changed on the host/);
    expect(run.output).toContain('the phone number is still a placeholder');
    expect(run.output).not.toContain('2/7 build');
    expect(existsSync(dir)).toBe(false);
  });

  test('a first deploy with --allow-placeholders is served by Apache and nginx from DIR/current, and takes a lead from the form into DIR/shared', async ({ page }) => {
    // The one-time setup docs/operating.md asks for: shared/ writable by the web server's group.
    mkdirSync(dir);
    execFileSync('install', ['-d', '-g', 'www-data', '-m', '2770', join(dir, 'shared')]);
    const run = await deploy(target, '--allow-placeholders');
    expect(run.code, run.output).toBe(0);
    for (const line of ['1/7 release gate: skipped (--allow-placeholders)', '2/7 build: ', '3/7 upload: releases/', '4/7 link shared config and store: releases/npts-private → shared', '5/7 switch: current → releases/', '6/7 verify: skipped', '7/7 prune: ']) {
      expect(run.output).toMatch(new RegExp(`^\\[\\d\\d:\\d\\d:\\d\\d\\] ${line.replace(/[/()[\].+*?]/g, '\\$&')}`, 'm'));
    }
    expect(live()).toBe(`releases/${releases()[0]}`);

    firstBuild = mkdtempSync(join(tmpdir(), 'npts-build-'));
    cpSync(join(project, 'out'), join(firstBuild, 'out'), { recursive: true });
    apache = await startServer('apache', { DOCROOT: join(dir, 'current'), MAIL_STORAGE_DIR: '', MAIL_RATE_LIMIT: '0' });
    nginx = await startServer('nginx', { DOCROOT: join(dir, 'current'), MAIL_STORAGE_DIR: '' });
    // scripts/test-servers/nginx.mjs keeps its configuration in .e2e/nginx-<port>/; nginx -s reload
    // signals the master process, which loads the configuration again and retires the old workers
    // gently.
    const nginxRun = resolve('.e2e', `nginx-${new URL(nginx.url).port}`);
    reloadNginx = `/usr/sbin/nginx -c ${nginxRun}/nginx.conf -e ${nginxRun}/error.log -s reload`;
    for (const server of [apache, nginx]) expect(await heading(server.url), server.url).toBe('Remote-first, close to every client');
    await page.clock.install();
    await page.goto(`${apache.url}/contact`);
    for (const [label, value] of Object.entries({ 'First name': 'Nikolay', 'Last name': 'Dimitrov', Email: 'nikolay@example.com', Message: `Crew Wi-Fi for two rigs. ${lead}` })) {
      await page.getByLabel(label, { exact: false }).fill(value);
    }
    // A person takes a few seconds to fill the form; faster than that counts as a bot.
    await page.clock.fastForward(5000);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText(messages.success)).toBeVisible();
    expect(leadStored()).toBe(true);
  });

  test('a second deploy of a changed page with --url and --reload, while pages are fetched from Apache and nginx every 100 ms: every page comes with its scripts and a policy that lets its inline scripts and styles apply; the change is live after, verified, the lead still there; nothing written outside the new release, whatever the live one\'s list of assets says', async () => {
    // Older releases than the last five go: these six, made as if by earlier deploys.
    for (let day = 1; day <= 6; day++) mkdirSync(join(dir, 'releases', `2026010${day}T000000Z`));
    // The live release's list of its assets, as another account could have left it: a ".." behind
    // a symlink (resolved in the new release, it lands in DIR/releases), a file behind a symlink,
    // an absolute path, a control character. A deploy takes none of them.
    const outside = mkdtempSync(join(tmpdir(), 'npts-outside-'));
    mkdirSync(join(outside, 'a', 'b', 'c', 'd'), { recursive: true });
    writeFileSync(join(outside, 'planted.js'), 'planted');
    writeFileSync(join(outside, 'a', 'b', 'c', 'd', 'secret.js'), 'secret');
    const liveRelease = join(dir, live());
    symlinkSync(join(outside, 'a', 'b', 'c', 'd'), join(liveRelease, '_next', 'static', 'deep'));
    const planted = ['_next/static/deep/../../../../planted.js', '_next/static/deep/secret.js', join(outside, 'planted.js'), '_next/static/chunks/\x1b[2J.js'];
    writeFileSync(join(liveRelease, '.release-assets'), `${readFileSync(join(liveRelease, '.release-assets'), 'utf8')}${planted.join('\n')}\n`);
    const around = () => [readdirSync(dir), readdirSync(join(dir, 'releases')).filter((name) => !/^\d{8}T\d{6}Z$/.test(name)), execFileSync('find', [outside], { encoding: 'utf8' })];
    const surroundings = around();
    writeFileSync(aboutPage(), readFileSync(aboutPage(), 'utf8').replace('Remote-first, close to every client', 'Remote-first, now with a second release'));
    // And a script every page loads (the consent banner's), so the new pages need new scripts
    // and their inline scripts change.
    const banner = join(project, 'components', 'consent-banner.tsx');
    writeFileSync(banner, readFileSync(banner, 'utf8').replace('Analytics cookies', 'Analytics cookies, second release'));

    const servers = [apache!, nginx!];
    const problems: string[] = [];
    const scripts = new Set<string>();
    let fetched = 0;
    let deploying = true;
    const watch = (async () => {
      const paths = ['/', '/about', '/contact', '/services'];
      for (let index = 0; deploying; index++) {
        const path = paths[index % paths.length];
        const started = Date.now();
        for (const page of await Promise.all(servers.map((server) => loadPage(server.url, path)))) {
          problems.push(...page.problems);
          for (const src of page.scripts) scripts.add(src);
        }
        fetched++;
        await new Promise((done) => setTimeout(done, Math.max(0, 100 - (Date.now() - started))));
      }
    })();
    const run = await deploy(target, '--allow-placeholders', '--url', nginx!.url, '--reload', reloadNginx);
    deploying = false;
    await watch;
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/5\/7 switch: current → releases\/\d{8}T\d{6}Z \(was releases\/\d{8}T\d{6}Z\); reload "[^"]+ -s reload": exit 0/);
    expect(run.output).toContain(`6/7 verify: ${nginx!.url} serves this build`);
    expect(problems).toEqual([]);
    expect(fetched).toBeGreaterThan(50);
    // A visitor who opened a page before the switch loads more of its scripts later: the old
    // release's stay beside the new one's.
    const missing = [];
    for (const server of servers) for (const src of scripts) if ((await get(server.url + src)).status !== 200) missing.push(server.url + src);
    expect(missing).toEqual([]);
    const before = (await loadPage(apache!.url, '/')).scripts;
    expect([...scripts].filter((src) => !before.includes(src)).length).toBeGreaterThan(0);

    for (const server of servers) expect(await heading(server.url), server.url).toBe('Remote-first, now with a second release');
    expect(around()).toEqual(surroundings);
    expect(execFileSync('find', [join(dir, live()), '-name', 'planted.js', '-o', '-name', 'secret.js', '-o', '-name', 'deep'], { encoding: 'utf8' })).toBe('');
    rmSync(outside, { recursive: true, force: true });
    expect(releases()).toHaveLength(5);
    expect(releases()).not.toContain('20260101T000000Z');
    expect(leadStored()).toBe(true);
  });

  test('--rollback --reload brings the old page back on both servers, verified against the first build, with the lead intact', async () => {
    const [before, newest] = releases().slice(-2);
    expect(live()).toBe(`releases/${newest}`);
    const run = await deploy(target, '--rollback', '--reload', reloadNginx);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(new RegExp(`rollback: current → releases/${before} \\(was releases/${newest}\\); reload "[^"]+ -s reload": exit 0`));
    expect(live()).toBe(`releases/${before}`);
    for (const server of [apache!, nginx!]) {
      expect(await heading(server.url), server.url).toBe('Remote-first, close to every client');
      const verify = spawnSync(process.execPath, [join(project, 'scripts', 'release', 'verify.mjs'), server.url], { cwd: firstBuild, encoding: 'utf8' });
      expect(verify.stdout, server.url).toContain('All checks passed');
    }
    expect(leadStored()).toBe(true);
  });

  test('a deploy whose --reload hook fails stops there and goes back to the release that was live, saying so', async () => {
    const before = live();
    const kept = releases();
    writeFileSync(aboutPage(), readFileSync(aboutPage(), 'utf8').replace('Remote-first, close to every client', 'Remote-first, a release whose reload failed'));
    // As a reload does when the new release's configuration is refused: fails for it, not for the
    // release that was live.
    const hook = `[ "$(readlink ${dir}/current)" = "${before}" ] || { echo "nginx: [emerg] the new configuration is refused" >&2; exit 1; }`;
    const run = await deploy(target, '--allow-placeholders', '--url', nginx!.url, '--reload', hook);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(new RegExp(`5/7 switch: FAILED: reload ".+": exit 1: nginx: \\[emerg\\] the new configuration is refused; switched back to ${before}, releases/\\d{8}T\\d{6}Z removed, then reload ".+": exit 0, no output`));
    expect(run.output).not.toContain('6/7 verify');
    expect(live()).toBe(before);
    expect(releases()).toEqual(kept);
    for (const server of [apache!, nginx!]) expect(await heading(server.url), server.url).toBe('Remote-first, close to every client');
    expect(existsSync(join(dir, '.deploy.lock'))).toBe(false);
  });

  test('a deploy whose --url verify fails goes back to the release that was live, and runs the hook again', async () => {
    const before = live();
    const kept = releases();
    writeFileSync(aboutPage(), readFileSync(aboutPage(), 'utf8').replace('Remote-first, a release whose reload failed', 'Remote-first, a release that never stays'));
    // Nothing listens on port 9 of loopback: verify cannot confirm the host serves this build.
    const run = await deploy(target, '--allow-placeholders', '--url', 'http://127.0.0.1:9', '--reload', reloadNginx);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(new RegExp(`6/7 verify: FAILED: npm run verify -- http://127\\.0\\.0\\.1:9 failed; switched back to ${before}, releases/\\d{8}T\\d{6}Z removed, then reload "[^"]+ -s reload": exit 0`));
    expect(live()).toBe(before);
    expect(releases()).toEqual(kept);
    for (const server of [apache!, nginx!]) expect(await heading(server.url), server.url).toBe('Remote-first, close to every client');
    expect(existsSync(join(dir, '.deploy.lock'))).toBe(false);
    expect(leadStored()).toBe(true);
  });
});

/**
 * One GET on a connection of its own. A browser sends a request again when the server closes the
 * kept-alive connection it went out on, as nginx does to idle ones when it reloads; a fetch()
 * would report that as a failure, which is not what a visitor sees.
 */
function get(url: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((done, fail) => {
    httpGet(url, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => done({ status: response.statusCode!, headers: response.headers, body }));
      response.on('error', fail);
    }).on('error', fail);
  });
}

/** The about page's heading as served, as text. */
async function heading(origin: string): Promise<string | undefined> {
  const { body: html } = await get(`${origin}/about`);
  return /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1].replace(/<[^>]+>/g, '');
}

/**
 * One page as a browser loads it, and what is wrong: a script it names that the host does not
 * have, or an inline script or style that a policy sent with it refuses (the header's, or the
 * page's own <meta>: a browser enforces both).
 */
async function loadPage(origin: string, path: string): Promise<{ problems: string[]; scripts: string[] }> {
  const { status, headers, body: html } = await get(origin + path);
  if (status !== 200) return { problems: [`${origin}${path}: HTTP ${status}`], scripts: [] };
  const policies = [['header', String(headers['content-security-policy'] ?? '')]];
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html);
  if (meta) policies.push(['page', meta[1]]);
  const problems: string[] = [];
  const inline = [
    ...[...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(([, source]) => ['script', source] as const),
    ...[...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(([, source]) => ['style', source] as const),
  ];
  for (const [kind, source] of inline) {
    const hash = `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
    for (const [name, policy] of policies) if (!allows(policy, `${kind}-src`, hash)) problems.push(`${origin}${path}: inline ${kind} ${hash} is refused by the ${name} policy sent with it`);
  }
  const sources = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map(([, src]) => src).filter((src) => src.startsWith('/'));
  const answers = await Promise.all(sources.map(async (src) => [src, (await get(origin + src)).status] as const));
  for (const [src, status] of answers) if (status !== 200) problems.push(`${origin}${path}: ${src} answers ${status}`);
  return { problems, scripts: sources };
}

/**
 * Whether a policy lets an inline script or style with this hash run: the directive (default-src
 * in its place; with neither, nothing restricts it) lists the hash, or 'unsafe-inline' with no
 * hash or nonce beside it (which would void it).
 */
function allows(policy: string, directive: string, hash: string): boolean {
  const directives = policy.split(';').map((entry) => entry.trim().split(/\s+/));
  const sources = (directives.find(([name]) => name === directive) ?? directives.find(([name]) => name === 'default-src'))?.slice(1);
  if (!sources) return true;
  return sources.includes(hash) || (sources.includes("'unsafe-inline'") && !sources.some((source) => /^'(sha(256|384|512)|nonce)-|^'strict-dynamic'$/.test(source)));
}
