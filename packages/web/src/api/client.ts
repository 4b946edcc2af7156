import { REQUEST_TIMEOUT_MS, RETRY_QUEUE_CLEAR_MS } from '@docket/shared';
import type { TokenAnswer } from '@docket/shared';
import { ApiRequestError } from './api-error.ts';
import type { SessionStore } from './session-store.ts';

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (the token endpoint). */
  form?: Record<string, string>;
  /** Sent as multipart/form-data (attachments); the browser sets the boundary. */
  multipart?: FormData;
  /** Send the bearer token and take part in the 401 refresh (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  store: SessionStore;
  fetch?: typeof fetch;
  baseUrl?: string;
  timeoutMs?: number;
  queueClearMs?: number;
  /** Told when the server refused the refresh token (400); the session is already cleared. */
  onRefreshRejected?: (description: string) => void;
  /** The user's language, sent as Accept-Language so the server's refusals come in it. */
  language?: () => string | undefined;
}

interface QueuedRequest {
  replay: () => void;
  drop: (error: unknown) => void;
}

/**
 * The one way the web app talks to the server (docs/product/identities-and-sign-in.md#sessions): bearer auth; on a 401 a single
 * in-flight token refresh while concurrent 401s queue and are replayed once it succeeds; the
 * queue is dropped after 5 s so a hung refresh cannot hold requests forever; 30 s time-out.
 */
export class ApiClient {
  private readonly store: SessionStore;
  private readonly fetchFn: typeof fetch;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly queueClearMs: number;
  private readonly onRefreshRejected: (description: string) => void;
  private readonly language: () => string | undefined;
  private refreshing: Promise<void> | null = null;
  private queue: QueuedRequest[] = [];
  private queueTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: ApiClientOptions) {
    this.store = options.store;
    // Bound so a window.fetch taken from the global keeps its receiver.
    this.fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.baseUrl = options.baseUrl ?? '';
    this.timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    this.language = options.language ?? (() => undefined);
    this.queueClearMs = options.queueClearMs ?? RETRY_QUEUE_CLEAR_MS;
    this.onRefreshRejected = options.onRefreshRejected ?? (() => {});
  }

  get<T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal): Promise<T> {
    return this.request<T>(path, { query, signal });
  }

  async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const useAuth = options.auth ?? true;
    const token = useAuth ? (this.store.get()?.accessToken ?? null) : null;
    const response = await this.send(path, options, token);
    if (response.status === 401 && useAuth && this.store.get()?.refreshToken) {
      const unauthorised = await toError(response);
      return this.retryAfterRefresh<T>(path, options, token, unauthorised);
    }
    return parse<T>(response);
  }

  /** How many 401'd requests are waiting for the refresh (for tests and diagnostics). */
  get queuedCount(): number {
    return this.queue.length;
  }

  private retryAfterRefresh<T>(path: string, options: RequestOptions, usedToken: string | null, unauthorised: ApiRequestError): Promise<T> {
    const current = this.store.get()?.accessToken ?? null;
    // Sent with a token that a refresh has already replaced: replay at once, no second refresh.
    if (!this.refreshing && current && current !== usedToken) return this.replay<T>(path, options);

    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        replay: () => void this.replay<T>(path, options).then(resolve, reject),
        drop: reject,
      });
      if (!this.refreshing) this.startRefresh(unauthorised);
    });
  }

  /** The one retry of a request after a refresh: a second 401 is final. */
  private async replay<T>(path: string, options: RequestOptions): Promise<T> {
    const response = await this.send(path, options, this.store.get()?.accessToken ?? null);
    return parse<T>(response);
  }

  private startRefresh(unauthorised: ApiRequestError): void {
    this.queueTimer = setTimeout(() => this.flushQueue((entry) => entry.drop(unauthorised)), this.queueClearMs);
    this.refreshing = this.refreshTokens()
      .then(
        () => this.flushQueue((entry) => entry.replay()),
        (error: unknown) => {
          const isRejected = error instanceof ApiRequestError && error.status === 400;
          if (isRejected) {
            const description = error.description ?? 'Unknown Error';
            this.store.clear(description);
            this.onRefreshRejected(description);
          }
          // Otherwise the requests stay unauthenticated: they fail with their original 401.
          this.flushQueue((entry) => entry.drop(isRejected ? error : unauthorised));
        },
      )
      .finally(() => {
        this.refreshing = null;
      });
  }

  private flushQueue(action: (entry: QueuedRequest) => void): void {
    if (this.queueTimer) clearTimeout(this.queueTimer);
    this.queueTimer = null;
    const entries = this.queue;
    this.queue = [];
    entries.forEach(action);
  }

  private async refreshTokens(): Promise<void> {
    const refreshToken = this.store.get()?.refreshToken;
    if (!refreshToken) throw new ApiRequestError(401, 'unauthenticated', null);
    const answer = await this.request<TokenAnswer>('/oauth/token', {
      method: 'POST',
      auth: false,
      form: { grant_type: 'refresh_token', refresh_token: refreshToken },
    });
    this.store.updateTokens(answer);
  }

  /** One HTTP exchange with the time-out; never throws a raw fetch error. */
  private async send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
    const controller = new AbortController();
    let isTimedOut = false;
    const timer = setTimeout(() => {
      isTimedOut = true;
      controller.abort();
    }, this.timeoutMs);
    const onCallerAbort = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', onCallerAbort, { once: true });

    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const language = this.language();
    if (language) headers['Accept-Language'] = language;
    let body: string | FormData | undefined;
    if (options.multipart) {
      body = options.multipart;
    } else if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    }

    try {
      return await this.fetchFn(this.baseUrl + path + queryString(options.query), {
        method: options.method ?? 'GET',
        headers,
        body,
        signal: controller.signal,
      });
    } catch (error) {
      // A caller's own cancel (e.g. React Query unmount) is passed through untouched.
      if (options.signal?.aborted && !isTimedOut) throw error;
      throw new ApiRequestError(0, isTimedOut ? 'timeout' : 'network', 'Error contacting server');
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
    }
  }
}

function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function parse<T>(response: Response): Promise<T> {
  if (!response.ok) throw await toError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

async function toError(response: Response): Promise<ApiRequestError> {
  let body: unknown = null;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's HTML error page): keep the status, no description.
  }
  const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const description = typeof record.error_description === 'string' ? record.error_description : null;
  const code = typeof record.code === 'string' ? record.code : typeof record.error === 'string' ? record.error : 'http_error';
  return new ApiRequestError(response.status, code, description, body);
}
