/** Bad input always gets a 4xx with the error shape; nothing is written (issue 2 "Bad input"). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';

describe('bad input', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    admin = (await t.signIn('admin@demo.local')).access;
  });
  afterAll(async () => t.close());

  const post = (payload: string, contentType = 'application/json') =>
    t.as(admin, { method: 'POST', url: '/v3/demo/post', headers: { 'content-type': contentType }, payload });

  it.each([
    ['malformed JSON', '{"summary": "x",', 'application/json', 400],
    ['an empty JSON body', '', 'application/json', 400],
    ['a wrong content type', 'summary=x', 'text/plain', 415],
    ['a JSON array', '[1,2]', 'application/json', 400],
    ['a __proto__ key', '{"summary":"x","descrip":"y","__proto__":{"polluted":true}}', 'application/json', 400],
    ['a constructor.prototype key', '{"summary":"x","descrip":"y","constructor":{"prototype":{"polluted":true}}}', 'application/json', 400],
  ])('refuses %s', async (_name, payload, contentType, status) => {
    const response = await post(payload, contentType);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ error: true });
    expect(typeof response.json().error_description).toBe('string');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('says which keys a poisoned body carries, and that broken JSON is broken', async () => {
    const poisoned = await post('{"summary":"x","descrip":"y","__proto__":{"polluted":true}}');
    expect(poisoned.json()).toMatchObject({
      code: 'invalid_json',
      error_description: 'A request body may not contain the keys __proto__, constructor or prototype.',
    });
    expect((await post('{"summary": "x",')).json()).toMatchObject({
      code: 'invalid_json',
      error_description: 'Invalid JSON in request body',
    });
    expect((await post('')).json()).toMatchObject({ code: 'invalid_json', error_description: 'Request body is empty' });
  });

  it('refuses a body nested deeper than 64 levels before anything walks it, and takes one as deep as that', async () => {
    const nested = (depth: number) => `{"summary":"Nested","descrip":"y","data":${'['.repeat(depth - 2)}1${']'.repeat(depth - 2)}}`;
    const deep = await post(nested(5000));
    expect([deep.statusCode, deep.json().error_description]).toEqual([
      400,
      'A request body may not nest objects or arrays more than 64 levels deep.',
    ]);
    // Brackets inside strings are text, not nesting.
    const quoted = await post(JSON.stringify({ summary: '['.repeat(100), descrip: '{"'.repeat(100) }));
    expect(quoted.statusCode).toBe(201);
    expect((await post(nested(64))).statusCode).not.toBe(500);
  });

  it('refuses bodies over 10 MB with 413', async () => {
    const huge = JSON.stringify({ summary: 'x', descrip: 'y'.repeat(10 * 1024 * 1024 + 10) });
    const response = await post(huge);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('payload_too_large');
  });

  it('refuses unknown query parameters, including privilege flags', async () => {
    for (const param of ['ignore_permissions=1', 'as_user=x', 'tenant=acme', 'sudo=true', 'user=x']) {
      const response = await t.as(admin, { method: 'GET', url: `/v3/demo/post?${param}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: true, code: 'unknown_parameter' });
    }
  });

  it('refuses out-of-range paging, bad ids and bad orders', async () => {
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/post?count=0' })).statusCode).toBe(400);
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/post?count=100000' })).statusCode).toBe(400);
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/post?start=-1' })).statusCode).toBe(400);
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/post/abc' })).statusCode).toBe(400);
    const order = await t.as(admin, { method: 'GET', url: '/v3/demo/post?order=password%20asc' });
    expect(order.statusCode).toBe(400);
    expect(order.json().error_description).toBe('Cannot order by field: password');
  });

  it('takes a body as sent: a null or a text where the schema wants a number or a flag is refused, not coerced', async () => {
    const grants = (await t.as(admin, { method: 'GET', url: '/v3/demo/acl?count=50' })).json().dataAr as Array<{
      id: number;
      level: number;
    }>;
    const grant = grants.find((entry) => entry.level > 0 && entry.level < 6)!;
    for (const payload of [{ level: null }, { level: false }, { level: '2' }, { create: null }]) {
      const answer = await t.as(admin, { method: 'PUT', url: `/v3/demo/acl/${grant.id}`, payload });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().error_description, JSON.stringify(payload)).toMatch(/^Invalid body: /);
    }
    const after = (await t.as(admin, { method: 'GET', url: `/v3/demo/acl/${grant.id}` })).json();
    expect(after.level).toBe(grant.level);
    const directory = await t.as(admin, {
      method: 'PUT',
      url: '/v3/demo/$$directory',
      payload: { federated_login: false, provider: 'Docket', allow_users_internal: true, lock_workflow_events: null },
    });
    expect([directory.statusCode, directory.json().error_description]).toEqual([400, 'Invalid body: lock_workflow_events must be boolean']);
    // Query strings still arrive as text and are read as their schema's types.
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/post?count=2&start=0' })).statusCode).toBe(200);
  });

  it('answers unknown routes with a 404 in the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: true, code: 'not_found' });
    // `/api/{api}` is the legacy list of a type: an unknown type is a 404 too.
    const unknownType = await t.as(admin, { method: 'GET', url: '/api/nothing-here' });
    expect(unknownType.statusCode).toBe(404);
    expect(unknownType.json()).toMatchObject({ error: true, code: 'not_found', error_description: 'Unknown document type: nothing-here' });
  });

  it('serves health and the OpenAPI description without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ status: 'ok', database: 'sqlite' });
    const openapi = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(openapi.statusCode).toBe(200);
    expect(Object.keys(openapi.json().paths)).toEqual(
      expect.arrayContaining(['/oauth/token', '/v3/{appId}/{type}', '/v3/account/session']),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('sends nosniff on every answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
