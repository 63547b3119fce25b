// The route list, a rule of the content check: every app/**/page.tsx is in the route list of
// lib/site.ts and the other way round, and every listed page is linked from the navigation, the
// footer or /services and has its share image (docs/editors-guide.md, "Add a page").
import { hrefsIn, isInternal, routeLists, target } from './tree.mjs';

/** @param {import('./tree.mjs').Tree} tree */
export function routeList(tree) {
  const { routes, unlisted } = routeLists(tree);
  const problems = [];
  const pages = tree.pages();
  const known = new Set([...routes.values, ...unlisted.values]);
  for (const { file, route } of pages) {
    if (!known.has(route)) problems.push({ file, line: 1, message: `${route} is not in the route list: add '${route}' to routes in lib/site.ts (docs/editors-guide.md, "Add a page")` });
  }
  const existing = new Set(pages.map((page) => page.route));
  for (const list of [routes, unlisted]) {
    for (const route of list.values) {
      if (!existing.has(route)) problems.push({ file: 'lib/site.ts', line: list.lines.get(route), message: `${route} is in the route list, but app${route === '/' ? '' : route}/page.tsx does not exist` });
    }
  }
  // Listed pages are found through the navigation, the footer or a card on /services.
  const linkSources = ['lib/site.ts', 'components/site-header.tsx', 'components/nav-menu.tsx', 'components/site-footer.tsx', 'app/services/page.tsx'].filter((file) => tree.exists(file));
  const linked = new Set(hrefsIn(tree, linkSources).filter(({ href }) => isInternal(href)).map(({ href }) => target(href)));
  for (const route of routes.values.filter((candidate) => existing.has(candidate))) {
    const line = routes.lines.get(route);
    if (!linked.has(route)) {
      problems.push({ file: 'lib/site.ts', line, message: `${route} is linked from nowhere: add it to the navigation (mainNav) or the footer (footerLinks) in lib/site.ts, or a card on /services (app/services/page.tsx)` });
    }
    const folder = `app${route === '/' ? '' : route}`;
    if (!tree.exists(`${folder}/opengraph-image.tsx`)) {
      problems.push({ file: `${folder}/page.tsx`, line: 1, message: `${route} has no share image: copy opengraph-image.tsx from another page's folder into ${folder}/ (it draws the card from this page's title)` });
    }
  }
  return problems;
}
