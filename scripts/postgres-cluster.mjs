// A throwaway PostgreSQL cluster: initdb into a temporary folder, pg_ctl start on a free port, and a stop that
// removes it. Used by with-postgres.mjs (tests) and the load benches (bench/).
// As root (CI), the cluster runs as the `postgres` user, since PostgreSQL refuses to run as root.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function findBin(name) {
  const which = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    for (const v of readdirSync(root).sort().reverse()) {
      const p = path.join(root, v, 'bin', name);
      if (existsSync(p)) return p;
    }
  }
  throw new Error(
    `${name} not found: install PostgreSQL (apt-get install -y postgresql) or set DATABASE_URL`,
  );
}

/** Whether initdb and pg_ctl can be found on this machine. */
export function postgresAvailable() {
  try {
    findBin('initdb');
    findBin('pg_ctl');
    return true;
  } catch {
    return false;
  }
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/** Starts a throwaway cluster (fsync off, 200 connections); returns its TCP and Unix socket URLs and a stop that removes it. */
export async function startCluster() {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'forecourt-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const wrap = (bin, argv) => (asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...argv]] : [bin, argv]);
  const initdb = findBin('initdb');
  const pgCtl = findBin('pg_ctl');
  const exec = (bin, argv) => {
    const [c, a] = wrap(bin, argv);
    execFileSync(c, a, { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  const stop = () => {
    try {
      exec(pgCtl, ['-D', data, '-m', 'immediate', 'stop']);
    } catch {}
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    exec(initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    exec(pgCtl, [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      '-w',
      'start',
    ]);
  } catch (err) {
    stop();
    throw err;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // The same cluster over its Unix socket (in its own folder): no TCP loopback in the kernel's path.
    socketUrl: `postgres://postgres@/postgres?host=${encodeURIComponent(dir)}&port=${port}`,
    stop,
  };
}
