/** @jest-environment node */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

jest.setTimeout(30_000);

const repo = resolve(__dirname, '..');
let tripwires: string;

// Every command the deploy runs (the release gate's node and npm, the build, ssh, rsync) is found
// on PATH: here each one only notes that it was called, so a refusal must come before all of them.
beforeAll(() => {
  tripwires = mkdtempSync(join(tmpdir(), 'npts-deploy-'));
  for (const command of ['node', 'npm', 'ssh', 'rsync']) {
    writeFileSync(join(tripwires, command), `#!/bin/sh\necho ${command} >> "${join(tripwires, 'called')}"\nexit 1\n`);
    chmodSync(join(tripwires, command), 0o755);
  }
});

afterAll(() => rmSync(tripwires, { recursive: true, force: true }));

/** `npm run deploy -- …args` with the tripwires first on PATH: its exit status, its output, and what it ran. */
function deploy(...args: string[]): Promise<{ status: number; lines: string[]; ran: string[] }> {
  rmSync(join(tripwires, 'called'), { force: true });
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${tripwires}:${process.env.PATH}` };
  delete env.DEPLOY_SSH;
  return new Promise((done) => {
    execFile(process.execPath, ['scripts/release/deploy.mjs', ...args], { cwd: repo, env }, (error, stdout, stderr) => {
      const called = join(tripwires, 'called');
      done({
        status: error ? Number(error.code) : 0,
        lines: `${stdout}${stderr}`.split('\n').filter(Boolean),
        ran: existsSync(called) ? readFileSync(called, 'utf8').split('\n').filter(Boolean) : [],
      });
    });
  });
}

describe('npm run deploy', () => {
  it.each([
    ['a host that begins with "-"', 'ssh://deploy@-oProxyCommand=sh%09-c%09id/var/www/npts', 'the host "-oProxyCommand=sh\\x09-c\\x09id" begins with "-", which ssh would take for an option'],
    ['a user that begins with "-"', 'ssh://-oProxyCommand=id@www.example.com/var/www/npts', 'the user "-oProxyCommand=id" begins with "-", which ssh would take for an option'],
    ['a user with a space', 'ssh://de%20ploy@www.example.com/var/www/npts', 'the user "de ploy" holds whitespace or a control character'],
    ['a host with a line break', 'ssh://deploy@www.example.com%0Aevil/var/www/npts', 'the host "www.example.com\\x0aevil" holds whitespace or a control character'],
    ['a host with a C1 control', 'ssh://deploy@www.example.com%C2%9B/var/www/npts', 'the host "www.example.com\\x9b" holds whitespace or a control character'],
  ])('refuses %s in one line, before the release gate, the build, ssh or rsync run', async (_, target, problem) => {
    for (const args of [[target], [target, '--allow-placeholders'], [target, '--rollback']]) {
      const run = await deploy(...args);
      expect(run.ran).toEqual([]);
      expect(run.lines).toEqual([`npm run deploy: ${problem}; nothing was run. Give ssh://USER@HOST[:PORT]/DIR with a login name and a host name or address.`]);
      expect(run.status).toBe(64);
    }
  });

  it('refuses --reload without a command, with its usage, before anything runs', async () => {
    for (const args of [['--reload'], ['--reload', ' ', '--allow-placeholders'], ['--rollback', '--reload', '']]) {
      const run = await deploy('ssh://deploy@www.example.com/var/www/npts', ...args);
      expect(run.ran).toEqual([]);
      expect(run.lines).toEqual(['Usage: npm run deploy -- ssh://USER@HOST[:PORT]/DIR [--allow-placeholders] [--url URL] [--reload CMD] | --rollback [--reload CMD]']);
      expect(run.status).toBe(64);
    }
  });
});
