import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * Response schemas answered on the hot path (issue 15: the quote journey's PATCH and GET of a proposal). Their
 * answers are written by a fast-json-stringify function compiled once from the schema's JSON Schema: like the
 * zod check it writes only the contract's fields (an internal field of a stored quote never leaves), in a
 * fraction of the time. Outside production the zod check runs first as well, so a handler that breaks its
 * contract still fails every test with a 500 (ADR 270).
 */
const fastSchemas = new WeakSet<object>();

/** Marks a response schema (a zod object with no transforms) to be written by a compiled serialiser. */
export function serializeFast<T extends ZodType>(schema: T): T {
  fastSchemas.add(schema);
  return schema;
}

export function responseSerializerCompiler(options: { check: boolean }): FastifySerializerCompiler<ZodType> {
  return (route) => {
    const schema = route.schema as ZodType;
    if (!fastSchemas.has(schema)) return serializerCompiler(route as never);
    const write = fastJsonStringify(
      nullableInPlaceOfAnyOf(
        withoutDefaults(
          z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }),
        ),
      ) as never,
    );
    if (!options.check) return (data) => write(data);
    return (data) => {
      const checked = z.safeEncode(schema, data);
      if (checked.error)
        throw new ResponseSerializationError(route.method, route.url, { cause: checked.error as never });
      return write(data);
    };
  };
}

/** fast-json-stringify writes a missing property's `default`; the zod check never adds one: drop them. */
function withoutDefaults(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutDefaults);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => key !== 'default')
      .map(([key, value]) => [key, withoutDefaults(value)]),
  );
}

/**
 * zod writes `.nullable()` as `anyOf: [X, {type: 'null'}]`, and fast-json-stringify picks an anyOf branch by
 * validating the value against each branch with ajv: the whole stored quote, on every answer (most of the
 * serialiser's time, issue 15). `{...X, nullable: true}` writes the same JSON with a null check instead.
 */
function nullableInPlaceOfAnyOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableInPlaceOfAnyOf);
  if (schema === null || typeof schema !== 'object') return schema;
  const entries = Object.entries(schema).map(([key, value]) => [key, nullableInPlaceOfAnyOf(value)] as const);
  const node = Object.fromEntries(entries) as Record<string, unknown>;
  const anyOf = node.anyOf;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return node;
  const isNull = (s: unknown) => (s as { type?: unknown } | null)?.type === 'null';
  const other = anyOf.find((s) => !isNull(s)) as Record<string, unknown> | undefined;
  if (!other || !anyOf.some(isNull) || typeof other.type !== 'string') return node;
  const { anyOf: _, ...rest } = node;
  return { ...rest, ...other, nullable: true };
}
