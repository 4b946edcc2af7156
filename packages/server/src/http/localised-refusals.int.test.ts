/**
 * Refusals in the caller's language (docs/architecture.md#refusal-languages): whatever path a
 * refusal takes out — an operation's HttpError, a schema's unknown parameter, an unknown route, the
 * JSON parser, the token endpoint's OAuth shape — its text follows `Accept-Language`; its code,
 * status and every successful answer do not change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDialects } from '../test-support/test-database.ts';
import { REFUSALS_ES } from '../platform/i18n/refusals.es.ts';
import { REFUSALS_FR } from '../platform/i18n/refusals.fr.ts';

const fill = (template: string | undefined, ...parts: string[]) =>
  parts.reduce((text, part, index) => text.replace(`{${index + 1}}`, part), template ?? '(no translation)');

describe.each(testDialects)('refusals in the caller language on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
  });
  afterAll(async () => t.close());

  const get = (url: string, language?: string) =>
    t.as(admin, { method: 'GET', url, headers: language ? { 'accept-language': language } : {} });

  it("translates an operation's refusal, keeping its status and code, and says so in its headers", async () => {
    const english = await get('/v3/demo/widget');
    expect(english.statusCode).toBe(404);
    expect(english.json()).toEqual({ error: true, code: 'not_found', error_description: 'Unknown document type: widget' });
    expect(english.headers['content-language']).toBeUndefined();
    expect(String(english.headers.vary)).toMatch(/Accept-Language/);

    const french = await get('/v3/demo/widget', 'fr-FR,fr;q=0.9,en;q=0.8');
    expect(french.statusCode).toBe(404);
    expect(french.json()).toEqual({
      error: true,
      code: 'not_found',
      error_description: fill(REFUSALS_FR['Unknown document type: {1}'], 'widget'),
    });
    expect(french.headers['content-language']).toBe('fr');

    const spanish = await get('/v3/demo/widget', 'es');
    expect(spanish.json().error_description).toBe(fill(REFUSALS_ES['Unknown document type: {1}'], 'widget'));
    expect(spanish.headers['content-language']).toBe('es');
  });

  it("translates the schema's, the router's and the JSON parser's refusals", async () => {
    const unknownParameter = await get('/v3/demo/post?sudo=1', 'fr');
    expect(unknownParameter.statusCode).toBe(400);
    expect(unknownParameter.json()).toMatchObject({
      code: 'unknown_parameter',
      error_description: fill(REFUSALS_FR['Unknown parameter: {1}'], 'sudo'),
    });

    const unknownRoute = await get('/v9/nothing/here/at/all', 'fr');
    expect(unknownRoute.statusCode).toBe(404);
    expect(unknownRoute.json().error_description).toBe(fill(REFUSALS_FR['Route {1} {2} not found'], 'GET', '/v9/nothing/here/at/all'));

    const brokenJson = await t.as(admin, {
      method: 'POST',
      url: '/v3/demo/post',
      headers: { 'content-type': 'application/json', 'accept-language': 'es' },
      payload: '{"summary": "x",',
    });
    expect(brokenJson.statusCode).toBe(400);
    expect(brokenJson.json()).toMatchObject({ code: 'invalid_json', error_description: REFUSALS_ES['Invalid JSON in request body'] });
  });

  it("translates the token endpoint's OAuth refusal", async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'fr' },
      payload: new URLSearchParams({ grant_type: 'password', username: 'admin@demo.local', password: 'not-the-password' }).toString(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'invalid_grant', error_description: REFUSALS_FR['Invalid username or password.'] });
  });

  it('answers English for English, unknown languages and no header, and leaves successful answers alone', async () => {
    for (const language of [undefined, 'en-GB', 'de-DE,it;q=0.5']) {
      expect((await get('/v3/demo/widget', language)).json().error_description).toBe('Unknown document type: widget');
    }
    const english = await get('/v3/demo/post?count=2');
    const french = await get('/v3/demo/post?count=2', 'fr');
    expect(french.statusCode).toBe(200);
    expect(french.body).toBe(english.body);
    expect(french.headers['content-language']).toBeUndefined();
  });
});
