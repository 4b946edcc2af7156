/**
 * The NUL character is refused wherever a request carries text, on both databases alike
 * (docs/product/README.md#api-conventions): on PostgreSQL a title or field of "\u0000" was a 500
 * ("unsupported Unicode escape sequence"), on the embedded database it was stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDialects } from '../test-support/test-database.ts';

const NUL_MESSAGE = 'A request may not contain the NUL character (U+0000).';

describe.each(testDialects)('NUL characters on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = (await t.signIn('admin@demo.local')).access;
  });
  afterAll(async () => t.close());

  const posts = async () => (await t.as(admin, { method: 'GET', url: '/v3/demo/post?count=1' })).json().total as number;
  const create = (body: string) =>
    t.as(admin, { method: 'POST', url: '/v3/demo/post', headers: { 'content-type': 'application/json' }, payload: body });

  it('refuses a JSON body holding \\u0000 anywhere, stores nothing, and takes the text "\\u0000" written out', async () => {
    const before = await posts();
    for (const body of [
      String.raw`{"summary":"\u0000","descrip":"d"}`,
      String.raw`{"summary":"s","descrip":"d","data":{"publish_date":"a\u0000b"}}`,
      String.raw`{"summary":"s","descrip":"d","data":{"\u0000":"x"}}`,
    ]) {
      const answer = await create(body);
      expect([answer.statusCode, answer.json().error_description]).toEqual([400, NUL_MESSAGE]);
    }
    expect(await posts()).toBe(before);
    // A backslash written before the letters u0000 is text like any other.
    const written = await create(String.raw`{"summary":"C:\\u0000","descrip":"d"}`);
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json().summary).toBe('C:\\u0000');
  });

  it('refuses half a character in a JSON body, and takes a whole one', async () => {
    const before = await posts();
    for (const body of [String.raw`{"summary":"\ud83d","descrip":"d"}`, String.raw`{"summary":"s","descrip":"d","data":{"\udc00":"x"}}`]) {
      const answer = await create(body);
      expect([answer.statusCode, answer.json().error_description]).toEqual([
        400,
        'A request may not contain half of a character (a lone surrogate such as \\ud83d).',
      ]);
    }
    expect(await posts()).toBe(before);
    const whole = await create(String.raw`{"summary":"Smile \ud83d\ude00","descrip":"d"}`);
    expect(whole.statusCode, whole.body).toBe(201);
    expect(whole.json().summary).toBe('Smile 😀');
  });

  it('refuses %00 in a path or query, in the caller language', async () => {
    for (const url of [
      '/v3/demo/incident/options?searchTerm=%00',
      '/identities/all?searchTerm=%00',
      '/v3/demo/search?query=a%00b',
      '/v3/demo/incident?filter=summary%20%3D%20%27a%00%27',
      '/v3/demo/inc%00ident',
    ]) {
      const answer = await t.as(admin, { method: 'GET', url });
      expect([url, answer.statusCode, answer.json().error_description]).toEqual([url, 400, NUL_MESSAGE]);
    }
    const french = await t.as(admin, { method: 'GET', url: '/identities/all?searchTerm=%00', headers: { 'accept-language': 'fr' } });
    expect(french.json().error_description).toBe('Une requête ne peut pas contenir le caractère NUL (U+0000).');
  });

  it('refuses a form body or a multipart field holding a NUL', async () => {
    const token = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&username=admin%00%40demo.local&password=docket-demo-1',
    });
    expect([token.statusCode, token.json().error_description]).toEqual([400, NUL_MESSAGE]);

    const id = (await create('{"summary":"For files","descrip":"d"}')).json().id as number;
    const boundary = 'nulboundary';
    const payload = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="descrip"',
      '',
      'a\u0000b',
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="notes.txt"',
      'Content-Type: text/plain',
      '',
      'some notes',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const upload = await t.as(admin, {
      method: 'POST',
      url: `/files/doc/${id}/uploadAttWithEvent`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect([upload.statusCode, upload.json().error_description]).toEqual([400, NUL_MESSAGE]);
  });
});
