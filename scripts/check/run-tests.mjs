// `npm test`: every test. The checks, the contact endpoint's tests and the build the browser tests
// serve run side by side (the endpoint's tests mostly wait on PHP and on servers that answer
// late on purpose), then the W3C checker over that build's pages, then the browser tests, with
// their own report.
import { spawn } from 'node:child_process';
import { runParts } from './parts.mjs';

const passed = await runParts('check, endpoint tests and build', [
  [
    { name: 'npm run check', command: ['npm', 'run', 'check'] },
    { name: 'npm run test:mail', command: ['npm', 'run', 'test:mail'] },
    { name: 'npm run build:e2e', command: ['npm', 'run', 'build:e2e'] },
  ],
  [{ name: 'npm run check:html', command: ['npm', 'run', 'check:html'] }],
]);
if (!passed) process.exit(1);
console.log('');
const browsers = spawn('npx', ['playwright', 'test'], { stdio: 'inherit' });
browsers.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
