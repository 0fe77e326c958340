#!/usr/bin/env node
// `npm run dev`: the API (tsx watch, restarts on change) and the Vite dev server (hot reload) together.
// The browser talks to Vite (http://localhost:5173 by default); Vite proxies /api, /auth, /documents and /dev
// to the API (PORT, default 8080). Ctrl-C stops both. DEV_WEB_PORT moves the Vite port.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.PORT ?? '8080';
const webPort = process.env.DEV_WEB_PORT ?? '5173';
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const children = [
  run('api', bin('tsx'), ['watch', '--clear-screen=false', 'apps/api/src/server.ts'], {
    PORT: apiPort,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  }),
  run(
    'web',
    bin('vite'),
    ['--port', webPort, '--strictPort'],
    { API_URL: `http://localhost:${apiPort}` },
    'apps/web',
  ),
];
console.log(`[dev] web on http://localhost:${webPort} (proxying the API on http://localhost:${apiPort})`);

function run(name, command, args, env, cwd = '.') {
  const child = spawn(command, args, {
    cwd: path.join(root, cwd),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (stream, out) => {
    let buffered = '';
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    console.log(`[${name}] exited (${signal ?? code})`);
    stop(code ?? 0);
  });
  return child;
}

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
