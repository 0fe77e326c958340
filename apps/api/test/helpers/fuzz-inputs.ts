/**
 * Bad inputs generated from the API's contracts (the OpenAPI document built from the zod schemas), shared by
 * apps/api/test/fuzz.test.ts (a fixed, bounded set for CI) and bench/fuzz-long.ts (random combinations for
 * longer runs). Every case is an HTTP request; the only rule checked is that none is answered with a 5xx.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  minLength?: number;
  pattern?: string;
  additionalProperties?: boolean | JsonSchema;
}

export interface Operation {
  method: string;
  /** Fastify style: /api/proposals/:code */
  path: string;
  params: string[];
  query: Record<string, JsonSchema>;
  body?: JsonSchema;
}

export interface FuzzCase {
  label: string;
  method: string;
  url: string;
  /** Raw body text (so that keys such as __proto__ and lone surrogates reach the parser as written). */
  payload?: string;
  contentType?: string;
}

type OpenApiDoc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema?: JsonSchema }[];
        requestBody?: { content: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

/** Every operation of the document with its path, query and body schemas. */
export function operations(doc: OpenApiDoc): Operation[] {
  const out: Operation[] = [];
  for (const [p, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = (op.parameters ?? []).filter((x) => x.in === 'path').map((x) => x.name);
      const query = Object.fromEntries(
        (op.parameters ?? []).filter((x) => x.in === 'query').map((x) => [x.name, x.schema ?? {}]),
      );
      const body = op.requestBody?.content['application/json']?.schema;
      out.push({
        method: method.toUpperCase(),
        path: p.replace(/\{(\w+)\}/g, ':$1'),
        params,
        query,
        ...(body ? { body } : {}),
      });
    }
  }
  return out;
}

const typeOf = (s: JsonSchema): string | undefined =>
  Array.isArray(s.type)
    ? s.type.find((t) => t !== 'null')
    : (s.type ?? (s.properties ? 'object' : undefined));

/** A plausible valid value for a schema, so that a mutation of one field reaches past the others. */
export function sample(s: JsonSchema, depth = 0): unknown {
  if (depth > 6) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alt?.length) return sample(alt[0]!, depth + 1);
  switch (typeOf(s)) {
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]),
      );
    case 'array':
      return s.items ? [sample(s.items, depth + 1)] : [];
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'string':
      if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (s.format === 'date') return '2026-01-01';
      if (s.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (s.format === 'email') return 'fuzz@example.com';
      if (s.format === 'uri') return 'http://localhost/x';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    default:
      return 'x';
  }
}

const deepArray = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

/** Bad values for one JSON field, as raw JSON text. */
export const BAD_JSON_VALUES: [string, string][] = [
  ['NUL byte', JSON.stringify('a\u0000b')],
  ['lone high surrogate', '"\\ud800"'],
  ['lone low surrogate', '"x\\udfffy"'],
  ['huge string', JSON.stringify('x'.repeat(200_000))],
  ['number', '12345678901234567890'],
  ['negative float', '-1.5e308'],
  ['boolean', 'true'],
  ['null', 'null'],
  ['array', '["a", 1, null]'],
  ['object', '{"a": 1}'],
  ['deep array', deepArray(3000)],
  ['deep object', deepObject(3000)],
  ['__proto__ object', '{"__proto__": {"polluted": true}}'],
  ['constructor object', '{"constructor": {"prototype": {"polluted": true}}}'],
];

/** Bad values for a path segment or query value, already percent-encoded where they must be. */
export const BAD_URL_VALUES: [string, string][] = [
  ['NUL byte', 'a%00b'],
  ['lone surrogate (CESU-8)', '%ED%A0%80'],
  ['invalid UTF-8', '%C3%28'],
  ['bad escape', '%E0%A4%A'],
  ['huge', 'x'.repeat(5000)],
  ['__proto__', '__proto__'],
  ['dot segments', '..%2F..%2Fetc%2Fpasswd'],
  ['empty', ''],
  ['unicode', encodeURIComponent('ẞ\u202e😀')],
];

/** Fills the path of an operation; `fill` gives a realistic value for each named parameter. */
export function urlOf(op: Operation, fill: (name: string) => string, query = ''): string {
  const path = op.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(fill(name)));
  return query ? `${path}?${query}` : path;
}

function validQuery(op: Operation): URLSearchParams {
  const q = new URLSearchParams();
  for (const [name, s] of Object.entries(op.query)) {
    const v = sample(s);
    if (v !== null && typeof v !== 'object') q.set(name, String(v));
  }
  return q;
}

/** The fixed set of bad requests for one operation (bounded: about 14 per body field and 9 per parameter). */
export function* badRequests(op: Operation, fill: (name: string) => string): Generator<FuzzCase> {
  const json = 'application/json';
  const base = op.body ? (sample(op.body) as Record<string, unknown>) : undefined;
  const url = urlOf(op, fill, validQuery(op).toString());
  if (op.body && base && typeof base === 'object') {
    const fields = Object.keys(base);
    for (const [label, raw] of [
      ...BAD_JSON_VALUES,
      ['empty object', '{}'],
      ['truncated JSON', '{"a": '],
      ['not JSON', 'hello'],
      ['top-level __proto__', `{"__proto__": {"admin": true}, ${JSON.stringify(base).slice(1)}`],
    ] as [string, string][]) {
      yield { label: `body: ${label}`, method: op.method, url, payload: raw, contentType: json };
    }
    for (const field of fields) {
      // Missing this field, then each bad value in its place.
      const { [field]: _dropped, ...rest } = base;
      yield {
        label: `body.${field}: missing`,
        method: op.method,
        url,
        payload: JSON.stringify(rest),
        contentType: json,
      };
      for (const [label, raw] of BAD_JSON_VALUES) {
        const others = JSON.stringify(rest).slice(1, -1);
        const payload = `{${others}${others ? ',' : ''}${JSON.stringify(field)}:${raw}}`;
        yield { label: `body.${field}: ${label}`, method: op.method, url, payload, contentType: json };
      }
    }
    yield {
      label: 'body: wrong content type',
      method: op.method,
      url,
      payload: 'a=%00',
      contentType: 'application/x-www-form-urlencoded',
    };
  }
  for (const param of op.params) {
    for (const [label, raw] of BAD_URL_VALUES) {
      const path = op.path.replace(/:(\w+)/g, (_, name: string) =>
        name === param ? raw : encodeURIComponent(fill(name)),
      );
      yield {
        label: `path.${param}: ${label}`,
        method: op.method,
        url: path,
        ...(base ? { payload: JSON.stringify(base), contentType: json } : {}),
      };
    }
  }
  const queryNames = Object.keys(op.query);
  for (const name of queryNames) {
    for (const [label, raw] of [...BAD_URL_VALUES, ['repeated', `a&${name}=b`]] as [string, string][]) {
      const q = validQuery(op);
      q.delete(name);
      const rest = q.toString();
      yield {
        label: `query.${name}: ${label}`,
        method: op.method,
        url: `${urlOf(op, fill)}?${rest}${rest ? '&' : ''}${name}=${raw}`,
        ...(base ? { payload: JSON.stringify(base), contentType: json } : {}),
      };
    }
  }
  if (queryNames.length) {
    yield {
      label: 'query: __proto__ keys',
      method: op.method,
      url: `${urlOf(op, fill)}?__proto__[admin]=1&constructor[prototype][admin]=1&${validQuery(op)}`,
      ...(base ? { payload: JSON.stringify(base), contentType: json } : {}),
    };
  }
}

/** Outside the OpenAPI document: the token endpoint and the sign-in pages take form bodies. */
export function* badFormRequests(): Generator<FuzzCase> {
  const form = 'application/x-www-form-urlencoded';
  for (const [label, raw] of BAD_URL_VALUES) {
    for (const field of [
      'grant_type',
      'code',
      'refresh_token',
      'client_id',
      'redirect_uri',
      'code_verifier',
    ]) {
      const fields = {
        grant_type: 'authorization_code',
        code: 'x',
        client_id: 'forecourt-web',
        redirect_uri: 'http://localhost/callback',
        code_verifier: 'x'.repeat(43),
      } as Record<string, string>;
      delete fields[field];
      const payload = `${new URLSearchParams(fields)}&${field}=${raw}`;
      yield {
        label: `/auth/token ${field}: ${label}`,
        method: 'POST',
        url: '/auth/token',
        payload,
        contentType: form,
      };
    }
  }
}

/** A small seeded random generator (mulberry32), so a long run can be replayed from its seed. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random bad request: several fields of a valid body and its parameters spoiled at once. */
export function randomBadRequest(op: Operation, fill: (name: string) => string, rnd: () => number): FuzzCase {
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const json = 'application/json';
  const base = op.body ? (sample(op.body) as Record<string, unknown>) : undefined;
  const parts: string[] = [];
  let payload: string | undefined;
  if (base && typeof base === 'object') {
    const entries = Object.entries(base).map(([k, v]) => {
      if (rnd() < 0.4) {
        const [label, raw] = pick(BAD_JSON_VALUES);
        parts.push(`body.${k}: ${label}`);
        return `${JSON.stringify(k)}:${raw}`;
      }
      if (rnd() < 0.1) {
        parts.push(`body.${k}: missing`);
        return '';
      }
      return `${JSON.stringify(k)}:${JSON.stringify(v)}`;
    });
    if (rnd() < 0.2) {
      const [label, raw] = pick(BAD_JSON_VALUES);
      parts.push(`body extra key: ${label}`);
      entries.push(`${JSON.stringify(pick(['__proto__', 'constructor', 'x\u0000', '\ud800']))}:${raw}`);
    }
    payload = `{${entries.filter(Boolean).join(',')}}`;
  }
  const path = op.path.replace(/:(\w+)/g, (_, name: string) => {
    if (rnd() < 0.5) {
      const [label, raw] = pick(BAD_URL_VALUES);
      parts.push(`path.${name}: ${label}`);
      return raw;
    }
    return encodeURIComponent(fill(name));
  });
  const q = validQuery(op);
  const query = [...q].map(([k, v]) => {
    if (rnd() < 0.4) {
      const [label, raw] = pick(BAD_URL_VALUES);
      parts.push(`query.${k}: ${label}`);
      return `${k}=${raw}`;
    }
    return `${k}=${encodeURIComponent(v)}`;
  });
  return {
    label: parts.join('; ') || 'valid',
    method: op.method,
    url: query.length ? `${path}?${query.join('&')}` : path,
    ...(payload !== undefined ? { payload, contentType: json } : {}),
  };
}
