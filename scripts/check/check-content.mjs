// The content part of `npm run check`: what an edited or added page or fact must get right, each
// problem named by file and line. One rule a file, each run over the tree in seconds:
//   node scripts/check/check-content.mjs [--release] [--root DIR …] [--json]
// - spelling.mjs: the visible copy and the values of content/*.yaml, in British English;
// - links.mjs: every internal link leads to a page or a file in public/;
// - metadata.mjs: every page's title (10–60 characters) and description (50–160), none twice;
// - routes.mjs: the route list of lib/site.ts and app/**/page.tsx agree, each page linked and
//   with its share image;
// - content.mjs: the company's facts in content/ through their schemas in lib/;
// - reply-time.mjs: the reply time is stated one way only;
// - release-gate.mjs, with --release: no placeholder is left.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { content } from './content.mjs';
import { links } from './links.mjs';
import { metadata } from './metadata.mjs';
import { releaseGate } from './release-gate.mjs';
import { replyTime } from './reply-time.mjs';
import { routeList } from './routes.mjs';
import { spelling } from './spelling.mjs';
import { Tree } from './tree.mjs';

/**
 * @typedef {{ file: string, line: number, message: string }} Problem
 * @param {string} root
 * @param {{ release?: boolean, env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<Problem[]>}
 */
export async function checkContent(root, { release = false, env = process.env } = {}) {
  const tree = new Tree(root);
  const problems = [...(await spelling(tree)), ...links(tree), ...metadata(tree), ...routeList(tree), ...content(tree), ...replyTime(tree)];
  if (release) problems.push(...releaseGate(tree, { env }));
  return problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { release: { type: 'boolean', default: false }, root: { type: 'string', multiple: true, default: [] }, json: { type: 'boolean' } } });
  const { root: roots, release } = values;
  // --json: the problems of each root, for tests that check several copies of the tree in one run.
  if (values.json) {
    const results = {};
    for (const root of roots) results[root] = await checkContent(root, { release });
    console.log(JSON.stringify(results));
    process.exit(0);
  }
  const problems = await checkContent(roots[0] ?? fileURLToPath(new URL('../..', import.meta.url)), { release });
  for (const problem of problems) console.log(`${problem.file}:${problem.line}: ${problem.message}`);
  if (problems.length > 0) {
    console.log(`\n${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}${release ? ' (with the release check)' : ''}.`);
    process.exit(1);
  }
  console.log(`Content: spelling, links, titles and descriptions, route list, the company's facts${release ? ' and placeholders' : ''} are fine.`);
}
