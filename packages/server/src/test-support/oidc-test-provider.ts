/**
 * A real OpenID Connect provider (the `oidc-provider` package) on loopback for the federated
 * sign-in tests, plus a tiny cookie-keeping "browser" that walks its development login and
 * consent forms. Nothing here is product code.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { Config } from '../config.ts';
import { parseAddressRanges } from '../platform/net/address-policy.ts';

/**
 * The server operator's settings a loopback provider needs (OUTBOUND_ALLOW_PRIVATE=127.0.0.0/8,
 * OUTBOUND_ALLOW_HTTP=true): no organisation setting can open loopback or plain http.
 */
export function operatorAllowsLoopback(): Pick<Config, 'outbound'> {
  return { outbound: { allowPrivate: parseAddressRanges('127.0.0.0/8'), allowHttp: true } };
}

export interface TestProvider {
  issuer: string;
  host: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export interface TestAccount {
  email: string;
  emailVerified?: boolean;
}

export async function startTestProvider(redirectUri: string, accounts: Record<string, TestAccount>): Promise<TestProvider> {
  let handler: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'docket-test';
  const clientSecret = 'provider-client-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts[id];
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: account.email, email_verified: account.emailVerified ?? true, name: id }),
      };
    },
  });
  handler = provider.callback();
  return {
    issuer,
    host: `127.0.0.1:${port}`,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Follows the provider's redirects and submits its login (as `login`) and consent forms until it
 * redirects to `redirectUri`; answers that final URL.
 */
export async function browseToRedirect(start: string, redirectUri: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = start;
  let method = 'GET';
  let body: string | undefined;
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUri)) return next;
      url = next.href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`The provider answered ${response.status} without a form: ${html.slice(0, 300)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1] ?? 'consent';
    url = new URL(action, url).href;
    method = 'POST';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt }).toString();
  }
  throw new Error('The provider did not redirect back');
}
