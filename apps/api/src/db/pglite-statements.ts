import { type PGlite, parse, protocol, messages as wire } from '@electric-sql/pglite';
import { oncePer } from '../lib/once-per.ts';

/**
 * Named statements for PGlite (ADR 338). PGlite's `query` has none: for every call it sends parse, describe,
 * bind, describe, execute and sync to its WebAssembly PostgreSQL one at a time, so each statement is parsed,
 * analysed and planned again, and it copies its ~320 type parsers to merge the caller's (0.12 ms a call). On
 * the PATCH of a proposal the three statements took 2.8 ms; the proposal read of a GET took 1.7 ms more than as
 * a named statement (issue 15).
 *
 * Here each statement text (with its parameter types) is parsed and described once and kept as a named
 * statement, the most recently used MAX_STATEMENTS of them (the app's texts are fixed: Drizzle and pg-boss put
 * values in parameters). A call then sends bind, execute and sync in one message and answers with PGlite's own
 * result parser, parsers and serializers. Same locks, results and errors as PGlite's `query`:
 * - outside a transaction it takes the transaction and query locks and syncs the files afterwards (unless told
 *   that the file system has nothing to sync: `syncToFs: false`);
 * - inside `client.transaction` (Drizzle's transactions) the transaction's `query` takes the query lock only;
 * - an error carries the statement, values and options;
 * - COPY (with or without a blob) goes to PGlite's own path.
 * A statement the database no longer has, or whose result columns a later DDL changed, is dropped and, outside a
 * transaction, prepared again once (those errors come at bind, before anything runs).
 */
export const MAX_STATEMENTS = 256;

type QueryOptions = Parameters<PGlite['query']>[2];
type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type Transaction = Parameters<Parameters<PGlite['transaction']>[0]>[0];

interface Statement {
  name: string;
  /** The row description of the statement (none for a statement that returns no rows). */
  rowDescription: Message | undefined;
  /** The parameters' type ids, for PGlite's serializers (as `query` does with its own describe). */
  paramTypes: number[];
}

const join = (parts: Uint8Array[]) => {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** Execute (the unnamed portal, every row) and Sync, as PGlite's serializer writes them. */
const EXECUTE_SYNC = Uint8Array.of(0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0x53, 0, 0, 0, 4);

/**
 * Bind (text parameters, text results), Execute and Sync in one buffer: the same messages as PGlite's
 * `serialize.bind`, `execute` and `sync` joined (all parameters in text format, said once rather than per
 * parameter), built with Node's own UTF-8 encoding. PGlite's serializer counts each string's UTF-8 length in
 * JavaScript and grows its buffer as it writes: about 30 µs for a section save's 6.5 KB of parameters,
 * against 4 µs here (issue 29, ADR 371).
 */
export function bindExecuteSync(statement: string, values: (string | null)[]): Uint8Array {
  const encoded = values.map((v) => (v === null ? null : Buffer.from(v, 'utf8')));
  const name = Buffer.from(statement, 'utf8');
  // Length (4), portal "" (1), the statement's name and its NUL, no format codes (2), the count (2), each
  // value's length (4) and bytes, no result format codes (2).
  let length = 4 + 1 + name.length + 1 + 2 + 2 + 2;
  for (const e of encoded) length += 4 + (e ? e.length : 0);
  const out = Buffer.allocUnsafe(1 + length + EXECUTE_SYNC.length);
  let at = out.writeUInt8(0x42, 0);
  at = out.writeInt32BE(length, at);
  at = out.writeUInt8(0, at);
  at += name.copy(out, at);
  at = out.writeUInt8(0, at);
  at = out.writeInt16BE(0, at);
  at = out.writeUInt16BE(encoded.length, at);
  for (const e of encoded) {
    at = out.writeInt32BE(e ? e.length : -1, at);
    if (e) at += e.copy(out, at);
  }
  at = out.writeInt16BE(0, at);
  out.set(EXECUTE_SYNC, at);
  return out;
}

/** An error as PGlite's `query` gives it: a database error with the statement, its values and options. */
const withQuery = (err: unknown, query: string, params: unknown[], options: QueryOptions) => {
  if (err instanceof wire.DatabaseError) Object.assign(err, { query, params, queryOptions: options });
  return err;
};

/** The named statement is gone (26000), or a DDL changed its result columns (0A000). */
const stale = (err: unknown) =>
  err instanceof wire.DatabaseError && (err.code === '26000' || err.code === '0A000');

/** COPY moves data outside the answer (PGlite's blob): left to PGlite's own path. */
const isCopy = (text: string) => /^\s*copy\b/i.test(text);

export function useNamedStatements(
  client: PGlite,
  {
    maxStatements = MAX_STATEMENTS,
    /**
     * Whether a statement outside a transaction syncs PGlite's files afterwards, as PGlite's `query` does. Only
     * its IndexedDB file system has anything to sync; on Node (a data directory, or memory) files are written
     * through and `syncToFs` is a no-op behind a lock, about 3 µs of each statement (issue 29).
     */
    syncToFs = true,
  } = {},
): void {
  if (!(maxStatements >= 1)) throw new RangeError('maxStatements must be at least 1');
  const run = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  // Least recently used first (a Map keeps insertion order; a statement used is moved to the end).
  const statements = new Map<string, Statement>();
  let made = 0;

  // The caller's parsers over PGlite's, without copying PGlite's: looked up through the prototype. Made once
  // per parsers object (a prepared Drizzle query passes the same one with every statement), as are the options
  // without them.
  const mergedParsers = oncePer(
    (own: object) => Object.assign(Object.create(client.parsers), own) as typeof client.parsers,
  );
  const parsersWith = (own: object | undefined) => (own ? mergedParsers(own) : client.parsers);
  const withoutParsers = oncePer((options: object): QueryOptions => ({ ...options, parsers: undefined }));
  const optionsWithoutParsers = (options: QueryOptions) => options && withoutParsers(options);
  const stream = (messages: Uint8Array[], options: QueryOptions) =>
    client.execProtocolStream(join(messages), {
      syncToFs: false,
      ...(options?.onNotice ? { onNotice: options.onNotice } : {}),
    });

  /** Drops a named statement from the database (evicted, or stale). */
  const close = (statement: Statement, options: QueryOptions) =>
    stream(
      [protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()],
      options,
    );

  const keyOf = (text: string, options: QueryOptions) => {
    const types = options?.paramTypes;
    return types?.length ? `${text}\0${types.join(',')}` : text;
  };

  const statementFor = async (text: string, options: QueryOptions): Promise<Statement> => {
    const types = options?.paramTypes;
    const key = keyOf(text, options);
    const known = statements.get(key);
    if (known) {
      statements.delete(key);
      statements.set(key, known);
      return known;
    }
    if (statements.size >= maxStatements) {
      const [oldest, dropped] = statements.entries().next().value as [string, Statement];
      statements.delete(oldest);
      await close(dropped, options);
    }
    const name = `fc_${++made}`;
    const messages = await stream(
      [
        protocol.serialize.parse({ name, text, ...(types ? { types } : {}) }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ],
      options,
    );
    const params = messages.find((m) => m.name === 'parameterDescription') as
      | { dataTypeIDs: number[] }
      | undefined;
    const statement = {
      name,
      rowDescription: messages.find((m) => m.name === 'rowDescription'),
      paramTypes: params?.dataTypeIDs ?? [],
    };
    statements.set(key, statement);
    return statement;
  };

  /** Runs the statement and returns the database's messages; the caller holds the locks. */
  const execute = async (text: string, params: unknown[], options: QueryOptions) => {
    try {
      const statement = await statementFor(text, options);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = statement.paramTypes[i] ?? 0;
        const serialize = options?.serializers?.[type] ?? client.serializers[type];
        return serialize ? serialize(value) : String(value);
      });
      const messages = await stream(
        values.every((v) => v === null || typeof v === 'string')
          ? [bindExecuteSync(statement.name, values as (string | null)[])]
          : [
              protocol.serialize.bind({ statement: statement.name, values: values as string[] }),
              protocol.serialize.execute({}),
              protocol.serialize.sync(),
            ],
        options,
      );
      return statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    } catch (err) {
      if (stale(err)) {
        const key = keyOf(text, options);
        const dropped = statements.get(key);
        statements.delete(key);
        if (dropped) await close(dropped, options);
      }
      throw withQuery(err, text, params, options);
    }
  };

  const resultOf = (messages: Message[], options: QueryOptions) =>
    parse.parseResults(messages, parsersWith(options?.parsers), optionsWithoutParsers(options))[0]!;

  client.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
    if (options?.blob || isCopy(text)) return run(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        let messages: Message[];
        try {
          messages = await execute(text, params ?? [], options);
        } catch (err) {
          // Dropped above; prepared afresh once. Nothing ran: these errors come at bind.
          if (!stale(err)) throw err;
          messages = await execute(text, params ?? [], options);
        }
        if (syncToFs) await client.syncToFs();
        return resultOf(messages, options);
      }),
    );
  }) as typeof client.query;

  client.transaction = ((work: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      // The transaction's own object, with its query through the named statements (its `closed`, exec,
      // rollback and listen are PGlite's).
      const named = Object.create(tx) as Transaction;
      named.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
        if (tx.closed) throw new Error('Transaction is closed');
        if (options?.blob || isCopy(text)) return tx.query(text, params, options);
        return client._runExclusiveQuery(async () =>
          resultOf(await execute(text, params ?? [], options), options),
        );
      }) as Transaction['query'];
      return work(named);
    })) as typeof client.transaction;
}
