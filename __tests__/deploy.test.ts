/** @jest-environment node */
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

jest.setTimeout(30_000);

const repo = resolve(__dirname, '..');
/** Where the phone number waits as a placeholder, as the release gate names it. */
const phoneLine = readFileSync(join(repo, 'content/company.yaml'), 'utf8').split('\n').findIndex((line) => line.startsWith('phone: !placeholder')) + 1;
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
      expect(run.lines).toEqual(['Usage: npm run deploy -- ssh://USER@HOST[:PORT]/DIR [--allow-placeholders] [--prebuilt BUILD] [--url URL] [--reload CMD] | --rollback [--reload CMD]']);
      expect(run.status).toBe(64);
    }
  });

  // The release gate reads the sources and their placeholders itself; only once they pass does it
  // run npm run check -- --release (a tripwire here) and build.
  it('refuses while placeholders remain, naming them, before the build, ssh or rsync run', async () => {
    const run = await deploy('ssh://deploy@www.example.com/var/www/npts');
    expect(run.lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] 1\/7 release gate: FAILED: \d+ problems; nothing was changed on the host:$/);
    expect(run.lines).toContain(`content/company.yaml:${phoneLine}: phone is still a placeholder: write the real value and delete “!placeholder” before it`);
    expect(run.ran).toEqual([]);
    expect(run.status).toBe(1);
  });

  describe('--prebuilt BUILD', () => {
    let builds: string;
    beforeAll(() => (builds = mkdtempSync(join(tmpdir(), 'npts-prebuilt-'))));
    afterAll(() => rmSync(builds, { recursive: true, force: true }));

    /** A folder as npm run build leaves it, but with no record of its build. */
    function unrecordedBuild(name: string): string {
      const dir = join(builds, name);
      mkdirSync(dir);
      writeFileSync(join(dir, 'index.html'), '<!DOCTYPE html><title>NPTS</title>');
      writeFileSync(join(dir, '.htaccess'), '');
      return dir;
    }

    /** A folder as npm run build leaves it, recorded as built from the sources in `root` with `env`'s settings. */
    function prebuilt(name: string, root: string, env: Record<string, string> = {}): string {
      const dir = unrecordedBuild(name);
      const script = "import { recordBuild } from './scripts/build/build-record.mjs'; recordBuild(process.argv[1], { root: process.argv[2], env: JSON.parse(process.argv[3]) });";
      execFileSync(process.execPath, ['--input-type=module', '-e', script, dir, root, JSON.stringify(env)], { cwd: repo });
      return dir;
    }

    it('holds a build of these sources to the same gate: its placeholders refused, nothing built or uploaded', async () => {
      const build = prebuilt('placeholders', repo);
      const run = await deploy('ssh://deploy@www.example.com/var/www/npts', '--prebuilt', build);
      expect(run.lines[0]).toMatch(new RegExp(`1/7 release gate: FAILED: \\d+ problems with ${build}/; nothing was changed on the host:$`));
      expect(run.lines).toContain(`content/company.yaml:${phoneLine}: phone is still a placeholder: write the real value and delete “!placeholder” before it`);
      expect(run.lines.filter((line) => line.startsWith(build))).toEqual([]);
      expect(run.ran).toEqual([]);
      expect(run.status).toBe(1);
    });

    it('refuses a build for the tests, one changed since it was built, and one of other sources, naming each', async () => {
      const other = join(builds, 'other-sources');
      mkdirSync(other);
      writeFileSync(join(other, 'page.tsx'), 'export default function Page() {}\n');
      execFileSync('git', ['init', '-q', other]);
      const build = prebuilt('fixture', other, { NPTS_REFERENCES_FIXTURE: '1' });
      writeFileSync(join(build, 'index.html'), '<!DOCTYPE html><title>NPTS, edited</title>');
      const run = await deploy('ssh://deploy@www.example.com/var/www/npts', '--prebuilt', build, '--url', 'https://www.example.com');
      expect(run.lines).toContain(`${build} has changed since it was built: index.html`);
      expect(run.lines.find((line) => line.startsWith(`${build} was built from other sources than this working copy's (`))).toMatch(/ and \d+ more\): check out what it was built from, or build here$/);
      expect(run.lines.find((line) => line.includes('NPTS_REFERENCES_FIXTURE'))).toMatch(/^lib\/load-content\.ts:1: NPTS_REFERENCES_FIXTURE is set: a build would show the test entries/);
      expect(run.ran).toEqual([]);
      expect(run.status).toBe(1);
    });

    it('refuses a folder that holds no record of its build at once', async () => {
      const build = unrecordedBuild('unrecorded');
      const run = await deploy('ssh://deploy@www.example.com/var/www/npts', '--prebuilt', build);
      expect(run.lines).toEqual([expect.stringMatching(new RegExp(`1/7 release gate: FAILED: ${build} holds no \\.build\\.json: it is not a build npm run build made .*; nothing was changed on the host$`))]);
      expect(run.ran).toEqual([]);
    });
  });
});
