import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import { asPhpUser } from '../helpers/php-server';

/**
 * The browser under test may talk to the local server only: every request to another host is
 * aborted and recorded, and console errors are collected so a test can assert there were none.
 */
export const test = base.extend<{ consoleErrors: string[]; blockedRequests: string[] }>({
  blockedRequests: async ({}, provide) => {
    await provide([]);
  },
  consoleErrors: async ({ page }, provide) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await provide(errors);
  },
  context: async ({ context, blockedRequests }, provide) => {
    await context.route(
      (url) => !isLoopback(url.hostname),
      (route) => {
        blockedRequests.push(route.request().url());
        return route.abort('blockedbyclient');
      },
    );
    await provide(context);
  },
});

export { expect };

/** Time each page visit may take on a busy 2-core machine. */
const PER_VISIT_MS = 5_000;

/**
 * For a test that visits many pages (every route, say): its budget grows with their number, so a
 * sweep of a growing site never runs out of a fixed 30 s while nothing is wrong.
 */
export function visits(count: number): void {
  test.setTimeout(test.info().timeout + count * PER_VISIT_MS);
}

/** Collects every CSP violation the page reports, from the first script on. */
export async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * The store of the server the running test's project uses: scripts/test-servers/apache.mjs and
 * scripts/test-servers/nginx.mjs keep the messages their server accepts beside its logs
 * (.e2e/<server>-<port>/mail).
 */
function serverStore(): string {
  const server = (test.info().project.metadata.server ?? 'apache') as 'apache' | 'nginx';
  return resolve('.e2e', `${server}-${server === 'nginx' ? process.env.E2E_NGINX_PORT : process.env.E2E_PORT}`, 'mail');
}

/** The mails in that server's outbox (nothing configured: every message is filed there) holding `marker`. */
export function delivered(marker: string): string[] {
  const dir = join(serverStore(), 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.map((name) => readFileSync(join(dir, name), 'utf8')).filter((mail) => mail.includes(marker));
}

/**
 * Runs PHP on that server's store as the web server's user, as the operator and cron do
 * (docs/operating.md): www-data when the tests run as root, which mail/'s commands refuse.
 */
function asServer(args: string[]): { code: number; stdout: string } {
  const command = asPhpUser(['php', ...args]);
  const run = spawnSync(command[0], command.slice(1), { env: { ...process.env, MAIL_STORAGE_DIR: serverStore() }, encoding: 'utf8' });
  return { code: run.status ?? -1, stdout: run.stdout + run.stderr };
}

/** Runs one of the operator's commands (admin.php, deliver.php) of the build on that server's store. */
export function operator(script: 'admin.php' | 'deliver.php', ...args: string[]): { code: number; stdout: string } {
  return asServer([join('out', 'mail', script), ...args]);
}

/** A setting of that server's store (its keys), read as the server's user. */
export function storeSetting(name: string): string {
  const script = "$db = new PDO('sqlite:' . $argv[1]); $get = $db->prepare('SELECT value FROM settings WHERE name = ?'); $get->execute([$argv[2]]); echo $get->fetchColumn();";
  return asServer(['-r', script, join(serverStore(), 'messages.sqlite'), name]).stdout;
}
