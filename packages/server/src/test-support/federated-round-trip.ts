/**
 * A browser's round trip through federated sign-in for the tests (platform/auth/oidc.ts): the
 * start (keeping the cookie it sets, as a browser does), the provider's login and consent, the
 * return, and the exchange of the hand-back code with that cookie. Nothing here is product code.
 */
import type { LightMyRequestResponse } from 'fastify';
import { FEDERATED_BROWSER_COOKIE } from '../platform/auth/oidc.ts';
import { browseToRedirect, type TestProvider } from './oidc-test-provider.ts';
import type { TestApp } from './test-app.ts';

/** The sign-in's browser value from an answer's Set-Cookie, if it set one. */
export function federatedCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === FEDERATED_BROWSER_COOKIE)?.value;
}

export const cookieHeader = (value: string | undefined): Record<string, string> =>
  value === undefined ? {} : { cookie: `${FEDERATED_BROWSER_COOKIE}=${value}` };

export interface Started {
  /** Where the start sent the browser (the provider, or back to the sign-in screen). */
  location: URL;
  /** The browser value the start's cookie holds. */
  cookie: string | undefined;
  response: LightMyRequestResponse;
}

export async function startSignIn(t: TestApp, appId: string): Promise<Started> {
  const response = await t.app.inject({ method: 'GET', url: `/oauth/federated/start?app=${encodeURIComponent(appId)}` });
  return { location: new URL(String(response.headers.location)), cookie: federatedCookieOf(response), response };
}

/** The provider's return for `login` (the callback URL the provider redirects the browser to). */
export async function providerReturn(t: TestApp, idp: TestProvider, started: Started, login: string): Promise<URL> {
  return browseToRedirect(started.location.href, `${t.ctx.config.publicUrl}/oauth/federated/callback`, login);
}

/** The browser (its cookie, or none) follows the provider's return; answers where Docket sent it. */
export async function followReturn(t: TestApp, back: URL, cookie: string | undefined): Promise<URL> {
  const answer = await t.app.inject({ method: 'GET', url: `/oauth/federated/callback${back.search}`, headers: cookieHeader(cookie) });
  if (answer.statusCode !== 302) throw new Error(`The callback answered ${answer.statusCode}: ${answer.body}`);
  return new URL(String(answer.headers.location));
}

/** The whole round trip in one browser; answers where Docket sent it and the browser's cookie. */
export async function roundTrip(
  t: TestApp,
  idp: TestProvider,
  appId: string,
  login: string,
): Promise<{ landed: URL; cookie: string | undefined }> {
  const started = await startSignIn(t, appId);
  if (!started.location.href.startsWith(idp.issuer)) return { landed: started.location, cookie: started.cookie };
  const back = await providerReturn(t, idp, started, login);
  return { landed: await followReturn(t, back, started.cookie), cookie: started.cookie };
}

export const hashQuery = (url: URL): URLSearchParams => new URLSearchParams(url.hash.split('?')[1] ?? '');

/** `grant_type=authorization_code` with the hand-back code, from the browser with this cookie. */
export function exchangeCode(t: TestApp, code: string, cookie: string | undefined): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...cookieHeader(cookie) },
    payload: new URLSearchParams({ grant_type: 'authorization_code', authorization_code: code }).toString(),
  });
}

/** A directory's settings that sign its members in through `idp` (the test provider on loopback). */
export function directoryOf(idp: TestProvider, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    federated_login: true,
    provider: 'Test directory',
    allow_users_internal: true,
    issuer: idp.issuer,
    client_id: idp.clientId,
    client_secret: idp.clientSecret,
    allowed_hosts: [idp.host],
    ...extra,
  };
}
