// Runs one rule of the content check (scripts/check/RULE.mjs) over several trees, in a Node of
// its own as npm run check runs it (its rules import lib/'s TypeScript, which Node runs as it is),
// and prints each tree's problems as JSON: { "<root>": [{ file, line, message }…] }.
//   node __tests__/helpers/run-check.mjs RULE ROOT…
import { Tree } from '../../scripts/check/tree.mjs';

const [rule, ...roots] = process.argv.slice(2);
const ruleModule = await import(`../../scripts/check/${rule}.mjs`);
const check = Object.values(ruleModule).find((value) => typeof value === 'function' && value.name === ruleFunction(rule));
const results = {};
for (const root of roots) results[root] = await check(new Tree(root), { today: process.env.CHECK_TODAY });
console.log(JSON.stringify(results));

/** links.mjs → links, reply-time.mjs → replyTime, routes.mjs → routeList, release-gate.mjs → releaseGate. */
function ruleFunction(name) {
  return { routes: 'routeList' }[name] ?? name.replace(/-(\w)/g, (_, letter) => letter.toUpperCase());
}
