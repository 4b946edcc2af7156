/**
 * THE outbound HTTP client (docs/product/security.md). Every server-side request to a URL that
 * came from configuration or users (OIDC discovery, token and JWKS calls; later webhooks, URL
 * imports) goes through `guardedFetch`:
 * - the address is checked at connect time: the resolver's answers before connecting, and the
 *   socket's actual remote address once connected (so DNS rebinding and IP-literal spellings
 *   such as `::ffff:127.0.0.1` or `127.1.2.3` are refused alike);
 * - only public addresses are reached, plus the ranges the server's operator listed
 *   (`policy.allowPrivate`, OUTBOUND_ALLOW_PRIVATE); nothing an organisation sets can widen this;
 * - https only, unless the operator allowed plain http (`policy.allowHttp`, OUTBOUND_ALLOW_HTTP);
 * - an organisation's administrator may narrow the hosts (`allowHosts`: `host` or `host:port`);
 *   an empty list means any public host;
 * - redirects are followed only when asked, at most 5, each hop checked again as a new request;
 * - answers are capped in size and time.
 * It answers a WHATWG `Response`, so libraries that accept a custom fetch (openid-client) use it.
 */
import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction, Socket } from 'node:net';
import { isIP } from 'node:net';
import { isPermittedAddress, STRICT_OUTBOUND_POLICY, type OutboundPolicy } from './address-policy.ts';

export interface GuardOptions {
  /** The operator's policy (config.outbound); default: public addresses over https only. */
  policy?: OutboundPolicy;
  /**
   * An organisation's narrowing: the only hosts (`host` or `host:port`, lower case) it may reach.
   * Empty or absent: any host the policy allows. It never opens an address the policy refuses.
   */
  allowHosts?: readonly string[];
  /** How long the peer may stay silent (socket idle), in ms. */
  timeoutMs?: number;
  /**
   * How long one request may take in all, from connecting to the answer's last byte, in ms
   * (default three times `timeoutMs`): a peer sending a byte now and then never falls silent, and
   * held a user's sign-in (the provider's discovery) or a translation for as long as it liked.
   */
  deadlineMs?: number;
  maxBytes?: number;
}

export class OutboundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

const MAX_REDIRECTS = 5;

/** How long an outbound HTTP call may take unless the operator says otherwise (OUTBOUND_TIMEOUT_MS). */
export const DEFAULT_OUTBOUND_TIMEOUT_MS = 10_000;

export type GuardedFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export function guardedFetch(options: GuardOptions = {}): GuardedFetch {
  return async (input, init = {}) => {
    let url = new URL(input instanceof Request ? input.url : String(input));
    let method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    let body = init.body;
    for (let hop = 0; ; hop++) {
      const response = await requestOnce(url, method, init, body, options);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location || init.redirect === 'manual') return response;
      if (init.redirect === 'error') throw new OutboundRefused('Redirects are not allowed for this request');
      if (hop >= MAX_REDIRECTS) throw new OutboundRefused('Too many redirects');
      url = new URL(location, url);
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
    }
  };
}

/** True when the organisation's list is empty or names this host (with or without its port). */
export function isListedHost(url: URL, allowHosts: readonly string[]): boolean {
  if (allowHosts.length === 0) return true;
  const host = url.hostname.toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowHosts.includes(host) || allowHosts.includes(`${host}:${port}`);
}

/** A resolver that refuses names with any address the policy does not permit. */
function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as unknown as LookupAddress[];
      const refused = list.find((a) => !isPermittedAddress(a.address, policy));
      if (refused || list.length === 0)
        return callback(new OutboundRefused(`Refused to connect to ${hostname}: not a public address`), '', 4);
      if ((lookupOptions as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
}

function requestOnce(url: URL, method: string, init: RequestInit, body: RequestInit['body'], options: GuardOptions): Promise<Response> {
  const policy = options.policy ?? STRICT_OUTBOUND_POLICY;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new OutboundRefused(`Refused protocol ${url.protocol}`));
  if (url.protocol === 'http:' && !policy.allowHttp)
    return Promise.reject(new OutboundRefused(`Refused plain http to ${url.hostname}: the server allows https only`));
  if (!isListedHost(url, options.allowHosts ?? []))
    return Promise.reject(new OutboundRefused(`Refused to connect to ${url.hostname}: not among the organisation's allowed hosts`));
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !isPermittedAddress(literal, policy))
    return Promise.reject(new OutboundRefused(`Refused to connect to ${url.hostname}: not a public address`));
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  const payload = encodeBody(body);
  if (payload && !headers['content-length']) headers['content-length'] = String(payload.byteLength);
  return new Promise<Response>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method,
      headers,
      lookup: guardedLookup(policy),
      // A fresh connection every time: a pooled socket opened by another client (the S3 store
      // shares the global agent) would skip the connect-time check.
      agent: false,
      timeout: options.timeoutMs ?? DEFAULT_OUTBOUND_TIMEOUT_MS,
    });
    request.on('socket', (socket: Socket) => {
      // The connect-time check: whatever resolved, the peer we actually reached must be allowed.
      socket.once('connect', () => {
        if (!socket.remoteAddress || !isPermittedAddress(socket.remoteAddress, policy)) {
          request.destroy(new OutboundRefused(`Refused to connect to ${url.hostname}: not a public address`));
        }
      });
    });
    request.on('timeout', () => request.destroy(new OutboundRefused('Outbound request timed out')));
    const deadline = setTimeout(
      () => request.destroy(new OutboundRefused('Outbound request took too long')),
      options.deadlineMs ?? 3 * (options.timeoutMs ?? DEFAULT_OUTBOUND_TIMEOUT_MS),
    );
    request.on('close', () => clearTimeout(deadline));
    request.on('error', reject);
    init.signal?.addEventListener('abort', () => request.destroy(new OutboundRefused('Outbound request aborted')));
    request.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      incoming.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          tooLarge = true;
          reject(new OutboundRefused('Outbound answer too large'));
          request.destroy();
        } else chunks.push(chunk);
      });
      incoming.on('error', reject);
      incoming.on('end', () => {
        if (tooLarge) return;
        const status = incoming.statusCode ?? 502;
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (Array.isArray(value)) for (const v of value) responseHeaders.append(name, v);
          else if (value !== undefined) responseHeaders.set(name, value);
        }
        const nullBody = status === 204 || status === 205 || status === 304 || method === 'HEAD';
        resolve(
          new Response(nullBody ? null : Buffer.concat(chunks), {
            status,
            statusText: incoming.statusMessage ?? '',
            headers: responseHeaders,
          }),
        );
      });
    });
    if (payload) request.write(payload);
    request.end();
  });
}

function encodeBody(body: RequestInit['body']): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new OutboundRefused('Unsupported request body type');
}
