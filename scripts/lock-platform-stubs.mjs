#!/usr/bin/env node
// The npm registry reachable here lacks some platform-only optional packages (for example
// @biomejs/cli-win32-x64, @rollup/rollup-darwin-arm64), so `npm install` cannot record them in
// package-lock.json, and npm 11's `npm ci` then refuses the lock as out of sync. This adds an entry for
// each missing optional platform package, with its os/cpu/libc taken from its name, so every npm skips
// it on a machine it does not fit, exactly as it would with the full entry. Run after `npm install`.
// See docs/decisions/007-lockfile-platform-stubs.md.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'riscv64', 's390x', 'ppc64', 'loong64', 'mips64el'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu =
    parts.find((p) => CPU.includes(p)) ??
    (parts.includes('eabi') || parts.includes('gnueabihf') || parts.includes('musleabihf')
      ? 'arm'
      : undefined);
  if (!os || !cpu) return undefined;
  const libc =
    parts.includes('musl') || parts.includes('musleabihf')
      ? 'musl'
      : os === 'linux' && (parts.includes('gnu') || parts.includes('gnueabihf'))
        ? 'glibc'
        : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

function resolves(fromPath, name) {
  let base = fromPath;
  for (;;) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    const i = base.lastIndexOf('/node_modules/');
    if (i >= 0) base = base.slice(0, i);
    else if (base) base = '';
    else return false;
  }
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(path, name)) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    const rootKey = `node_modules/${name}`;
    const key = packages[rootKey] ? `${path}/node_modules/${name}` : rootKey;
    packages[key] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
lock.packages = sorted;
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-platform-stubs: added ${added} platform entries`);
