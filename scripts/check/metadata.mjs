// Titles and descriptions, a rule of the content check: every page has its own, written out in
// its route file (the home page's are the site's, in lib/site.ts), a title of 10–60 characters
// and a description of 50–160, as search results show them, none used twice; and the path it
// gives pageMetadata is its route.
import ts from 'typescript';
import { lineOf, literalValue, property, visit } from './tree.mjs';

const LIMITS = { title: [10, 60], description: [50, 160] };

/** The object passed to pageMetadata(…) in a page's generateMetadata, if any. */
function pageMetadataArgument(source) {
  let argument = null;
  visit(source, (node) => {
    if (ts.isCallExpression(node) && node.expression.getText() === 'pageMetadata' && node.arguments[0] && ts.isObjectLiteralExpression(node.arguments[0])) argument = node.arguments[0];
  });
  return argument;
}

/** @param {import('./tree.mjs').Tree} tree */
export function metadata(tree) {
  const site = tree.parse('lib/site.ts');
  const problems = [];
  const seen = { title: new Map(), description: new Map() };
  const siteObject = (() => {
    let object = null;
    visit(site, (node) => {
      if (ts.isVariableDeclaration(node) && node.name.getText() === 'site' && node.initializer) {
        let value = node.initializer;
        while (ts.isAsExpression(value)) value = value.expression;
        if (ts.isObjectLiteralExpression(value)) object = value;
      }
    });
    return object;
  })();

  for (const { file, route } of tree.pages()) {
    const source = tree.parse(file);
    const argument = pageMetadataArgument(source);
    // Without metadata of its own a page shows the site's defaults: only the home page may.
    const [object, owner] = argument ? [argument, file] : route === '/' && siteObject ? [siteObject, 'lib/site.ts'] : [null, file];
    if (!object) {
      problems.push({ file, line: 1, message: `${route} has no title and description of its own: add generateMetadata() returning pageMetadata({ title, description, path: '${route}' }) (docs/editors-guide.md, "Add a page")` });
      continue;
    }
    const ownerSource = tree.parse(owner);
    for (const name of ['title', 'description']) {
      const assignment = property(object, name);
      // site.title and site.description: the site's defaults, which the home page shows.
      const reference = assignment && /^site\.(title|description)$/.exec(assignment.initializer.getText())?.[1];
      const value = reference && siteObject ? literalValue(property(siteObject, reference)?.initializer) : assignment && literalValue(assignment.initializer);
      const line = lineOf(ownerSource, (assignment ?? object).getStart());
      if (!value) {
        problems.push({ file: owner, line, message: `the ${name} of ${route} must be written out as one string here` });
        continue;
      }
      const [min, max] = LIMITS[name];
      const length = [...value.text].length;
      if (length < min || length > max) {
        problems.push({ file: owner, line, message: `the ${name} of ${route} has ${length} characters: search results show ${min}–${max}` });
      }
      const other = seen[name].get(value.text);
      if (other) problems.push({ file: owner, line, message: `the ${name} of ${route} is the same as ${other}'s: every page needs its own` });
      else seen[name].set(value.text, route);
    }
    const path = argument && property(argument, 'path');
    const pathValue = path && literalValue(path.initializer);
    if (argument && pathValue?.text !== route) {
      problems.push({ file, line: lineOf(source, (path ?? argument).getStart()), message: `pageMetadata's path must be this page's route, '${route}'` });
    }
  }
  return problems;
}
