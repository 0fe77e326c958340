// Preloaded into the billing-run command by bench/billing-run.ts (ADR 320): counts the queries the process
// sends to PostgreSQL (node-postgres clients, BEGIN and COMMIT included) and prints the count on exit.
import pg from 'pg';

let queries = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(...args) {
  queries++;
  return query.apply(this, args);
};
process.on('exit', () => process.stderr.write(`queries ${queries}\n`));
