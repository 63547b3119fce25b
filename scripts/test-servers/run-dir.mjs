// What scripts/test-servers/apache.mjs and scripts/test-servers/nginx.mjs share: the build they
// serve, and a directory of their own under .e2e/ for configuration, logs and the messages the
// server accepts.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Exits unless `docroot` holds a site (a build, or for the tests of odd hosts a PHP site's
 * index.php); returns .e2e/<name>-<port>/, writable by the server.
 */
export function prepareRunDir(name, port, docroot) {
  if (!['index.html', 'index.php'].some((index) => existsSync(resolve(docroot, index)))) {
    console.error(`${docroot} holds no build. Run npm run build first.`);
    process.exit(1);
  }
  const runDir = resolve('.e2e', `${name}-${port}`);
  // A server started as root serves as www-data, which must be able to write its logs here, and
  // the messages it accepts land beside them unless a store is configured. MAIL_STORAGE_DIR set
  // empty leaves the endpoint its own default: npts-private beside the web root.
  const store = (process.env.MAIL_STORAGE_DIR ??= resolve(runDir, 'mail'));
  for (const dir of [runDir, ...(store ? [store] : [])]) {
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o777);
  }
  return runDir;
}
