// The company's facts, a rule of the content check: every file of content/ through its schema
// (lib/load-content.ts, the same code the build reads them with), each problem named by file and
// line: a field missing or misspelt, a named client without recorded permission, a figure without
// its unit, period or source, a service that is no page, a quote without a person, an expired
// certificate, an example.com link, a photo that is not there, a second person answering
// enquiries, a support desk round the clock while the support line is not.
import { readContent } from '../../lib/load-content.ts';

/** @param {import('./tree.mjs').Tree} tree */
export function content(tree, { today } = {}) {
  // The site's own files, whatever the environment: the tests' entries are the release gate's concern.
  return readContent(tree.root, { fixture: false, today }).problems;
}
