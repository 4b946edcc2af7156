/**
 * Route validators: query strings, parameters and headers are coerced to their schema's types
 * (they arrive as text), bodies are not. With coercion a JSON body's `null` became 0, false or ""
 * before any check: `{"level": null}` took a member's access away, `{"mfa": null}` turned their
 * one-time codes off, `{"lock_workflow_events": null}` unlocked the workflow events — a client's
 * "unset" silently written as a decision. A body now says what it means or is refused with the
 * schema's words ('Invalid body: level must be integer'; docs/product/README.md#api-conventions).
 *
 * Every integer of every part is also bounded to what JavaScript holds exactly
 * (docs/product/README.md#messages-and-limits): `1e30` is an integer to Ajv, but no database takes
 * it as one (SQLite refused `OFFSET 1e30` with "datatype mismatch", a 500). A schema that names
 * its own bounds keeps them.
 */
import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type AjvOptions = NonNullable<NonNullable<FastifyServerOptions['ajv']>['customOptions']>;

/** The server's Ajv options for every part of a request but the body. */
export const COERCING_AJV_OPTIONS: AjvOptions = { removeAdditional: false, coerceTypes: true, useDefaults: true, allErrors: false };

/** Fastify's `schemaController`: Fastify's own compiler twice, with and without type coercion. */
export function bodyStrictSchemaController(): NonNullable<FastifyServerOptions['schemaController']> {
  const build = AjvCompiler();
  return {
    compilersFactory: {
      buildValidator: (externalSchemas, options) => {
        type CompilerOptions = Parameters<typeof build>[1];
        const withOptions = (customOptions: AjvOptions) => ({ ...(options as object), customOptions }) as CompilerOptions;
        const coercing = build(externalSchemas, withOptions({ ...COERCING_AJV_OPTIONS }));
        const exact = build(externalSchemas, withOptions({ ...COERCING_AJV_OPTIONS, coerceTypes: false }));
        return (route) => {
          const bounded = { ...route, schema: withSafeIntegers(route.schema) };
          return route.httpPart === 'body' ? exact(bounded) : coercing(bounded);
        };
      },
    },
  };
}

const BOUND = Number.MAX_SAFE_INTEGER;
/** Keywords whose value is data, not a schema: never rewritten. */
const DATA_KEYWORDS: ReadonlySet<string> = new Set(['enum', 'const', 'default', 'examples', 'required']);
/** Keywords whose value maps names to schemas (a property may be called `enum` or `default`). */
const SCHEMA_MAPS: ReadonlySet<string> = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas']);
const isIntegerSchema = (type: unknown) => type === 'integer' || (Array.isArray(type) && type.includes('integer'));

/**
 * A copy of `schema` whose integer schemas without a bound get ±`Number.MAX_SAFE_INTEGER`. Walks
 * every nested schema (properties, items, combinators); the route's own schema is left untouched.
 */
export function withSafeIntegers<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((item: unknown) => withSafeIntegers(item)) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DATA_KEYWORDS.has(key)) copy[key] = value;
    else if (SCHEMA_MAPS.has(key) && value !== null && typeof value === 'object')
      copy[key] = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, withSafeIntegers(inner)]));
    else copy[key] = withSafeIntegers(value);
  }
  if (isIntegerSchema(copy.type)) {
    if (copy.maximum === undefined && copy.exclusiveMaximum === undefined) copy.maximum = BOUND;
    if (copy.minimum === undefined && copy.exclusiveMinimum === undefined) copy.minimum = -BOUND;
  }
  return copy as T;
}
