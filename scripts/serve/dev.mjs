// `npm run dev`: the live preview. Next's dev server (a saved edit shows at once) and the contact
// endpoint (PHP's built-in server running the working copy's mail/) together, so the form works
// and its messages land where `npm start` puts them (php mail/admin.php list shows them).
//   npm run dev   → http://localhost:3000 (PORT=… for another, PORT=0 for any free one; Ctrl+C stops both)
import { spawn, spawnSync } from 'node:child_process';
import { describeStore, mailEnvironment, php, requirePhp } from './local-php.mjs';

const port = process.env.PORT ?? '3000';
requirePhp();
// A preview is for trying the form again and again: no rate limit, unless one is asked for.
const mail = { MAIL_RATE_LIMIT: '0', ...mailEnvironment(), ...(process.env.MAIL_RATE_LIMIT && { MAIL_RATE_LIMIT: process.env.MAIL_RATE_LIMIT }) };

const children = [];
function start(file, args, env) {
  const child = spawn(file, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.push(child);
  // When one goes, both go: a preview without its endpoint would mislead.
  child.on('exit', (code) => stop(code ?? 1));
  return child;
}
let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));

// The people's photos, made small as the build makes them (a photo added later: restart the preview).
if (spawnSync(process.execPath, ['scripts/build/people-photos.mjs'], { stdio: 'inherit' }).status !== 0) process.exit(1);

// PHP on a loopback port of the system's choosing (started as root, as www-data); it names the
// port in its first line.
const [phpCommand, ...phpArgs] = php(['-S', '127.0.0.1:0', '-t', '.', 'scripts/serve/dev-router.php']);
const endpoint = start(phpCommand, phpArgs, mail);
const phpOrigin = await new Promise((resolve) => {
  let log = '';
  endpoint.stderr.on('data', (chunk) => {
    log += chunk;
    const origin = log.match(/Development Server \((http:\/\/127\.0\.0\.1:\d+)\) started/)?.[1];
    if (origin) resolve(origin);
    // The endpoint's own errors (a message that could not be stored) belong in this terminal.
    for (const line of String(chunk).split('\n')) if (/contact endpoint|mail:|PHP (Fatal|Warning)/.test(line)) console.error(line);
  });
});

console.log(`Preview at ${port === '0' ? 'the address Next names below' : `http://localhost:${port}`} (Ctrl+C stops). ${describeStore(mail)}`);
const next = start('npx', ['next', 'dev', '--port', port], { NPTS_MAIL_ORIGIN: phpOrigin, NEXT_TELEMETRY_DISABLED: '1' });
next.stdout.pipe(process.stdout);
next.stderr.pipe(process.stderr);
