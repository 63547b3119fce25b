import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './extra-server';

export type Sshd = {
  /** The user to log in as: the one running the tests. */
  user: string;
  port: number;
  /** An ssh command that logs in with the test's own key and trusts only this server: DEPLOY_SSH. */
  ssh: string;
  stop: () => Promise<void>;
};

/**
 * A real OpenSSH server on a free loopback port, with its own host key, a client key made for the
 * test, and a configuration of its own (nothing of the system's is read or changed). It runs as
 * the current user's server, which sshd allows only to root: CI runs as root.
 */
export async function startSshd(): Promise<Sshd> {
  const dir = mkdtempSync(join(tmpdir(), 'npts-sshd-'));
  for (const key of ['host_key', 'client_key']) execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, key)]);
  writeFileSync(join(dir, 'authorized_keys'), readFileSync(join(dir, 'client_key.pub')));
  chmodSync(join(dir, 'authorized_keys'), 0o600);
  // sshd's privilege separation needs this folder (the openssh-server package's service makes it).
  mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  const port = await freePort();
  const user = userInfo().username;
  writeFileSync(
    join(dir, 'sshd_config'),
    [`Port ${port}`, 'ListenAddress 127.0.0.1', `HostKey ${join(dir, 'host_key')}`, `PidFile ${join(dir, 'sshd.pid')}`, `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`, `AllowUsers ${user}`, 'PermitRootLogin prohibit-password', 'PasswordAuthentication no', 'KbdInteractiveAuthentication no', 'UsePAM no', 'StrictModes no', 'LogLevel ERROR'].join('\n') + '\n',
  );
  writeFileSync(
    join(dir, 'ssh_config'),
    ['Host *', `  IdentityFile ${join(dir, 'client_key')}`, '  IdentitiesOnly yes', `  UserKnownHostsFile ${join(dir, 'known_hosts')}`, '  StrictHostKeyChecking accept-new', '  BatchMode yes', '  LogLevel ERROR'].join('\n') + '\n',
  );
  // Its own process group: the server and the session processes it forks go together.
  const server = spawn('/usr/sbin/sshd', ['-D', '-e', '-f', join(dir, 'sshd_config')], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let log = '';
  server.stderr!.on('data', (chunk) => (log += chunk));
  const exited = once(server, 'exit');
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      process.kill(-server.pid!, 'SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let attempt = 0; ; attempt++) {
    if (server.exitCode !== null) throw new Error(`sshd exited with ${server.exitCode}: ${log}`);
    if (await accepts(port)) break;
    if (attempt === 100) {
      await stop();
      throw new Error(`sshd did not listen within 10 s: ${log}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return { user, port, ssh: `ssh -F ${join(dir, 'ssh_config')}`, stop };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection(port, '127.0.0.1', () => (socket.end(), done(true)));
    socket.on('error', () => done(false));
  });
}
