// The reply time, a rule of the content check: the site promises one reply time, replyTime in
// content/company.yaml, which pages show as {content.company.replyTime}; copy that writes one out
// ("we reply within 24 hours") is named, so the promise cannot drift. (The privacy notice's legal
// month to answer a request is another thing.)
import { copyOf, lineOf } from './tree.mjs';

/** A reply time to an enquiry written out: "reply within 24 hours", "get back to you within a day". */
const WRITTEN_REPLY_TIME = /\b(?:reply|replies|get back to you)\s+within\s+[^\s.][^.]*/i;

/** @param {import('./tree.mjs').Tree} tree */
export function replyTime(tree) {
  const files = [...tree.files('app', /\.tsx$/), ...tree.files('components', /\.tsx$/), ...tree.files('lib', /\.tsx?$/)];
  const problems = [];
  for (const file of files) {
    const source = tree.parse(file);
    for (const piece of copyOf(source)) {
      const match = WRITTEN_REPLY_TIME.exec(piece.text);
      if (match) {
        problems.push({ file, line: lineOf(source, piece.start + match.index), message: `a reply time is written out here (“${match[0].trim()}”): write {content.company.replyTime} instead, so that the site states it one way (content/company.yaml)` });
      }
    }
  }
  return problems;
}
