/**
 * Whole numbers beyond what JavaScript holds exactly are refused with a 400 on every route
 * (docs/product/README.md#messages-and-limits): `start=1e30` was an integer to the validator and
 * reached SQLite as `OFFSET 1e30`, a "datatype mismatch" and a 500 on the administration lists.
 * Swept over every route the API describes, on both databases, so a new route cannot bring it back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDialects } from '../test-support/test-database.ts';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema?: { type?: string | string[] };
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { type?: string | string[] }> } }> };
}
type Paths = Record<string, Record<string, Operation>>;

/** Beyond any integer, beyond PostgreSQL's `integer` columns, and the largest integer allowed. */
const HUGE_NUMBERS = ['1e30', '3000000000', String(Number.MAX_SAFE_INTEGER)];
const isInteger = (type: string | string[] | undefined) => type === 'integer' || (Array.isArray(type) && type.includes('integer'));
/** A path parameter's value: the huge number where an integer goes, a real name elsewhere. */
const pathValue = (parameter: Parameter, HUGE: string) =>
  isInteger(parameter.schema?.type) ? HUGE : (({ appId: 'demo', type: 'incident' } as Record<string, string>)[parameter.name] ?? '1');

describe.each(testDialects)('integer bounds on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let paths: Paths;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
    paths = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths as Paths;
  });
  afterAll(async () => t.close());

  it('refuses start=1e30 on the administration lists with a 400 naming the parameter', async () => {
    for (const url of ['/v3/demo/users?start=1e30', '/v3/demo/$$outbox?start=1e30', '/v3/demo/acl?start=1e30']) {
      const answer = await t.as(admin, { method: 'GET', url });
      expect([url, answer.statusCode]).toEqual([url, 400]);
      expect(answer.json().error_description).toMatch(/start/);
    }
    const deep = await t.as(admin, { method: 'GET', url: '/v3/demo/users?start=10000001' });
    expect(deep.statusCode).toBe(400);
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/users?start=10000000' })).statusCode).toBe(200);
  });

  it.each(HUGE_NUMBERS)('answers no 500 to %s in any integer of a path, query or body the API describes', async (HUGE) => {
    const failures: string[] = [];
    let asked = 0;
    for (const [template, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const parameters = operation.parameters ?? [];
        const url = template.replace(/\{([^}]+)\}/g, (_whole, name: string) =>
          pathValue(parameters.find((parameter) => parameter.in === 'path' && parameter.name === name) ?? { name, in: 'path' }, HUGE),
        );
        const integerQuery = parameters.filter((parameter) => parameter.in === 'query' && isInteger(parameter.schema?.type));
        const query = integerQuery.map((parameter) => `${parameter.name}=${HUGE}`).join('&');
        const properties = operation.requestBody?.content?.['application/json']?.schema?.properties ?? {};
        const integerBody = Object.entries(properties).filter(([, schema]) => isInteger(schema.type));
        const payload = integerBody.length > 0 ? `{${integerBody.map(([name]) => `"${name}": ${HUGE}`).join(',')}}` : undefined;
        if (!/\{/.test(template) && integerQuery.length === 0 && payload === undefined) continue;
        if (!url.includes(HUGE) && integerQuery.length === 0 && payload === undefined) continue;
        asked += 1;
        const answer = await t.as(admin, {
          method: method.toUpperCase() as 'GET',
          url: query ? `${url}?${query}` : url,
          ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
        });
        if (answer.statusCode >= 500) failures.push(`${method.toUpperCase()} ${url}?${query} ${payload ?? ''} → ${answer.statusCode}`);
      }
    }
    expect(asked).toBeGreaterThan(30);
    expect(failures).toEqual([]);
  });

  it.each(HUGE_NUMBERS)('answers no 500 to %s as a document reference, a filter value or a list page', async (HUGE) => {
    const requests = [
      { method: 'POST', url: '/v3/demo/incident', payload: { summary: 'Huge', descrip: 'x', site_id: Number(HUGE) } },
      { method: 'POST', url: '/v3/demo/incident', payload: { summary: 'Huge', descrip: 'x', parent_id: Number(HUGE) } },
      { method: 'POST', url: '/v3/demo/action', payload: { summary: 'Huge', descrip: 'x', data: { assigned_to: Number(HUGE) } } },
      { method: 'GET', url: `/v3/demo/incident?filter=${encodeURIComponent(`site_id = ${HUGE}`)}` },
      { method: 'GET', url: `/v3/demo/incident?filter=${encodeURIComponent(`id IN (${HUGE}, 1)`)}` },
      { method: 'GET', url: `/v3/demo/incident?filter=${encodeURIComponent(`parent_id > ${HUGE}`)}` },
      { method: 'GET', url: `/v3/demo/users?filter=${encodeURIComponent(`level = ${HUGE}`)}` },
      { method: 'GET', url: `/v3/demo/incident?count=15&start=${HUGE}` },
      { method: 'GET', url: `/v3/demo/$$event?start=${HUGE}` },
      { method: 'GET', url: `/v3/demo/search?q=spill&start=${HUGE}` },
    ] as const;
    const failures: string[] = [];
    for (const request of requests) {
      const answer = await t.as(admin, { ...request, payload: 'payload' in request ? request.payload : undefined } as never);
      if (answer.statusCode >= 500) failures.push(`${request.method} ${request.url} → ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });
});
