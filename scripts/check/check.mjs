// `npm run check`: the editor's fast gate, and the first step of `npm test` and CI. Runs the
// content checks (scripts/check/check-content.mjs), lint and the type check side by side, then the
// unit and component tests; shows every failure, not just the first, and how long each part took.
//   npm run check                 before committing an edit
//   npm run check -- --release    before a release: also fails on every placeholder left
import { runParts } from './parts.mjs';

const release = process.argv.includes('--release');
const vmModules = '--experimental-vm-modules --disable-warning=ExperimentalWarning';

const passed = await runParts('npm run check', [
  [
    { name: 'content', command: ['node', 'scripts/check/check-content.mjs', ...(release ? ['--release'] : [])] },
    { name: 'lint', command: ['npx', 'eslint', '.'] },
    { name: 'types', command: ['npx', 'tsc', '--noEmit'] },
  ],
  [{ name: 'unit tests', command: ['npx', 'jest', '--selectProjects', 'unit'], env: { NODE_OPTIONS: vmModules } }],
]);
process.exit(passed ? 0 : 1);
