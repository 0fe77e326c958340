#!/usr/bin/env node
// Runs a command against a real PostgreSQL. With DATABASE_URL set it is used as is; otherwise a throwaway
// cluster is made with initdb and started with pg_ctl on a free port, and removed afterwards
// (scripts/postgres-cluster.mjs).
import { spawnSync } from 'node:child_process';
import { startCluster } from './postgres-cluster.mjs';

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error('usage: with-postgres.mjs <command> [args...]');
  process.exit(2);
}

function run(command, argv, env = process.env) {
  const res = spawnSync(command, argv, { stdio: 'inherit', env });
  return res.status ?? 1;
}

if (process.env.DATABASE_URL) process.exit(run(cmd, args));

let status = 1;
const cluster = await startCluster();
try {
  console.log(`PostgreSQL cluster on ${cluster.url}`);
  status = run(cmd, args, { ...process.env, DATABASE_URL: cluster.url });
} finally {
  cluster.stop();
}
process.exit(status);
