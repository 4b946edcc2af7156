/**
 * What a route's schema means for its handler's types (checked by `npm run typecheck`; the
 * runtime part only proves the instance is the same). These are the rules route authors rely on
 * when they drop the casts: see packages/server/README.md, "How to add a route".
 */
import Fastify from 'fastify';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { typedServer, type Validated } from './typed-server.ts';

describe('typedServer', () => {
  it('answers the same Fastify instance, so routing and hooks are unchanged', async () => {
    const app = Fastify();
    expect(typedServer(app)).toBe(app);
    await app.close();
  });

  it('infers query, params and body types from the route schema', async () => {
    const app = typedServer(Fastify());
    app.put(
      '/things/:id',
      {
        schema: {
          params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
          querystring: { type: 'object', additionalProperties: false, properties: { select: { type: 'string' } } },
          body: { type: 'object', additionalProperties: false, required: ['name'], properties: { name: { type: 'string' } } },
        } as const,
      },
      async (request) => {
        expectTypeOf(request.params.id).toEqualTypeOf<number>();
        expectTypeOf(request.query).toEqualTypeOf<{ select?: string }>();
        expectTypeOf(request.body).toEqualTypeOf<{ name: string }>();
        return { id: request.params.id, name: request.body.name, select: request.query.select ?? null };
      },
    );
    const answer = await app.inject({ method: 'PUT', url: '/things/7?select=a', payload: { name: 'x' } });
    expect(answer.json()).toEqual({ id: 7, name: 'x', select: 'a' });
    await app.close();
  });
});

describe('Validated: the schema rules route authors must know', () => {
  // Schema types written out: what `typeof schema` is for an `as const` literal.
  it('makes a property with a default required (Ajv fills it in)', () => {
    type Query = {
      type: 'object';
      additionalProperties: false;
      properties: { count: { type: 'integer'; default: 15 }; filter: { type: 'string' } };
    };
    expectTypeOf<Validated<Query>>().toEqualTypeOf<{ count: number; filter?: string }>();
  });

  it('leaves an open object open without additionalProperties: false', () => {
    type Params = { type: 'object'; properties: { appId: { type: 'string' } }; required: readonly ['appId'] };
    expectTypeOf<Validated<Params>>().toEqualTypeOf<{ appId: string; [key: string]: unknown }>();
  });

  it('types a nullable property and an enum over a const tuple', () => {
    type Body = {
      type: 'object';
      additionalProperties: false;
      required: readonly ['level'];
      properties: { site_id: { type: readonly ['integer', 'null'] }; level: { type: 'integer'; enum: readonly [0, 2, 4] } };
    };
    expectTypeOf<Validated<Body>>().toEqualTypeOf<{ site_id?: number | null; level: 0 | 2 | 4 }>();
  });

  it('gives unknown for a route without that schema', () => {
    expectTypeOf<Validated<undefined>>().toEqualTypeOf<unknown>();
  });
});
