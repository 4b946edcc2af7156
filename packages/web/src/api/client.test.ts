import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenAnswer } from '@docket/shared';
import { ApiClient } from './client.ts';
import { ApiRequestError } from './api-error.ts';
import { SessionStore, memoryStorage } from './session-store.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const tokens = (n: number): TokenAnswer => ({
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  expires_in: 3600,
  token_type: 'Bearer',
  organisations: [{ app_id: 'demo', company: 'Demo Co' }],
});

type Handler = (url: string, init: RequestInit) => Promise<Response> | Response;

/** A fake server: records calls and answers through the handler a test gives. */
function setup(handler: Handler, options: { queueClearMs?: number; timeoutMs?: number; language?: () => string | undefined } = {}) {
  const store = new SessionStore(memoryStorage());
  store.startFromTokens(tokens(1));
  const calls: { url: string; auth: string | undefined; body: string | undefined; language: string | undefined }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ url, auth: headers.Authorization, body: init.body as string | undefined, language: headers['Accept-Language'] });
    return handler(url, init);
  });
  const rejected: string[] = [];
  const client = new ApiClient({
    store,
    fetch: fetchMock as unknown as typeof fetch,
    onRefreshRejected: (d) => rejected.push(d),
    ...options,
  });
  const refreshCalls = () => calls.filter((c) => c.url === '/oauth/token').length;
  return { store, client, calls, rejected, refreshCalls };
}

// Node's setImmediate (not faked below), typed here because the web tsconfig has DOM, not Node, types.
const nextMacrotask = () =>
  new Promise<void>((resolve) => (globalThis as unknown as { setImmediate: (fn: () => void) => void }).setImmediate(resolve));

/** Polls on real macrotasks, so fake timers are never advanced behind the test's back. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await nextMacrotask();
  expect(check()).toBe(true);
}

/** A promise the test resolves by hand, to hold the refresh in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ApiClient', () => {
  afterEach(() => vi.useRealTimers());

  it("sends the user's language as it is at each call, so the server refuses in it (docs/architecture.md#refusal-languages)", async () => {
    let language: string | undefined = 'fr';
    const { client, calls } = setup(() => json(200, {}), { language: () => language });
    await client.request('/v3/demo/incident');
    language = 'es';
    await client.request('/v3/demo/incident');
    language = undefined;
    await client.request('/v3/demo/incident');
    expect(calls.map((call) => call.language)).toEqual(['fr', 'es', undefined]);
  });

  it('sends the bearer token and query, and parses JSON', async () => {
    const { client, calls } = setup(() => json(200, { ok: 1 }));
    await expect(client.get('/v3/demo/post', { start: 0, count: 15, skipped: undefined })).resolves.toEqual({ ok: 1 });
    expect(calls[0]).toMatchObject({ url: '/v3/demo/post?start=0&count=15', auth: 'Bearer access-1' });
  });

  it('rejects with the server error_description and code', async () => {
    const { client } = setup(() => json(403, { error: true, error_description: 'Nope', code: 'forbidden' }));
    const error = await client.get('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 403, code: 'forbidden', description: 'Nope' });
  });

  it('refreshes once on a 401, stores the rotated tokens and replays the request', async () => {
    const { client, store, calls } = setup((url, init) => {
      if (url === '/oauth/token') return json(200, tokens(2));
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer access-2' ? json(200, { ok: true }) : json(401, { error: true, code: 'unauthenticated' });
    });
    await expect(client.get('/v3/demo/post')).resolves.toEqual({ ok: true });
    expect(calls.map((c) => c.url)).toEqual(['/v3/demo/post', '/oauth/token', '/v3/demo/post']);
    expect(calls[1]?.body).toBe('grant_type=refresh_token&refresh_token=refresh-1');
    expect(store.get()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2', appId: 'demo' });
  });

  it('queues concurrent 401s behind a single in-flight refresh and replays them all after', async () => {
    const refresh = deferred<Response>();
    const { client, calls, refreshCalls } = setup((url, init) => {
      if (url === '/oauth/token') return refresh.promise;
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer access-2' ? json(200, { url }) : json(401, {});
    });
    const results = Promise.all([client.get('/a'), client.get('/b'), client.get('/c')]);
    await vi.waitFor(() => expect(client.queuedCount).toBe(3));
    expect(refreshCalls()).toBe(1);

    refresh.resolve(json(200, tokens(2)));
    await expect(results).resolves.toEqual([{ url: '/a' }, { url: '/b' }, { url: '/c' }]);
    expect(refreshCalls()).toBe(1);
    expect(calls.filter((c) => c.auth === 'Bearer access-2')).toHaveLength(3);
    expect(client.queuedCount).toBe(0);
  });

  it('does not refresh again when the replayed request is still unauthorised', async () => {
    const { client, refreshCalls } = setup((url) =>
      url === '/oauth/token' ? json(200, tokens(2)) : json(401, { error: true, error_description: 'No', code: 'x' }),
    );
    await expect(client.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls()).toBe(1);
  });

  it('replays without a new refresh a 401 that arrives after another request already refreshed', async () => {
    const lateAnswer = deferred<Response>();
    let first = true;
    const { client, refreshCalls } = setup((url, init) => {
      if (url === '/oauth/token') return json(200, tokens(2));
      const auth = (init.headers as Record<string, string>).Authorization;
      if (auth === 'Bearer access-2') return json(200, { url });
      if (url === '/slow' && first) {
        first = false;
        return lateAnswer.promise;
      }
      return json(401, {});
    });
    const slow = client.get('/slow');
    await expect(client.get('/fast')).resolves.toEqual({ url: '/fast' });
    lateAnswer.resolve(json(401, {}));
    await expect(slow).resolves.toEqual({ url: '/slow' });
    expect(refreshCalls()).toBe(1);
  });

  it('hands a refresh refused with 400 to the sign-in handler, clears the session and rejects the queue', async () => {
    const { client, store, rejected } = setup((url) =>
      url === '/oauth/token' ? json(400, { error: 'invalid_grant', error_description: 'Refresh token expired.' }) : json(401, {}),
    );
    const results = await Promise.allSettled([client.get('/a'), client.get('/b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(rejected).toEqual(['Refresh token expired.']);
    expect(store.get()).toBeNull();
    expect(store.lastClearReason()).toBe('Refresh token expired.');
  });

  it('keeps the session when the refresh fails for another reason; requests fail with their 401', async () => {
    const { client, store, rejected } = setup((url) =>
      url === '/oauth/token' ? json(503, { error: true, error_description: 'Down' }) : json(401, { code: 'unauthenticated' }),
    );
    await expect(client.get('/a')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(rejected).toEqual([]);
    expect(store.get()?.accessToken).toBe('access-1');
  });

  describe('with fake timers', () => {
    beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));

    it('clears the retry queue after 5 s when the refresh hangs', async () => {
      const refresh = deferred<Response>();
      const { client } = setup((url) => (url === '/oauth/token' ? refresh.promise : json(401, { code: 'unauthenticated' })));
      const pending = client.get('/a').catch((e: unknown) => e);
      await until(() => client.queuedCount === 1);

      await vi.advanceTimersByTimeAsync(4_999);
      expect(client.queuedCount).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(client.queuedCount).toBe(0);
      await expect(pending).resolves.toMatchObject({ status: 401 });
    });

    it('times out after 30 s with "Error contacting server"', async () => {
      const { client } = setup(
        (_url, init) =>
          new Promise<Response>((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      );
      const pending = client.get('/slow').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(29_999);
      await vi.advanceTimersByTimeAsync(1);
      await expect(pending).resolves.toMatchObject({ status: 0, code: 'timeout', description: 'Error contacting server' });
    });
  });

  it('reports a network failure as "Error contacting server"', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.get('/a')).rejects.toMatchObject({ status: 0, code: 'network', description: 'Error contacting server' });
  });

  it('sends form bodies without a token when auth is off', async () => {
    const { client, calls } = setup(() => json(200, tokens(5)));
    await client.request('/oauth/token', { method: 'POST', auth: false, form: { grant_type: 'password', username: 'a b' } });
    expect(calls[0]).toMatchObject({ auth: undefined, body: 'grant_type=password&username=a+b' });
  });
});
