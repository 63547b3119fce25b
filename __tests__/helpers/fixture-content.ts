import { resolve } from 'node:path';
import { readContent } from '@/lib/load-content';

/**
 * The test entries of __tests__/fixtures/content/ (results, service levels, people, references,
 * onboarding times), read as the browser tests' build reads them (NPTS_REFERENCES_FIXTURE): made
 * up, and their names say so.
 */
const read = readContent(resolve(__dirname, '../..'), { fixture: true });
if (!read.facts) throw new Error(read.problems.map(({ file, line, message }) => `${file}:${line}: ${message}`).join('\n'));

export const fixture = read.facts;
