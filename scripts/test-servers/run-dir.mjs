// What scripts/test-servers/apache.mjs and scripts/test-servers/nginx.mjs share: the sites they
// serve, and a directory of their own under .e2e/ for configuration, logs and the messages the
// server accepts.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Exits unless each site's document root holds a site (a build, or for the tests of odd hosts a
 * PHP site's index.php); returns .e2e/<name>-<port of the first>/, writable by the server.
 */
export function prepareRunDir(name, sites) {
  for (const { docroot } of sites) {
    if (!['index.html', 'index.php'].some((index) => existsSync(resolve(docroot, index)))) {
      console.error(`${docroot} holds no build. Run npm run build first.`);
      process.exit(1);
    }
  }
  const runDir = resolve('.e2e', `${name}-${sites[0].port}`);
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

/**
 * The sites to serve: SITES, a JSON list of { port, docroot, allowOverride } (one server for several
 * document roots, each on a port of its own, as a host's virtual hosts), or else the one of PORT,
 * DOCROOT (out/ by default) and ALLOW_OVERRIDE.
 */
export function sitesToServe(defaultPort) {
  const sites = process.env.SITES
    ? JSON.parse(process.env.SITES)
    : [{ port: Number(process.env.PORT ?? defaultPort), docroot: process.env.DOCROOT ?? 'out', allowOverride: process.env.ALLOW_OVERRIDE }];
  return sites.map(({ port, docroot, allowOverride }) => ({ port: Number(port), docroot: resolve(docroot), allowOverride: allowOverride ?? 'All' }));
}
