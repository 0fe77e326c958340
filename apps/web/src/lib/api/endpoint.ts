import type { z } from 'zod';
import { api, apiUpload, type RequestOptions } from './client.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The contract schemas of one operation (packages/contracts): query string, JSON body, 2xx answer. */
export interface Schemas {
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

/**
 * One API operation: method, path under /api with `:name` parameters, and its contract schemas. The schemas
 * are loaded on demand (`import()`), so a definition costs the browser nothing until a test or a check asks
 * for them: the web app types its calls by the contracts but does not parse answers at run time (ADR 141).
 */
export interface Endpoint<M extends Method = Method, P extends string = string, S extends Schemas = Schemas> {
  method: M;
  path: P;
  schemas: () => Promise<S>;
}

export const endpoint = <const M extends Method, const P extends string, S extends Schemas>(
  method: M,
  path: P,
  schemas: () => Promise<S>,
): Endpoint<M, P, S> => ({ method, path, schemas });

type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;

type SchemasOf<E> = E extends Endpoint<Method, string, infer S> ? S : never;
type PathOf<E> = E extends Endpoint<Method, infer P, Schemas> ? P : never;

/** What the API answers (2xx), as the contract types it. */
export type ResponseOf<E> = z.output<SchemasOf<E>['response']>;
/** The JSON body the contract accepts. */
export type BodyOf<E> = SchemasOf<E>['body'] extends z.ZodType ? z.input<SchemasOf<E>['body']> : never;
/** The query string the contract accepts (a filter the contract does not have does not compile). */
export type QueryOf<E> = SchemasOf<E>['query'] extends z.ZodType ? z.input<SchemasOf<E>['query']> : never;
export type ParamsOf<E> = Record<ParamNames<PathOf<E>>, string>;

type Part<K extends string, T> = [T] extends [never] ? { [k in K]?: never } : { [k in K]: T };
type OptionalPart<K extends string, T> = [T] extends [never] ? { [k in K]?: never } : { [k in K]?: T };

/** Call options: `params` when the path has any, `body` and `query` only as the contract allows. */
export type CallOptions<E> = ([ParamNames<PathOf<E>>] extends [never]
  ? { params?: never }
  : { params: ParamsOf<E> }) &
  Part<'body', BodyOf<E>> &
  OptionalPart<'query', QueryOf<E>> &
  Pick<RequestOptions, 'headers' | 'signal' | 'anonymous'>;

/** Fills `:name` parameters into the path, each URI-encoded. */
export function pathOf(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/**
 * Answers that broke their contract, found in development and tests (never in a production build). The web
 * tests fail on any (test/setup.ts), so a mock returning what the contract forbids fails its test.
 */
export const contractViolations: string[] = [];

async function checkAnswer(ep: Endpoint, answer: unknown) {
  const { response } = await ep.schemas();
  const result = response.safeParse(answer);
  if (!result.success)
    contractViolations.push(
      `${ep.method} ${ep.path} answered what its contract forbids: ${result.error.issues
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ')}`,
    );
}

/**
 * Calls one operation; the answer is typed by the contract. Production does not parse it (the API already
 * validates what it sends); development and tests check it against the contract (ADR 141).
 */
export async function call<E extends Endpoint>(
  ep: E,
  ...[options]: [ParamNames<PathOf<E>>, BodyOf<E>] extends [never, never]
    ? [options?: CallOptions<E>]
    : [options: CallOptions<E>]
): Promise<ResponseOf<E>> {
  const o = (options ?? {}) as CallOptions<Endpoint> & { params?: Record<string, string>; body?: unknown };
  const answer = await api<ResponseOf<E>>(pathOf(ep.path, o.params), {
    method: ep.method,
    body: o.body,
    query: o.query as RequestOptions['query'],
    headers: o.headers,
    signal: o.signal,
    anonymous: o.anonymous,
  });
  if (import.meta.env.DEV) await checkAnswer(ep, answer);
  return answer;
}

/**
 * Sends files to a multipart operation (the stage call of uploads) with upload progress; the answer is typed
 * and, in development and tests, checked by the contract as `call` does.
 */
export async function callUpload<E extends Endpoint>(
  ep: E,
  options: { params: ParamsOf<E>; form: FormData; onProgress: (loaded: number, total: number) => void },
): Promise<ResponseOf<E>> {
  const answer = await apiUpload<ResponseOf<E>>(
    pathOf(ep.path, options.params as Record<string, string>),
    options.form,
    options.onProgress,
  );
  if (import.meta.env.DEV) await checkAnswer(ep, answer);
  return answer;
}
