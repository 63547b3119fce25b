// Links, a rule of the content check: every internal link of the copy and the navigation's data
// (next/link, <a>, href in lib/) leads to a page of the route list, a file in public/ or a route
// handler (app/…/route.ts).
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { hrefsIn, isInternal, routeLists, target } from './tree.mjs';

/** @param {import('./tree.mjs').Tree} tree */
export function links(tree) {
  const { routes, unlisted } = routeLists(tree);
  const pages = new Set([...routes.values, ...unlisted.values]);
  const files = [...tree.files('app', /\.tsx?$/), ...tree.files('components', /\.tsx?$/), ...tree.files('lib', /\.tsx?$/)];
  const inPublic = (path) => existsSync(join(tree.root, 'public', path)) && statSync(join(tree.root, 'public', path)).isFile();
  const exists = (path) => pages.has(path) || inPublic(path) || tree.exists(join('app', path, 'route.ts'));
  return hrefsIn(tree, files)
    .filter(({ href }) => isInternal(href) && !exists(target(href)))
    .map(({ file, line, href }) => ({ file, line, message: `the link to ${href} leads nowhere: ${target(href)} is no page in the route list (lib/site.ts) and no file in public/` }));
}
