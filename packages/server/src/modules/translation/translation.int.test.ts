/**
 * Automatic translation (docs/product/administration.md#translation) against a local server
 * speaking the LibreTranslate protocol: members translate when the organisation allows it, the
 * answer is cached per organisation, text and language, the setting off gives the spec's alert,
 * and a provider that times out or answers garbage gives a clear 502, never a 500.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TRANSLATION_DISABLED_MESSAGE } from '@docket/shared';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { testDialects } from '../../test-support/test-database.ts';
import { parseAddressRanges } from '../../platform/net/address-policy.ts';
import { DEFAULT_OUTBOUND_TIMEOUT_MS } from '../../platform/net/guarded-fetch.ts';
import { writeJson } from '../../platform/db/json.ts';
import { encryptOrgSecret } from '../../platform/crypto/org-secrets.ts';
import { TRANSLATION_NOT_SET_UP } from './translation.service.ts';

type Behaviour = 'translate' | 'garbage' | 'hang' | 'refuse';

describe.each(testDialects)('automatic translation on %s', (dialect) => {
  let t: TestApp;
  let reader: string;
  let acmeAdmin: string;
  let server: http.Server;
  let baseUrl: string;
  let behaviour: Behaviour = 'translate';
  const received: { q: string; target: string; api_key?: string; source: string; format: string }[] = [];
  const hanging: http.ServerResponse[] = [];

  // Translation is switched on unless a test says otherwise (the demo's older general switch is off).
  const setSettings = async (appId: string, settings: Record<string, unknown>) => {
    await t.ctx.database.db
      .updateTable('organisations')
      .set({ settings: writeJson({ translation: true, ...settings }) })
      .where('app_id', '=', appId)
      .execute();
  };
  const translate = (token: string, text: string, target = 'fr', appId = 'demo') =>
    t.as(token, { method: 'POST', url: `/v3/${appId}/translate`, payload: { text, target } });

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        if (request.method !== 'POST' || request.url !== '/translate') return void response.writeHead(404).end();
        const parsed = JSON.parse(body) as (typeof received)[number];
        received.push(parsed);
        if (behaviour === 'hang') return void hanging.push(response);
        if (behaviour === 'refuse')
          return void response.writeHead(403, { 'content-type': 'application/json' }).end('{"error":"Invalid API key"}');
        if (behaviour === 'garbage') return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ translatedText: `[${parsed.target}] ${parsed.q}` }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await startTestApp(dialect);
    // The operator opens the loopback test server (OUTBOUND_ALLOW_PRIVATE, OUTBOUND_ALLOW_HTTP).
    t.ctx.config.outbound = { allowPrivate: parseAddressRanges('127.0.0.1'), allowHttp: true };
    reader = (await t.signIn('reader@demo.local')).access;
    acmeAdmin = (await t.signIn('admin@acme.local')).access;
  });
  beforeEach(() => {
    behaviour = 'translate';
    received.length = 0;
  });
  afterAll(async () => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    server.close();
    await t.close();
  });

  it('translates for a member through the provider, with the key, then answers from the cache', async () => {
    const demoId = Number(
      (await t.ctx.database.db.selectFrom('organisations').select('id').where('app_id', '=', 'demo').executeTakeFirstOrThrow()).id,
    );
    const sealed = await encryptOrgSecret({ database: t.ctx.database }, demoId, 'demo-key');
    await setSettings('demo', { translation: true, translation_url: baseUrl, translation_api_key: sealed });
    const first = await translate(reader, 'The forklift was left running.');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { translatedText: '[fr] The forklift was left running.', target: 'fr', cached: false } });
    expect(received).toEqual([{ q: 'The forklift was left running.', source: 'auto', target: 'fr', format: 'text', api_key: 'demo-key' }]);
    const again = await translate(reader, 'The forklift was left running.');
    expect(again.json()).toEqual({ data: { translatedText: '[fr] The forklift was left running.', target: 'fr', cached: true } });
    expect(received).toHaveLength(1);
    const spanish = await translate(reader, 'The forklift was left running.', 'es');
    expect(spanish.json().data).toEqual({ translatedText: '[es] The forklift was left running.', target: 'es', cached: false });
  });

  it("keeps each organisation's cache and settings to itself", async () => {
    await setSettings('acme', { translation_url: baseUrl });
    const answer = await translate(acmeAdmin, 'The forklift was left running.', 'fr', 'acme');
    expect(answer.json().data.cached).toBe(false);
    expect(received).toHaveLength(1);
    expect(received[0]!.api_key).toBeUndefined();
    expect((await translate(acmeAdmin, 'hello', 'fr', 'demo')).statusCode).toBe(403);
  });

  it("gives the spec's alert when the organisation turned translation off, without calling the provider", async () => {
    await setSettings('demo', { translation: false, translation_url: baseUrl });
    const response = await translate(reader, 'Something new to translate');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: true, code: 'forbidden', error_description: TRANSLATION_DISABLED_MESSAGE });
    // Even a cached text is not answered while the setting is off.
    expect((await translate(reader, 'The forklift was left running.')).statusCode).toBe(403);
    expect(received).toEqual([]);
  });

  it('says translation is not set up when no address is stored', async () => {
    await setSettings('demo', {});
    const response = await translate(reader, 'Something new to translate');
    expect(response.statusCode).toBe(400);
    expect(response.json().error_description).toBe(TRANSLATION_NOT_SET_UP);
  });

  it.each([
    ['garbage', 'The translation service answered something that is not a translation.'],
    ['refuse', 'The translation service refused the request (HTTP 403).'],
  ] as const)('answers 502 with a clear message when the provider answers %s, and caches nothing', async (kind, message) => {
    await setSettings('demo', { translation_url: baseUrl });
    behaviour = kind;
    const response = await translate(reader, `A text for the ${kind} case`);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: true, code: 'translation_failed', error_description: message });
    const cached = await t.ctx.database.db
      .selectFrom('translations')
      .select('text_hash')
      .where('translated_text', 'like', `%${kind}%`)
      .execute();
    expect(cached).toEqual([]);
  });

  it('answers 502 when the provider does not answer in time', async () => {
    await setSettings('demo', { translation_url: baseUrl });
    behaviour = 'hang';
    // The operator's OUTBOUND_TIMEOUT_MS, shortened so the test does not wait the default 10 s.
    t.ctx.config.outboundTimeoutMs = 500;
    const response = await translate(reader, 'A text the provider never answers');
    t.ctx.config.outboundTimeoutMs = DEFAULT_OUTBOUND_TIMEOUT_MS;
    expect(response.statusCode).toBe(502);
    expect(response.json().error_description).toBe('The translation service could not be reached (Outbound request timed out).');
  });

  it('refuses a private address the operator has not opened', async () => {
    t.ctx.config.outbound = { allowPrivate: [], allowHttp: true };
    await setSettings('demo', { translation_url: baseUrl });
    const response = await translate(reader, 'Another text');
    t.ctx.config.outbound = { allowPrivate: parseAddressRanges('127.0.0.1'), allowHttp: true };
    expect(response.statusCode).toBe(502);
    expect(response.json().error_description).toMatch(/^The translation service could not be reached \(.*\)\.$/);
    expect(received).toEqual([]);
  });

  it('refuses an unknown language and an empty text with 400', async () => {
    expect((await translate(reader, 'Hello', 'de')).statusCode).toBe(400);
    expect((await translate(reader, '')).statusCode).toBe(400);
  });
});
