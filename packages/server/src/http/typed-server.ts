/**
 * One definition per route: the JSON Schema Fastify validates with is also the TypeScript type of
 * `request.query`, `request.params`, `request.body` and `request.headers` (json-schema-to-ts infers
 * it from the `as const` literal), so handlers read checked input without `as` casts.
 *
 * A route module starts with `const app = typedServer(server)` and declares its schemas as
 * `as const` object literals. Inference follows what Fastify's Ajv does to the input (build-app.ts:
 * `coerceTypes`, `useDefaults`, `removeAdditional: false`):
 *   - a property with a `default` is required in the type (Ajv fills it in);
 *   - `additionalProperties: false` gives an exact object; without it the type also has
 *     `[key: string]: unknown`;
 *   - `type: ['integer', 'null']` is `number | null`; `enum` over an `as const` tuple is a literal
 *     union; `integer` and `boolean` query parameters are already numbers and booleans.
 * At runtime `withTypeProvider` answers the same instance: nothing about routing changes.
 */
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';

export type TypedServer = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  JsonSchemaToTsProvider
>;

/** The same Fastify instance, whose routes infer their input types from their schemas. */
export function typedServer(app: FastifyInstance): TypedServer {
  return app.withTypeProvider<JsonSchemaToTsProvider>();
}

/** The checked value a schema describes, for helpers that receive `request.body` or `request.query`. */
export type Validated<Schema> = (JsonSchemaToTsProvider & { schema: Schema })['validator'];
