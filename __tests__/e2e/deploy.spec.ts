import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { messages } from '../../lib/contact';
import { startServer } from './extra-server';
import { expect, test } from './fixtures';
import { startSshd, type Sshd } from './sshd';

/** The build's own policy code (loaded as a module: it reads import.meta, which Playwright's transform of a static import cannot). */
let csp: typeof import('../../scripts/build/csp.mjs');

/** /about's heading in the sources, and so in the first deploy's build. */
const FIRST_HEADING = 'Remote-first, close to every client';
/** The heading as another release has it; its last two words stay as they are (the page keeps them together in a span). */
const headingOf = (release: string) => `Remote-first, ${release}, close to every client`;

// `npm run deploy` as an operator runs it, to a host reached over a real sshd on loopback with
// real rsync, served from DIR/current by Apache (with .htaccess) and by nginx (with
// docs/nginx.conf) at once. The first deploy builds, so it runs from a copy of this working copy
// (its node_modules hard-linked): the repository's own out/ stays as the other tests serve it.
// The later ones publish edited copies of that build with --prebuilt, as a build of changed
// sources would differ from it; the release gate's refusals are deploy.test.ts's.
test.describe('npm run deploy', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  let sshd: Sshd;
  /** DEPLOY_SSH: the test's ssh, saying on standard error what ssh says of a host it meets for the first time, in every session. */
  let noisySsh: string;
  let project: string;
  /** The client's side: the ssh command and the edited builds. */
  let work: string;
  let hostRoot: string;
  let dir: string;
  let target: string;
  let apache: { url: string; stop: () => Promise<void> } | undefined;
  let nginx: { url: string; stop: () => Promise<void> } | undefined;
  /** What the deploy user runs to have nginx load its configuration again, as `systemctl reload nginx` does. */
  let reloadNginx: string;
  const lead = `deploy-lead-${Date.now()}`;
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

  /**
   * A copy of the first deploy's build as a build of changed sources would differ from it: /about's
   * heading (headingOf(release)) changed in its HTML and its payloads for client-side navigation,
   * and, with `newScript`, a script every page loads and names in its inline scripts renamed, as a
   * changed component's chunk is. Each changed page's policy, which lists its inline scripts by
   * hash, and each changed file's twins are made again as the build makes them.
   */
  function editedBuild(release: string, { newScript = false } = {}): string {
    const build = join(work, release.replace(/\W+/g, '-'));
    cpSync(join(project, 'out'), build, { recursive: true });
    const files = readdirSync(build, { recursive: true, encoding: 'utf8' });
    const changed = new Set<string>();
    const edit = (from: string, to: string) => {
      for (const file of files.filter((name) => /\.(html|txt)$/.test(name))) {
        const text = readFileSync(join(build, file), 'utf8');
        if (!text.includes(from)) continue;
        writeFileSync(join(build, file), text.replaceAll(from, to));
        changed.add(file);
      }
    };
    edit('Remote-first, close to ', `Remote-first, ${release}, close to `);
    expect(changed, 'the heading in /about and its payloads').toContain('about.html');
    const pages = files.filter((file) => file.endsWith('.html'));
    if (newScript) {
      const home = readFileSync(join(build, 'index.html'), 'utf8');
      const chunk = [...home.matchAll(/<script src="\/(_next\/static\/chunks\/[^"]+\.js)"/g)]
        .map(([, src]) => src)
        .find((src) => csp.inlineScripts(home).some((script) => script.includes(basename(src))) && pages.every((page) => readFileSync(join(build, page), 'utf8').includes(basename(src))))!;
      expect(chunk, 'a script every page loads and names in its inline scripts').toBeDefined();
      const renamed = chunk.replace(/\.js$/, '-2.js');
      for (const twin of ['', '.br', '.gz']) if (existsSync(join(build, chunk + twin))) renameSync(join(build, chunk + twin), join(build, renamed + twin));
      edit(basename(chunk), basename(renamed));
    }
    const charset = '<meta charSet="utf-8"/>';
    const edited = pages.filter((page) => changed.has(page)).map((page) => join(build, page));
    for (const page of edited) writeFileSync(page, readFileSync(page, 'utf8').replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*"\/>/, ''));
    for (const [page, policy] of csp.pagePolicies(edited).policies) writeFileSync(page, readFileSync(page, 'utf8').replace(charset, charset + csp.policyMeta(policy)));
    for (const file of changed) {
      const source = readFileSync(join(build, file));
      if (existsSync(join(build, `${file}.br`))) writeFileSync(join(build, `${file}.br`), brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      if (existsSync(join(build, `${file}.gz`))) writeFileSync(join(build, `${file}.gz`), gzipSync(source, { level: 9 }));
    }
    return build;
  }

  test.beforeAll(async () => {
    csp = await import('../../scripts/build/csp.mjs');
    sshd = await startSshd();
    project = mkdtempSync(join(tmpdir(), 'npts-project-'));
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' }).split('\0').filter((file) => file && existsSync(file));
    for (const file of files) cpSync(file, join(project, file));
    // Next's bundler resolves only inside the project, so a symlink would not do; links cost no copy.
    execFileSync('cp', ['-al', 'node_modules', join(project, 'node_modules')]);
    // And its cache, as an operator's working copy has it: the build compiles only what changed
    // (seconds, not half a minute), and builds the same. Copied, not linked: the build writes it.
    if (existsSync('.next/cache')) cpSync('.next/cache', join(project, '.next', 'cache'), { recursive: true });
    work = mkdtempSync(join(tmpdir(), 'npts-deploy-'));
    hostRoot = mkdtempSync(join(tmpdir(), 'npts-host-'));
    chmodSync(hostRoot, 0o755);
    noisySsh = join(work, 'noisy-ssh');
    writeFileSync(noisySsh, `#!/bin/sh\necho "Warning: Permanently added '[127.0.0.1]:${sshd.port}' (ED25519) to the list of known hosts." >&2\nexec ${sshd.ssh} "$@"\n`, { mode: 0o755 });
    dir = join(hostRoot, 'npts');
    target = `ssh://${sshd.user}@127.0.0.1:${sshd.port}${dir}`;
  });

  test.afterAll(async () => {
    await apache?.stop();
    await nginx?.stop();
    await sshd?.stop();
    for (const folder of [project, work, hostRoot]) if (folder) rmSync(folder, { recursive: true, force: true });
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
    apache = await startServer('apache', { DOCROOT: join(dir, 'current'), MAIL_STORAGE_DIR: '', MAIL_RATE_LIMIT: '0' });
    nginx = await startServer('nginx', { DOCROOT: join(dir, 'current'), MAIL_STORAGE_DIR: '' });
    // scripts/test-servers/nginx.mjs keeps its configuration in .e2e/nginx-<port>/; nginx -s reload
    // signals the master process, which loads the configuration again and retires the old workers
    // gently.
    const nginxRun = resolve('.e2e', `nginx-${new URL(nginx.url).port}`);
    reloadNginx = `/usr/sbin/nginx -c ${nginxRun}/nginx.conf -e ${nginxRun}/error.log -s reload`;
    for (const server of [apache, nginx]) expect(await heading(server.url), server.url).toBe(FIRST_HEADING);
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
    // And a script every page loads renamed, so the new pages need new scripts and their inline scripts change.
    const second = editedBuild('now with a second release', { newScript: true });

    const servers = [apache!, nginx!];
    const problems: string[] = [];
    const scripts = new Set<string>();
    /** Pages fetched of each release: the new one's name the renamed script. */
    const fetched = { live: 0, next: 0 };
    let deploying = true;
    const watch = (async () => {
      const paths = ['/', '/about', '/contact', '/services'];
      for (let index = 0; deploying; index++) {
        const path = paths[index % paths.length];
        const started = Date.now();
        for (const page of await Promise.all(servers.map((server) => loadPage(server.url, path)))) {
          problems.push(...page.problems);
          for (const src of page.scripts) scripts.add(src);
          fetched[page.scripts.some((src) => src.endsWith('-2.js')) ? 'next' : 'live']++;
        }
        await new Promise((done) => setTimeout(done, Math.max(0, 100 - (Date.now() - started))));
      }
    })();
    const run = await deploy(target, '--allow-placeholders', '--prebuilt', second, '--url', nginx!.url, '--reload', reloadNginx);
    deploying = false;
    await watch;
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/5\/7 switch: current → releases\/\d{8}T\d{6}Z \(was releases\/\d{8}T\d{6}Z\); reload "[^"]+ -s reload": exit 0/);
    expect(run.output).toContain(`6/7 verify: ${nginx!.url} serves this build`);
    expect(problems).toEqual([]);
    // Fetched across the switch: pages of the release that was live, then of the new one.
    expect(Math.min(fetched.live, fetched.next), JSON.stringify(fetched)).toBeGreaterThan(0);
    // A visitor who opened a page before the switch loads more of its scripts later: the old
    // release's stay beside the new one's.
    const missing = [];
    for (const server of servers) for (const src of scripts) if ((await get(server.url + src)).status !== 200) missing.push(server.url + src);
    expect(missing).toEqual([]);
    const before = (await loadPage(apache!.url, '/')).scripts;
    expect([...scripts].filter((src) => !before.includes(src)).length).toBeGreaterThan(0);

    for (const server of servers) expect(await heading(server.url), server.url).toBe(headingOf('now with a second release'));
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
      expect(await heading(server.url), server.url).toBe(FIRST_HEADING);
      // The project's out/ is still the first deploy's build: the later ones were edited copies of it.
      const verify = spawnSync(process.execPath, ['scripts/release/verify.mjs', server.url], { cwd: project, encoding: 'utf8' });
      expect(verify.stdout, server.url).toContain('All checks passed');
    }
    expect(leadStored()).toBe(true);
  });

  test('a deploy whose --reload hook fails stops there and goes back to the release that was live, saying so', async () => {
    const before = live();
    const kept = releases();
    const failing = editedBuild('a release whose reload failed');
    // As a reload does when the new release's configuration is refused: fails for it, not for the
    // release that was live.
    const hook = `[ "$(readlink ${dir}/current)" = "${before}" ] || { echo "nginx: [emerg] the new configuration is refused" >&2; exit 1; }`;
    const run = await deploy(target, '--allow-placeholders', '--prebuilt', failing, '--url', nginx!.url, '--reload', hook);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(new RegExp(`5/7 switch: FAILED: reload ".+": exit 1: nginx: \\[emerg\\] the new configuration is refused; switched back to ${before}, releases/\\d{8}T\\d{6}Z removed, then reload ".+": exit 0, no output`));
    expect(run.output).not.toContain('6/7 verify');
    expect(live()).toBe(before);
    expect(releases()).toEqual(kept);
    for (const server of [apache!, nginx!]) expect(await heading(server.url), server.url).toBe(FIRST_HEADING);
    expect(existsSync(join(dir, '.deploy.lock'))).toBe(false);
  });

  test('a deploy whose --url verify fails goes back to the release that was live, and runs the hook again', async () => {
    const before = live();
    const kept = releases();
    const unverified = editedBuild('a release that never stays');
    // Nothing listens on port 9 of loopback: verify cannot confirm the host serves this build.
    const run = await deploy(target, '--allow-placeholders', '--prebuilt', unverified, '--url', 'http://127.0.0.1:9', '--reload', reloadNginx);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(new RegExp(`6/7 verify: FAILED: npm run verify -- http://127\\.0\\.0\\.1:9 failed; switched back to ${before}, releases/\\d{8}T\\d{6}Z removed, then reload "[^"]+ -s reload": exit 0`));
    expect(live()).toBe(before);
    expect(releases()).toEqual(kept);
    for (const server of [apache!, nginx!]) expect(await heading(server.url), server.url).toBe(FIRST_HEADING);
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
  const inline = [...csp.inlineScripts(html).map((source) => ['script', source] as const), ...csp.inlineStyles(html).map((source) => ['style', source] as const)];
  for (const [kind, source] of inline) {
    for (const [name, policy] of policies) if (!csp.allows(policy, `${kind}-src`, source)) problems.push(`${origin}${path}: an inline ${kind} (${source.slice(0, 40)}…) is refused by the ${name} policy sent with it`);
  }
  const sources = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map(([, src]) => src).filter((src) => src.startsWith('/'));
  const answers = await Promise.all(sources.map(async (src) => [src, (await get(origin + src)).status] as const));
  for (const [src, status] of answers) if (status !== 200) problems.push(`${origin}${path}: ${src} answers ${status}`);
  return { problems, scripts: sources };
}
