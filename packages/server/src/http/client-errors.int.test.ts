/**
 * Requests the HTTP parser reads before any route (http/client-errors.ts): a filter inside its own
 * limit reaches the filter parser however long its percent-encoded address, and a request head
 * over the server's limit is refused in the API's error shape. Over a real socket: `inject` skips
 * Node's parser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterLimitMessage, MAX_FILTER_LENGTH } from '@docket/shared';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import { MAX_REQUEST_HEAD_BYTES } from './client-errors.ts';

describe('request heads', () => {
  let t: TestApp;
  let base: string;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    admin = (await t.signIn('admin@demo.local')).access;
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  const list = (filter: string) =>
    fetch(`${base}/v3/demo/incident?filter=${encodeURIComponent(filter)}&count=15`, { headers: { authorization: `Bearer ${admin}` } });

  it('answers a filter inside its limit whose encoded address is far over 16 KB', async () => {
    const filter = `summary = '${'é '.repeat(4_900)}'`;
    expect(filter.length).toBeLessThanOrEqual(MAX_FILTER_LENGTH);
    expect(encodeURIComponent(filter).length).toBeGreaterThan(40 * 1024);
    const response = await list(filter);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ dataAr: [], total: 0 });
  });

  it("lets the filter parser refuse a filter over its limit, in the filter's words", async () => {
    const response = await list(`summary = '${'x'.repeat(MAX_FILTER_LENGTH)}'`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: true, code: 'invalid_filter', error_description: filterLimitMessage('length') });
  });

  it('refuses a request head over the limit with 431 in the error shape', async () => {
    const response = await fetch(`${base}/api/health`, { headers: { 'x-padding': 'y'.repeat(MAX_REQUEST_HEAD_BYTES + 1) } });
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({
      error: true,
      code: 'headers_too_large',
      error_description: "The request's address and headers are over 64 KB; shorten the filter.",
    });
  });
});
