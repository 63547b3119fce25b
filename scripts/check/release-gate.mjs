// The release gate, a rule of the content check run with --release (npm run check -- --release,
// and npm run deploy before it builds): nothing is published while a placeholder is left. The
// company's facts tagged !placeholder in content/ (read by lib/load-content.ts, as the build reads
// them, service sheets included), the build settings still at their placeholder(…) in lib/site.ts
// (the live domain, the tag manager) unless the build's environment sets them, the mail
// addresses of the endpoint's configuration, and the browser tests' setting that shows test
// entries. Each build lists the same placeholders as a reminder (scripts/build/postbuild.mjs).
import { relative } from 'node:path';
import ts from 'typescript';
import { readContent } from '../../lib/load-content.ts';
import { mailSettings } from '../serve/local-php.mjs';
import { isLiteral, lineOf, Tree, visit } from './tree.mjs';

/**
 * The placeholder(…) calls in lib/site.ts: what each stands for, where, and whether the
 * environment variable a build may take instead (`process.env.X ?? placeholder(…)`) sets it.
 *
 * @returns {(import('../../lib/load-content.ts').Problem & { what: string, set: boolean })[]}
 */
export function sitePlaceholders(tree, env = process.env) {
  const source = (tree instanceof Tree ? tree : new Tree(tree)).parse('lib/site.ts');
  const found = [];
  visit(source, (node) => {
    if (ts.isCallExpression(node) && node.expression.getText() === 'placeholder' && node.arguments[0] && isLiteral(node.arguments[0])) {
      const what = node.arguments[0].text;
      const parent = node.parent;
      const variable = ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ? /^process\.env\.(\w+)$/.exec(parent.left.getText())?.[1] : undefined;
      const set = Boolean(variable && env[variable]);
      found.push({ file: 'lib/site.ts', line: lineOf(source, node.getStart()), what, set, message: `${what} is still a placeholder: replace placeholder(…) with the real value${variable ? `, or set ${variable} when building` : ''}` });
    }
  });
  return found;
}

/** Every placeholder left: the site's build settings not set, and the company's facts tagged !placeholder. */
export function placeholders(root, env = process.env) {
  return [...sitePlaceholders(root, env).filter((placeholder) => !placeholder.set), ...readContent(root, { fixture: false }).placeholders];
}

/**
 * The mail addresses the contact endpoint would use, read by its own code: placeholders until the
 * operator sets them in the configuration file the host's endpoint reads (`php mail/admin.php
 * config --json`, run as the endpoint's account).
 *
 * @returns {Problem[]}
 */
export function mailPlaceholders(root, env = process.env) {
  let mail;
  try {
    mail = mailSettings(root, env);
  } catch (error) {
    return [{ file: 'mail/config.ini', line: 1, message: `the mail configuration could not be read (PHP 8.1+ is needed): ${error.message}` }];
  }
  const file = mail.file ? relative(root, mail.file) || mail.file : 'mail/config.ini';
  return ['MAIL_TO', 'MAIL_FROM'].flatMap((key) =>
    mail.settings[key].placeholders.map((address) => ({ file, line: 1, message: `${key} is the placeholder ${address}: set the real address in the mail configuration the host uses (npts-private/config.ini beside the web root, DIR/shared/config.ini when deployed, or mail/config.ini)` })),
  );
}

/** Settings that make a build for the tests only (package.json's build:e2e), never for a release. */
function testSettings(env) {
  return env.NPTS_REFERENCES_FIXTURE
    ? [{ file: 'lib/load-content.ts', line: 1, message: 'NPTS_REFERENCES_FIXTURE is set: a build would show the test entries of __tests__/fixtures/content/ in place of content/: clients, certificates, partners, results, service levels, people and onboarding times; unset it' }]
    : [];
}

/** @param {Tree} tree */
export function releaseGate(tree, { env = process.env } = {}) {
  return [...placeholders(tree.root, env).map(({ file, line, message }) => ({ file, line, message })), ...mailPlaceholders(tree.root, env), ...testSettings(env)];
}
