/**
 * Route validators: query strings, parameters and headers are coerced to their schema's types
 * (they arrive as text), bodies are not. With coercion a JSON body's `null` became 0, false or ""
 * before any check: `{"level": null}` took a member's access away, `{"mfa": null}` turned their
 * one-time codes off, `{"lock_workflow_events": null}` unlocked the workflow events — a client's
 * "unset" silently written as a decision. A body now says what it means or is refused with the
 * schema's words ('Invalid body: level must be integer'; docs/product/README.md#api-conventions).
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
        return (route) => (route.httpPart === 'body' ? exact(route) : coercing(route));
      },
    },
  };
}
