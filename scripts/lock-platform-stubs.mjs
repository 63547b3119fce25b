// The npm registry this project installs from does not serve some platform-specific optional
// packages (native binaries for macOS, Windows and others). `npm install` then leaves them out of
// package-lock.json, and `npm ci` refuses the lock as out of sync. This adds a lock entry for each
// missing optional package with its os/cpu, so `npm ci` sees a complete lock and skips them on
// platforms they are not for, without downloading anything. Run after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
const added = [];

for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key] || packages[`${path}/node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    packages[key] = { version: version.replace(/^[\^~]/, ''), ...platform, optional: true };
    added.push(name);
  }
}

lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `lock: added ${added.length} platform stubs: ${added.join(', ')}` : 'lock: complete');

function platformOf(name) {
  const os = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony', 'wasm32'].find((candidate) => name.includes(`-${candidate}`));
  const cpu = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x'].find((candidate) => new RegExp(`-${candidate}(-|$)`).test(name));
  if (!os || !cpu) return null;
  const libc = /-musl/.test(name) ? ['musl'] : /-gnu/.test(name) ? ['glibc'] : undefined;
  return { cpu: [cpu], os: [os], ...(libc ? { libc } : {}) };
}
