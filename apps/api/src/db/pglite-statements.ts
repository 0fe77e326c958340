import { type PGlite, parse, protocol } from '@electric-sql/pglite';

/**
 * The SQL texts of the queries built once by `prepared()` (db/prepared.ts). On PostgreSQL node-postgres
 * prepares them by name on each pooled connection; PGlite's `query` has no named statements, so it parsed,
 * analysed and planned each of them again on every call, in its WebAssembly engine (issue 15: the PATCH's
 * three statements took 2.8 ms there, about half of its time on PGlite). These texts run on PGlite as named
 * statements instead: parsed and described once per database, then bound and executed (ADR 338).
 */
export const statementTexts = new Set<string>();

type QueryOptions = Parameters<PGlite['query']>[2];
type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface Statement {
  name: string;
  /** The row description of the statement (none for a statement that returns no rows). */
  rowDescription: Message | undefined;
  /** The parameters' type ids, for PGlite's serializers (as `query` does with its own describe). */
  paramTypes: number[];
}

const join = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** An error as PGlite's `query` gives it: the statement, its values and options attached. */
const withQuery = (err: unknown, query: string, params: unknown[], options: QueryOptions) => {
  if (err && typeof err === 'object' && 'code' in err)
    Object.assign(err, { query, params, queryOptions: options });
  return err;
};

/**
 * Routes the client's queries whose text is in `statementTexts` (and that carry no COPY blob) to named
 * statements; any other query goes to `run` (the client's own `query`). Same locks, same results and errors:
 * a query outside a transaction takes the transaction and query locks as `query` does and syncs the files
 * after it. Queries inside a transaction (`client.transaction`) do not pass here and are unchanged.
 */
export function useNamedStatements(client: PGlite): void {
  const run = client.query.bind(client);
  const statements = new Map<string, Statement>();
  // PGlite merges the caller's parsers into its own on every call ({ ...client.parsers, ...options.parsers }):
  // with the parsers of every array type (about 320), that copy took 0.12 ms a query. Drizzle passes the same
  // parsers object on every call of a prepared query, so the merge is made once for each such object. (PGlite
  // fills client.parsers when it opens; `refreshArrayTypes` is not used here.)
  const merged = new WeakMap<object, Record<number, unknown>>();
  const parsersFor = (own: object | undefined) => {
    if (!own) return client.parsers;
    let all = merged.get(own);
    if (!all) {
      all = { ...client.parsers, ...own };
      merged.set(own, all);
    }
    return all;
  };

  const prepare = async (text: string): Promise<Statement> => {
    const name = `fc_${statements.size + 1}`;
    const messages = await client.execProtocolStream(
      join([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const params = messages.find((m) => m.name === 'parameterDescription') as
      | { dataTypeIDs: number[] }
      | undefined;
    const statement = {
      name,
      rowDescription: messages.find((m) => m.name === 'rowDescription'),
      paramTypes: params?.dataTypeIDs ?? [],
    };
    statements.set(text, statement);
    return statement;
  };

  const named = (text: string, params: unknown[], options: QueryOptions) =>
    client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        let messages: Message[];
        try {
          const statement = statements.get(text) ?? (await prepare(text));
          const values = params.map((value, i) => {
            if (value === null || value === undefined) return null;
            const type = statement.paramTypes[i] ?? 0;
            const serialize = options?.serializers?.[type] ?? client.serializers[type];
            return serialize ? serialize(value) : String(value);
          });
          messages = await client.execProtocolStream(
            join([
              protocol.serialize.bind({ statement: statement.name, values: values as string[] }),
              protocol.serialize.execute({}),
              protocol.serialize.sync(),
            ]),
            { syncToFs: false },
          );
          if (statement.rowDescription) messages = [statement.rowDescription, ...messages];
        } catch (err) {
          throw withQuery(err, text, params, options);
        }
        await client.syncToFs();
        const parsers = parsersFor(options?.parsers) as typeof client.parsers;
        return parse.parseResults(messages, parsers, options && { ...options, parsers: undefined })[0]!;
      }),
    );

  client.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
    if (!statementTexts.has(text) || options?.blob) return run(text, params, options);
    await client._checkReady();
    return named(text, params ?? [], options);
  }) as typeof client.query;
}
