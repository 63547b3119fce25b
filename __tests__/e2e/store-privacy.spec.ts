import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { Page } from '@playwright/test';
import { messages } from '../../lib/contact';
import contract from '../../mail/contract.json';
import type { Challenge } from '../helpers/php-server';
import { quickProof } from '../helpers/quick-proof';
import { startBareServer, startSites } from './extra-server';
import { expect, test } from './fixtures';

// The site built as it is uploaded, with the mail endpoint on its default configuration: where
// do the leads go, and can anyone fetch them? Each host below is a copy of out/ in a folder of
// its own, so "beside the web root" is a place this test owns. One Apache and one nginx serve
// them all, each host on a port of its own as a virtual host is, and PHP's built-in server one
// each (it serves one folder): four servers, not one per host.
const TOKEN = 'e2e-store-privacy';
/** No MAIL_STORAGE_DIR (empty: scripts/test-servers/run-dir.mjs leaves the default), as on a new host. */
const DEFAULTS = { MAIL_STORAGE_DIR: '', MAIL_RATE_LIMIT: '0', MAIL_HEALTH_TOKEN: TOKEN };

type Kind = 'apache' | 'nginx' | 'php';
const servers: { name: string; kind: Kind; rules: boolean; allowOverride?: 'All' | 'None' }[] = [
  { name: 'Apache with .htaccess', kind: 'apache', rules: true, allowOverride: 'All' },
  { name: 'Apache with AllowOverride None', kind: 'apache', rules: false, allowOverride: 'None' },
  { name: 'nginx with docs/nginx.conf', kind: 'nginx', rules: true },
  { name: 'php -S without a router', kind: 'php', rules: false },
];

// The tests share the servers, started once for all of them: they run in order, in one worker.
test.describe.configure({ mode: 'default' });

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

/**
 * A host whose web root is a copy of the build; beside it, the folder the endpoint makes or, with
 * `beside` false, a file in its way. Made by beforeAll below (every worker loads this file, most
 * run none of its tests), as the layouts' hosts are.
 */
function uploadedHost(beside: boolean): { hostDir: string; documentRoot: string; home: string } {
  const hostDir = mkdtempSync(join(tmpdir(), 'npts-host-'));
  // The web server's user (www-data when the tests run as root) makes npts-private here.
  chmodSync(hostDir, 0o777);
  const documentRoot = join(hostDir, 'site');
  copyBuild(documentRoot);
  const home = join(hostDir, 'npts-private');
  if (!beside) {
    writeFileSync(home, 'a file where the folder would go');
    // As on a host set up for an earlier version, which kept its store in mail/storage.
    chmodSync(join(documentRoot, 'mail'), 0o777);
  }
  return { hostDir, documentRoot, home };
}

/** The hosts of the tests below, each with the address of the server that serves it. */
const uploads = servers.flatMap((server) => [true, false].map((beside) => ({ server, beside, hostDir: '', documentRoot: '', home: '', url: '' })));

for (const upload of uploads) {
  const { server, beside } = upload;
  const where = beside ? 'the folder beside the web root can be made' : 'nothing can be made beside the web root';
  test(`${server.name}, ${where}: a lead sent through the form is never served`, async ({ page }) => {
    const { documentRoot: docroot, home, url } = upload;
    const marker = `lead-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const before = snapshot(docroot);
    await sendLead(page, url, marker);

    const accepted = beside || server.rules;
    await expect(page.getByText(accepted ? messages.success : contract.texts.outOfService)).toBeVisible();
    const health = await fetch(`${url}/mail/health.php?token=${TOKEN}`);
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
      const response = await fetch(`${url}/${file}`);
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.includes(marker), `${file} is served with the lead (HTTP ${response.status})`).toBe(false);
    }
  });
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

/**
 * A copy of the build at `dir`, as it is uploaded: hard links, which cost no copy. Nothing here
 * changes a file of the build in place; a server that did would show in the snapshots.
 */
function copyBuild(dir: string) {
  mkdirSync(dirname(dir), { recursive: true });
  execFileSync('cp', ['-al', 'out', dir]);
}

/** Sends a lead as the form's script does (with a proof of work); the answer to the challenge when that is refused. */
async function postLead(url: string, marker: string): Promise<{ status: number; text: string }> {
  const challenged = await fetch(`${url}/mail/send.php?challenge`);
  if (challenged.status !== 200) return { status: challenged.status, text: await challenged.text() };
  const fields = { firstName: 'Mira', lastName: 'Ivanova', email: 'mira@example.com', company: 'Kaliakra Tankers', message: `Two vessels need VSAT. ${marker}`, elapsedMs: 5000 };
  const reply = await fetch(`${url}/mail/send.php`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...fields, altcha: quickProof((await challenged.json()) as Challenge) }) });
  return { status: reply.status, text: await reply.text() };
}

const placed = layouts.flatMap((layout) =>
  servers.filter(({ kind }) => kind !== 'php').map((server) => ({ layout, server, host: '', documentRoot: '', site: '', path: '', store: '', url: '' })),
);

for (const at of placed) {
  const { layout, server } = at;
  test(`${server.name}, ${layout.name}: ${layout.accepted ? 'the lead is kept outside the document root' : 'no lead is taken'}, and nothing is written under it`, async () => {
    const { documentRoot, site, path, store } = at;
    const served = realpathSync(documentRoot);
    const before = snapshot(served);
    const marker = `lead-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const url = at.url + path;
    const reply = await postLead(url, marker);
    const health = await fetch(`${url}/mail/health.php?token=${TOKEN}`);

    if (server.kind === 'nginx' && !layout.accepted) {
      // No endpoint below the root on nginx: its mail/ answers as if it did not exist, source and all.
      expect(reply.status).toBe(404);
      expect(health.status).toBe(404);
      for (const file of ['send.php', 'config.example.ini', 'lib/store.php']) {
        const response = await fetch(`${url}/mail/${file}`);
        expect(response.status, file).toBe(404);
        expect(await response.text(), file).not.toMatch(/<\?php|MAIL_TO/);
      }
    } else {
      expect(reply).toEqual({ status: layout.accepted ? 200 : 503, text: JSON.stringify(layout.accepted ? { success: true, message: messages.success } : { success: false, message: contract.texts.outOfService }) });
      expect(health.status).toBe(layout.accepted ? 200 : 503);
      if (path !== '') {
        // The form without JavaScript, posted to the subfolder's endpoint: its answer is the subfolder's own page, not the host's.
        const fields = { firstName: 'Mira', lastName: 'Ivanova', email: 'mira@example.com', message: 'Two vessels need VSAT.', elapsedMs: '5000' };
        const form = await fetch(`${url}/mail/send.php`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: at.url }, body: new URLSearchParams(fields) });
        expect([form.status, form.headers.get('location')]).toEqual([303, `${path}/contact/failed`]);
      }
    }
    expect(snapshot(served)).toEqual(before);
    expect(holds(store, marker).length > 0).toBe(layout.accepted);
    expect(holds(served, marker)).toEqual([]);
    for (const file of ['npts-private/messages.sqlite', `${relative(served, site)}/mail/storage/messages.sqlite`.replace(/^\//, '')]) {
      const body = Buffer.from(await (await fetch(`${at.url}/${file}`)).arrayBuffer());
      expect(body.includes(marker), `${file} is served with the lead`).toBe(false);
    }
  });
}

const stops: (() => Promise<void>)[] = [];

test.beforeAll(async () => {
  for (const upload of uploads) Object.assign(upload, uploadedHost(upload.beside));
  for (const at of placed) {
    at.host = mkdtempSync(join(tmpdir(), 'npts-layout-'));
    chmodSync(at.host, 0o777);
    Object.assign(at, at.layout.make(at.host));
  }
  const hosts = [...uploads, ...placed];
  // One Apache for both its settings (AllowOverride is each site's own), one nginx, a php -S each: all at once.
  const started = [
    ...(['apache', 'nginx'] as const).map(async (kind) => {
      const ofKind = hosts.filter((host) => host.server.kind === kind);
      const { urls, stop } = await startSites(kind, ofKind.map((host) => ({ docroot: host.documentRoot, allowOverride: host.server.allowOverride })), DEFAULTS);
      stops.push(stop);
      ofKind.forEach((host, index) => (host.url = urls[index]));
    }),
    ...hosts
      .filter(({ server }) => server.kind === 'php')
      .map(async (host) => {
        const bare = await startBareServer(host.documentRoot, { MAIL_HEALTH_TOKEN: TOKEN });
        stops.push(bare.stop);
        host.url = bare.url;
      }),
  ];
  // Each that started is stopped by afterAll, also when another did not start.
  const failed = (await Promise.allSettled(started)).find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
});

test.afterAll(async () => {
  for (const stop of stops.splice(0)) await stop();
  for (const folder of [...uploads.map((upload) => upload.hostDir), ...placed.map((at) => at.host)]) if (folder) rmSync(folder, { recursive: true, force: true });
});
