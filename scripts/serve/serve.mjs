// `npm start`: builds when the export is missing or older than its sources, then serves out/ at
// http://localhost:3000 with PHP's built-in server and scripts/serve/router.php (the .htaccess
// rules), so the contact form's mail/send.php works as on the host.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { builtWithCurrentEnv } from '../build/build-record.mjs';
import { describeStore, mailEnvironment, php, requirePhp } from './local-php.mjs';

const port = Number(process.env.PORT ?? 3000);
const sources = ['app', 'components', 'lib', 'public', 'mail', 'next.config.mjs', 'package-lock.json'];

requirePhp();

if (needsBuild()) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The endpoint under out/ (which every build replaces, and which never holds a configuration)
// uses the working copy's mail configuration and store; started as root, it runs as www-data.
Object.assign(process.env, mailEnvironment());
console.log(`Serving out/ at http://localhost:${port}  (Ctrl+C stops)`);
console.log(describeStore(process.env));
const [command, ...args] = php(['-S', `localhost:${port}`, '-t', 'out', 'scripts/serve/router.php']);
const server = spawn(command, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill('SIGTERM'));
server.on('exit', (code) => process.exit(code ?? 0));

function needsBuild() {
  const built = 'out/index.html';
  if (!existsSync(built) || !builtWithCurrentEnv()) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((source) => newestIn(source) > builtAt);
}

function newestIn(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestIn(join(path, name))));
}
