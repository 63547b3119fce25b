/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkCommand, copyOfSite, removeCopies, repo, runCheck, write } from '../helpers/check-trees';

// scripts/check/check-content.mjs, the content part of npm run check: every rule of scripts/check/
// over the tree, each problem printed as FILE:LINE: MESSAGE, and a failure when there is one.
jest.setTimeout(60_000);

afterAll(removeCopies);

describe('check-content (the content part of npm run check)', () => {
  it('finds nothing wrong with the site as it is', async () => {
    expect((await runCheck([repo]))[repo]).toEqual([]);
  });

  it('fails on a result copied from the fixtures with its first figure’s unit removed, naming content/results.yaml and the figure’s line', async () => {
    const root = copyOfSite();
    const entry = readFileSync(join(repo, '__tests__/fixtures/content/results.yaml'), 'utf8').replace(/^#.*\n/gm, '');
    write(root, 'content/results.yaml', `${readFileSync(join(repo, 'content/results.yaml'), 'utf8')}${entry.replace("      unit: '%'\n", '')}`);
    const { status, output } = await checkCommand(root);
    expect(status).toBe(1);
    // The entry's first figure (the file's comments show one too).
    const line = readFileSync(join(root, 'content/results.yaml'), 'utf8').split('\n').lastIndexOf('    - label: Link availability') + 1;
    expect(output.split('\n')).toContain(
      `content/results.yaml:${line}: the figure “Link availability” of the result “Fewer dropped links and no lost backups across a tanker fleet” needs its unit: a number without it reads as marketing`,
    );
    expect(output).toContain('\n1 problem.');
  });
});
