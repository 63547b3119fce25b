import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Page } from '@playwright/test';
import { messages } from '../../lib/contact';
import { startBareServer, startServer } from './extra-server';
import { expect, test } from './fixtures';

// The site built as it is uploaded, with the mail endpoint on its default configuration: where
// do the leads go, and can anyone fetch them? Each host below is a copy of out/ in a folder of
// its own, so "beside the web root" is a place this test owns.
const OUT_OF_SERVICE = 'Sorry, our contact form is out of service right now. Please call us instead: our phone number is on this page.';
const TOKEN = 'e2e-store-privacy';

type Host = { url: string; stop: () => Promise<void> };
const servers: { name: string; rules: boolean; start: (docroot: string) => Promise<Host> }[] = [
  { name: 'Apache with .htaccess', rules: true, start: (docroot) => startServer('apache', defaults(docroot)) },
  { name: 'Apache with AllowOverride None', rules: false, start: (docroot) => startServer('apache', { ...defaults(docroot), ALLOW_OVERRIDE: 'None' }) },
  { name: 'nginx with docs/nginx.conf', rules: true, start: (docroot) => startServer('nginx', defaults(docroot)) },
  { name: 'php -S without a router', rules: false, start: (docroot) => startBareServer(docroot, { MAIL_HEALTH_TOKEN: TOKEN }) },
];

/** No MAIL_STORAGE_DIR (empty: scripts/run-dir.mjs leaves the default), as on a new host. */
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
