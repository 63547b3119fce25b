import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '../../lib/contact';
import { startServer } from './extra-server';
import { expect, test } from './fixtures';
import { startSshd, type Sshd } from './sshd';

// `npm run deploy` as an operator runs it, to a host reached over a real sshd on loopback with
// real rsync, served by Apache from DIR/current. The deploy builds, so it runs from a copy of
// this working copy (its node_modules hard-linked): the repository's own out/ stays as the
// other tests serve it.
test.describe('npm run deploy', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  let sshd: Sshd;
  let project: string;
  let hostRoot: string;
  let dir: string;
  let target: string;
  let apache: { url: string; stop: () => Promise<void> } | undefined;
  const lead = `deploy-lead-${Date.now()}`;
  const aboutPage = () => join(project, 'app', 'about', 'page.tsx');
  const live = () => readlinkSync(join(dir, 'current'));
  const releases = () => readdirSync(join(dir, 'releases')).filter((name) => /^\d{8}T\d{6}Z$/.test(name)).sort();
  /** Whether the store in DIR/shared holds the lead (in the database or its write-ahead log). */
  const leadStored = () => ['messages.sqlite', 'messages.sqlite-wal'].some((file) => existsSync(join(dir, 'shared', file)) && readFileSync(join(dir, 'shared', file)).includes(lead));

  const deploy = (...args: string[]) =>
    new Promise<{ code: number; output: string }>((done) => {
      const child = spawn('npm', ['run', '--silent', 'deploy', '--', ...args], { cwd: project, env: { ...process.env, DEPLOY_SSH: sshd.ssh } });
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
    dir = join(hostRoot, 'npts');
    target = `ssh://${sshd.user}@127.0.0.1:${sshd.port}${dir}`;
  });

  test.afterAll(async () => {
    await apache?.stop();
    await sshd?.stop();
    for (const folder of [project, hostRoot]) if (folder) rmSync(folder, { recursive: true, force: true });
  });

  test('refuses while placeholders remain, naming them, and changes nothing on the host', async () => {
    const run = await deploy(target);
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(/1\/7 release gate: FAILED: .*nothing was changed on the host/);
    expect(run.output).toContain('the phone number is still a placeholder');
    expect(run.output).not.toContain('2/7 build');
    expect(existsSync(dir)).toBe(false);
  });

  test('a first deploy with --allow-placeholders is served by Apache from DIR/current, and takes a lead from the form into DIR/shared', async ({ page }) => {
    // The one-time setup the README asks for: shared/ writable by the web server's group.
    mkdirSync(dir);
    execFileSync('install', ['-d', '-g', 'www-data', '-m', '2770', join(dir, 'shared')]);
    const run = await deploy(target, '--allow-placeholders');
    expect(run.code, run.output).toBe(0);
    for (const line of ['1/7 release gate: skipped (--allow-placeholders)', '2/7 build: ', '3/7 upload: releases/', '4/7 link shared config and store: releases/npts-private → shared', '5/7 switch: current → releases/', '6/7 verify: skipped', '7/7 prune: ']) {
      expect(run.output).toMatch(new RegExp(`^\\[\\d\\d:\\d\\d:\\d\\d\\] ${line.replace(/[/()[\].+*?]/g, '\\$&')}`, 'm'));
    }
    expect(live()).toBe(`releases/${releases()[0]}`);

    apache = await startServer('apache', { DOCROOT: join(dir, 'current'), MAIL_STORAGE_DIR: '', MAIL_RATE_LIMIT: '0' });
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

  test('a second deploy of a changed page, while pages are fetched every 100 ms: every page comes with its scripts and the hashes of its inline scripts; the change is live after, the lead still there', async () => {
    // Older releases than the last five go: these six, made as if by earlier deploys.
    for (let day = 1; day <= 6; day++) mkdirSync(join(dir, 'releases', `2026010${day}T000000Z`));
    writeFileSync(aboutPage(), readFileSync(aboutPage(), 'utf8').replace('Remote-first, close to every client', 'Remote-first, now with a second release'));
    // And a script every page loads (the consent banner's), so the new pages need new scripts.
    const banner = join(project, 'components', 'consent-banner.tsx');
    writeFileSync(banner, readFileSync(banner, 'utf8').replace('Analytics cookies', 'Analytics cookies, second release'));

    const problems: string[] = [];
    const scripts = new Set<string>();
    let fetched = 0;
    let deploying = true;
    const watch = (async () => {
      const paths = ['/', '/about', '/contact', '/services'];
      for (let index = 0; deploying; index++) {
        const path = paths[index % paths.length];
        const started = Date.now();
        const page = await loadPage(apache!.url, path);
        problems.push(...page.problems);
        for (const src of page.scripts) scripts.add(src);
        fetched++;
        await new Promise((done) => setTimeout(done, Math.max(0, 100 - (Date.now() - started))));
      }
    })();
    const run = await deploy(target, '--allow-placeholders');
    deploying = false;
    await watch;
    expect(run.code, run.output).toBe(0);
    expect(problems).toEqual([]);
    expect(fetched).toBeGreaterThan(50);
    // A visitor who opened a page before the switch loads more of its scripts later: the old
    // release's stay beside the new one's.
    const missing = [];
    for (const src of scripts) if ((await fetch(apache!.url + src)).status !== 200) missing.push(src);
    expect(missing).toEqual([]);
    const before = (await loadPage(apache!.url, '/')).scripts;
    expect([...scripts].filter((src) => !before.includes(src)).length).toBeGreaterThan(0);

    expect(await heading(apache!.url)).toBe('Remote-first, now with a second release');
    expect(releases()).toHaveLength(5);
    expect(releases()).not.toContain('20260101T000000Z');
    expect(leadStored()).toBe(true);
  });

  test('--rollback brings the old page back, with the lead intact', async () => {
    const [before, newest] = releases().slice(-2);
    expect(live()).toBe(`releases/${newest}`);
    const run = await deploy(target, '--rollback');
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(new RegExp(`rollback: current → releases/${before} \\(was releases/${newest}\\)`));
    expect(live()).toBe(`releases/${before}`);
    expect(await heading(apache!.url)).toBe('Remote-first, close to every client');
    expect(leadStored()).toBe(true);
  });

  test('a deploy whose --url verify fails goes back to the release that was live', async () => {
    const before = live();
    const kept = releases();
    writeFileSync(aboutPage(), readFileSync(aboutPage(), 'utf8').replace('Remote-first, now with a second release', 'Remote-first, a release that never stays'));
    // Nothing listens on port 9 of loopback: verify cannot confirm the host serves this build.
    const run = await deploy(target, '--allow-placeholders', '--url', 'http://127.0.0.1:9');
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(new RegExp(`6/7 verify: FAILED: npm run verify -- http://127\\.0\\.0\\.1:9 failed; switched back to ${before}, releases/\\d{8}T\\d{6}Z removed`));
    expect(live()).toBe(before);
    expect(releases()).toEqual(kept);
    expect(await heading(apache!.url)).toBe('Remote-first, close to every client');
    expect(existsSync(join(dir, '.deploy.lock'))).toBe(false);
    expect(leadStored()).toBe(true);
  });
});

/** The about page's heading as served, as text. */
async function heading(origin: string): Promise<string | undefined> {
  const html = await (await fetch(`${origin}/about`)).text();
  return /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1].replace(/<[^>]+>/g, '');
}

/**
 * One page as a browser loads it, and what is wrong: a script it names that the host does not
 * have, or an inline script whose hash the Content-Security-Policy sent with it lacks.
 */
async function loadPage(origin: string, path: string): Promise<{ problems: string[]; scripts: string[] }> {
  const response = await fetch(origin + path);
  const html = await response.text();
  if (response.status !== 200) return { problems: [`${path}: HTTP ${response.status}`], scripts: [] };
  const policy = response.headers.get('content-security-policy') ?? '';
  const problems: string[] = [];
  for (const [, source] of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const hash = `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
    if (!policy.includes(hash)) problems.push(`${path}: inline script ${hash} is not in the policy sent with it`);
  }
  const sources = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map(([, src]) => src).filter((src) => src.startsWith('/'));
  const answers = await Promise.all(sources.map(async (src) => [src, (await fetch(origin + src)).status] as const));
  for (const [src, status] of answers) if (status !== 200) problems.push(`${path}: ${src} answers ${status}`);
  return { problems, scripts: sources };
}
