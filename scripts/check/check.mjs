// `npm run check`: the editor's fast gate, and the first step of `npm test` and CI. Runs the
// content checks (check-content.mjs), `npm run lint` and `npm run typecheck` side by side, then
// `npm run test:unit`; shows every failure, not just the first, and how long each part took. It
// calls the npm scripts by name, so each part runs as it does on its own, and a failed part names
// the command that runs it again.
//   npm run check                 before committing an edit
//   npm run check -- --release    before a release: also fails on every placeholder left
import { parseArgs } from 'node:util';
import { runParts } from './parts.mjs';

const { release } = parseArgs({ options: { release: { type: 'boolean', default: false } } }).values;
// --silent: npm's own lines about a failed script would bury the tool's output.
const npm = (script) => ({ name: `npm run ${script}`, command: ['npm', 'run', '--silent', script] });

const passed = await runParts('npm run check', [
  [{ name: 'content', command: ['node', 'scripts/check/check-content.mjs', ...(release ? ['--release'] : [])] }, npm('lint'), npm('typecheck')],
  [npm('test:unit')],
]);
process.exit(passed ? 0 : 1);
