import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Page } from '@playwright/test';
import { messages } from '../../lib/contact';
import type { Challenge } from '../helpers/php-server';
import { quickProof } from '../helpers/quick-proof';
import { startBareServer, startServer } from './extra-server';
import { expect, test } from './fixtures';

// The site built as it is uploaded, with the mail endpoint on its default configuration: where
// do the leads go, and can anyone fetch them? Each host below is a copy of out/ in a folder of
// its own, so "beside the web root" is a place this test owns.
const OUT_OF_SERVICE = 'Sorry, our contact form is out of service right now. Please call us instead: our phone number is on this page.';
const TOKEN = 'e2e-store-privacy';

type Host = { url: string; stop: () => Promise<void> };
const servers: { name: string; kind: 'apache' | 'nginx' | 'php'; rules: boolean; start: (docroot: string) => Promise<Host> }[] = [
  { name: 'Apache with .htaccess', kind: 'apache', rules: true, start: (docroot) => startServer('apache', defaults(docroot)) },
  { name: 'Apache with AllowOverride None', kind: 'apache', rules: false, start: (docroot) => startServer('apache', { ...defaults(docroot), ALLOW_OVERRIDE: 'None' }) },
  { name: 'nginx with docs/nginx.conf', kind: 'nginx', rules: true, start: (docroot) => startServer('nginx', defaults(docroot)) },
  { name: 'php -S without a router', kind: 'php', rules: false, start: (docroot) => startBareServer(docroot, { MAIL_HEALTH_TOKEN: TOKEN }) },
];

/** No MAIL_STORAGE_DIR (empty: scripts/test-servers/run-dir.mjs leaves the default), as on a new host. */
function defaults(docroot: string): Record<string, string> {
  return { DOCROOT: docroot, MAIL_STORAGE_DIR: '', MAIL_RATE_LIMIT: '0', MAIL_HEALTH_TOKEN: TOKEN };
}

/** Every file under `dir` with its size and time: what a request changed shows as a difference. */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(dir, path), `${statSync(path).size}:${statSync(path).mtimeMs}`);
    }
  };
  walk(dir);
  return files;
}

function holds(dir: string, marker: string): string[] {
  return existsSync(dir) ? [...snapshot(dir).keys()].filter((file) => readFileSync(join(dir, file)).includes(marker)) : [];
}

async function sendLead(page: Page, url: string, marker: string) {
  await page.clock.install();
  // contact.html: a server without rules knows no address without the extension.
  await page.goto(`${url}/contact.html`);
  for (const [label, value] of Object.entries({ 'First name': 'Mira', 'Last name': 'Ivanova', Email: 'mira@example.com', Company: 'Kaliakra Tankers', Message: `Two vessels need VSAT. ${marker}` })) {
    await page.getByLabel(label, { exact: false }).fill(value);
  }
  // A person takes a few seconds to fill the form; faster than that counts as a bot.
  await page.clock.fastForward(5000);
  await page.getByRole('button', { name: 'Send message' }).click();
}

for (const server of servers) {
  for (const beside of [true, false]) {
    const where = beside ? 'the folder beside the web root can be made' : 'nothing can be made beside the web root';
    test(`${server.name}, ${where}: a lead sent through the form is never served`, async ({ page }) => {
      const hostDir = mkdtempSync(join(tmpdir(), 'npts-host-'));
      // The web server's user (www-data when the tests run as root) makes npts-private here.
      chmodSync(hostDir, 0o777);
      const docroot = join(hostDir, 'site');
      cpSync('out', docroot, { recursive: true });
      const home = join(hostDir, 'npts-private');
      if (!beside) {
        writeFileSync(home, 'a file where the folder would go');
        // As on a host set up for an earlier version, which kept its store in mail/storage.
        chmodSync(join(docroot, 'mail'), 0o777);
      }
      const host = await server.start(docroot);
      try {
        const marker = `lead-${Date.now()}-${Math.random().toString(36).slice(2)}`;
        const before = snapshot(docroot);
        await sendLead(page, host.url, marker);

        const accepted = beside || server.rules;
        await expect(page.getByText(accepted ? messages.success : OUT_OF_SERVICE)).toBeVisible();
        const health = await fetch(`${host.url}/mail/health.php?token=${TOKEN}`);
        expect(health.status).toBe(accepted ? 200 : 503);

        const after = snapshot(docroot);
        const written = [...after.keys()].filter((file) => before.get(file) !== after.get(file));
        // Where the lead went: beside the web root, or behind the rules in mail/storage, or nowhere.
        if (beside) {
          expect(written).toEqual([]);
          expect(holds(home, marker).length).toBeGreaterThan(0);
        } else if (accepted) {
          expect(holds(join(docroot, 'mail', 'storage'), marker).length).toBeGreaterThan(0);
        } else {
          expect(written).toEqual([]);
        }
        expect(holds(docroot, marker).length > 0).toBe(!beside && accepted);

        const wellKnown = ['mail/storage/messages.sqlite', 'mail/storage/messages.sqlite-wal', 'mail/storage/outbox/'];
        for (const file of new Set([...written, ...wellKnown])) {
          const response = await fetch(`${host.url}/${file}`);
          const body = Buffer.from(await response.arrayBuffer());
          expect(body.includes(marker), `${file} is served with the lead (HTTP ${response.status})`).toBe(false);
        }
      } finally {
        await host.stop();
        rmSync(hostDir, { recursive: true, force: true });
      }
    });
  }
}

// Where the site sits in the web server's document root, and where its store goes, on Apache and
// nginx (php -S, which resolves its document root itself, has these in __tests__/mail/). Leads are
// sent over HTTP as the form's script sends them: a site in a subfolder has no working page (its
// links point at the document root).
type Layout = { documentRoot: string; site: string; path: string; store: string };
const layouts: { name: string; accepted: boolean; make: (host: string) => Layout }[] = [
  {
    // As the issue found it: npts-private beside the site is inside the document root. nginx with
    // docs/nginx.conf runs the endpoint only at /mail/ (a subfolder is not supported there) and
    // serves no mail/ anywhere, so it takes no lead from a subfolder at all, and shows no source.
    name: 'the site uploaded into a subfolder of the document root',
    accepted: false,
    make: (host) => {
      const documentRoot = join(host, 'www');
      copyBuild(join(documentRoot, 'npts'));
      writeFileSync(join(documentRoot, 'index.html'), '<!doctype html><title>Another site</title>');
      writeFileSync(join(documentRoot, 'robots.txt'), '');
      // The web server's user could make npts-private there.
      chmodSync(documentRoot, 0o777);
      return { documentRoot, site: join(documentRoot, 'npts'), path: '/npts', store: join(documentRoot, 'npts-private') };
    },
  },
  {
    name: "a document root with a PHP site's index.php and no index.html",
    accepted: true,
    make: (host) => {
      const site = join(host, 'site');
      copyBuild(site);
      rmSync(join(site, 'index.html'));
      writeFileSync(join(site, 'index.php'), "<?php echo 'Home';\n");
      // As on a host set up for an earlier version, which kept its store in mail/storage.
      chmodSync(join(site, 'mail'), 0o777);
      return { documentRoot: site, site, path: '', store: join(host, 'npts-private') };
    },
  },
  {
    name: 'a document root that is a symlink',
    accepted: true,
    make: (host) => {
      const site = join(host, 'build');
      copyBuild(site);
      symlinkSync('build', join(host, 'www'));
      return { documentRoot: join(host, 'www'), site, path: '', store: join(host, 'npts-private') };
    },
  },
  {
    name: 'the deploy layout (DIR/current → releases/<time>, DIR/shared)',
    accepted: true,
    make: (host) => {
      const release = join(host, 'releases', '20261124T130501Z');
      copyBuild(release);
      symlinkSync('releases/20261124T130501Z', join(host, 'current'));
      symlinkSync('../shared', join(host, 'releases', 'npts-private'));
      // As docs/operating.md has it: the deploy user's (here nobody), the web server's group, 2770.
      const shared = join(host, 'shared');
      mkdirSync(shared);
      if (process.getuid?.() === 0) chownSync(shared, Number(execFileSync('id', ['-u', 'nobody'], { encoding: 'utf8' })), Number(execFileSync('id', ['-g', 'www-data'], { encoding: 'utf8' })));
      chmodSync(shared, 0o2770);
      return { documentRoot: join(host, 'current'), site: release, path: '', store: shared };
    },
  },
];

/** A copy of the build at `dir`, as it is uploaded. */
function copyBuild(dir: string) {
  cpSync('out', dir, { recursive: true });
}

/** Sends a lead as the form's script does (with a proof of work); the answer to the challenge when that is refused. */
async function postLead(url: string, marker: string): Promise<{ status: number; text: string }> {
  const challenged = await fetch(`${url}/mail/send.php?challenge`);
  if (challenged.status !== 200) return { status: challenged.status, text: await challenged.text() };
  const fields = { firstName: 'Mira', lastName: 'Ivanova', email: 'mira@example.com', company: 'Kaliakra Tankers', message: `Two vessels need VSAT. ${marker}`, elapsedMs: 5000 };
  const reply = await fetch(`${url}/mail/send.php`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...fields, altcha: quickProof((await challenged.json()) as Challenge) }) });
  return { status: reply.status, text: await reply.text() };
}

for (const layout of layouts) {
  for (const server of servers.filter(({ kind }) => kind !== 'php')) {
    test(`${server.name}, ${layout.name}: ${layout.accepted ? 'the lead is kept outside the document root' : 'no lead is taken'}, and nothing is written under it`, async () => {
      const host = mkdtempSync(join(tmpdir(), 'npts-layout-'));
      chmodSync(host, 0o777);
      const { documentRoot, site, path, store } = layout.make(host);
      const started = await server.start(documentRoot);
      try {
        const served = realpathSync(documentRoot);
        const before = snapshot(served);
        const marker = `lead-${Date.now()}-${Math.random().toString(36).slice(2)}`;
        const url = started.url + path;
        const reply = await postLead(url, marker);
        const health = await fetch(`${url}/mail/health.php?token=${TOKEN}`);

        if (server.kind === 'nginx' && !layout.accepted) {
          // No endpoint below the root on nginx: its mail/ answers as if it did not exist, source and all.
          expect(reply.status).toBe(404);
          expect(health.status).toBe(404);
          for (const file of ['send.php', 'config.example.php', 'lib/store.php']) {
            const response = await fetch(`${url}/mail/${file}`);
            expect(response.status, file).toBe(404);
            expect(await response.text(), file).not.toContain('<?php');
          }
        } else {
          expect(reply).toEqual({ status: layout.accepted ? 200 : 503, text: JSON.stringify(layout.accepted ? { success: true, message: messages.success } : { success: false, message: OUT_OF_SERVICE }) });
          expect(health.status).toBe(layout.accepted ? 200 : 503);
        }
        expect(snapshot(served)).toEqual(before);
        expect(holds(store, marker).length > 0).toBe(layout.accepted);
        expect(holds(served, marker)).toEqual([]);
        for (const file of ['npts-private/messages.sqlite', `${relative(served, site)}/mail/storage/messages.sqlite`.replace(/^\//, '')]) {
          const body = Buffer.from(await (await fetch(`${started.url}/${file}`)).arrayBuffer());
          expect(body.includes(marker), `${file} is served with the lead`).toBe(false);
        }
      } finally {
        await started.stop();
        rmSync(host, { recursive: true, force: true });
      }
    });
  }
}
