/**
 * A path may spell its characters percent-encoded: `/v3/demo/%24%24log` is the same address as
 * `/v3/demo/$$log` (browsers and HTTP clients encode `$` in path segments). The router used to
 * compare static segments undecoded, so the encoded spelling fell through to the generic
 * `/v3/:appId/:type` document route instead of reaching the logs, types or outbox routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDialects } from '../test-support/test-database.ts';

/** [literal path, the same path with its `$` encoded] */
const spellings: [string, string][] = [
  ['/v3/demo/$$log?count=2', '/v3/demo/%24%24log?count=2'],
  ['/v3/demo/$$types', '/v3/demo/%24%24types'],
  ['/v3/demo/$$types/incident', '/v3/demo/%24%24types/incident'],
  ['/v3/demo/$$outbox?count=1', '/v3/demo/%24%24outbox?count=1'],
  ['/v3/demo/$$directory', '/v3/demo/$%24directory'],
];

describe.each(testDialects)('percent-encoded paths on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let reader: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { jobs: false });
    admin = (await t.signIn('admin@demo.local')).access;
    reader = (await t.signIn('reader@demo.local')).access;
  });
  afterAll(() => t.close());

  it('reach the same route and answer the same as the literal spelling', async () => {
    for (const [literal, encoded] of spellings) {
      for (const token of [admin, reader]) {
        const plain = await t.as(token, { method: 'GET', url: literal });
        const escaped = await t.as(token, { method: 'GET', url: encoded });
        expect(escaped.statusCode, encoded).toBe(plain.statusCode);
        expect(escaped.json(), encoded).toEqual(plain.json());
      }
    }
    // The literal spellings themselves answer what their routes answer (not a type lookup).
    expect((await t.as(admin, { method: 'GET', url: '/v3/demo/%24%24log?count=2' })).json().dataAr).toHaveLength(2);
    expect((await t.as(reader, { method: 'GET', url: '/v3/demo/%24%24types' })).json().dataAr.length).toBeGreaterThan(0);
    expect((await t.as(reader, { method: 'GET', url: '/v3/demo/%24%24log' })).statusCode).toBe(403);
  });

  it('keeps an encoded slash, question mark or percent sign inside its segment', async () => {
    const slash = await t.as(admin, { method: 'GET', url: '/v3/demo/%24%24types%2Fincident' });
    expect(slash.statusCode).toBe(404);
    const percent = await t.as(admin, { method: 'GET', url: '/v3/demo/%2524%2524log' });
    expect(percent.statusCode).not.toBe(200);
  });

  it('answers an address that does not decode, or a path part too long, in the error shape', async () => {
    const bad = await t.as(admin, { method: 'GET', url: '/v3/demo/%E0%A4%A' });
    expect([bad.statusCode, bad.json()]).toEqual([
      400,
      { error: true, code: 'bad_request', error_description: 'This address is not valid: a percent sign must begin an encoded character.' },
    ]);
    const long = await t.as(admin, { method: 'GET', url: `/v3/demo/incident/${'9'.repeat(1001)}` });
    expect([long.statusCode, long.json().error_description]).toEqual([414, 'A part of this address is too long.']);
    // A long file name (up to 300 characters in the route schemas) is a reachable path part.
    const named = await t.as(admin, { method: 'GET', url: `/file/doc/1/${'n'.repeat(150)}.txt` });
    expect(named.statusCode).not.toBe(414);
  });
});
