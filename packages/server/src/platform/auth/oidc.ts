/**
 * Federated sign-in over OpenID Connect (docs/product/identities-and-sign-in.md#federated-sign-in; issue 3 item 5), with
 * openid-client (authorization-code flow, PKCE, state and nonce):
 *
 * 1. `GET /oauth/federated/start?app=` stores a state row (10 minutes, single use), puts a random
 *    browser value in an HttpOnly cookie (only its SHA-256 is stored, with the state) and
 *    redirects the browser to the organisation's provider (from its directory settings).
 * 2. The provider returns to `GET /oauth/federated/callback`; the state is accepted only with the
 *    cookie of the browser that started it (login CSRF: an attacker's own sign-in, stopped before
 *    this return and sent to a victim, is refused). The server exchanges the code (every call to
 *    the provider goes through the guarded outbound client), checks the ID token, finds the member
 *    by this organisation's own link (`memberships.federated_id`), then by verified e-mail, which
 *    then records that link, and redirects to the web app's `#/login?code=` with a one-time
 *    Docket code (2 minutes, single use, stored hashed, bound to the same browser value).
 * 3. The web app exchanges it automatically: `grant_type=authorization_code` with
 *    `authorization_code` gives the tokens, only with that browser's cookie.
 *
 * The link is per organisation: one organisation's provider never changes how another
 * organisation's sign-in matches a person they share, nor shows it its provider's subject.
 */
import * as client from 'openid-client';
import type { FederatedFailure, TokenAnswer } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { nowIso } from '../db/json.ts';
import { writeLog } from '../logs/logs.ts';
import { guardedFetch } from '../net/guarded-fetch.ts';
import { loadDirectorySettings } from './directory-settings.ts';
import { normaliseEmail } from './email.ts';
import { OAuthError, SESSION_EXPIRED } from './oauth-error.ts';
import { hashToken, newOpaqueToken } from './refresh-tokens.ts';
import { issueTokens } from './sessions.ts';

const STATE_LIFETIME_MS = 10 * 60 * 1000;
const HANDBACK_LIFETIME_MS = 2 * 60 * 1000;

/**
 * Why a federated sign-in stopped: its code goes to the sign-in screen, which words it in the
 * user's language; the English message is for the server's log (docs/product/security.md#sign-in-messages).
 */
export class FederatedSignInError extends Error {
  readonly code: FederatedFailure;
  constructor(code: FederatedFailure, message: string) {
    super(message);
    this.code = code;
  }
}

/** The cookie holding the browser value of a federated sign-in in progress. */
export const FEDERATED_BROWSER_COOKIE = 'docket_federated';
/** A return or hand-back code that reaches another browser than the one that started the sign-in. */
export const OTHER_BROWSER = 'This sign-in was not started in this browser. Please start again from the sign-in page.';

/** HttpOnly, SameSite=Lax (the provider's return is a top-level navigation), Secure over https; /oauth only. */
export function federatedCookieOptions(ctx: AppContext) {
  return {
    path: '/oauth',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.config.publicUrl.startsWith('https:'),
    maxAge: STATE_LIFETIME_MS / 1000,
  };
}

type ProviderClaims = { sub: string; email?: unknown; email_verified?: unknown };

export function callbackUrl(ctx: AppContext): string {
  return `${ctx.config.publicUrl}/oauth/federated/callback`;
}

async function providerConfig(ctx: AppContext, orgId: number): Promise<{ config: client.Configuration; issuer: string }> {
  const { settings, clientSecret } = await loadDirectorySettings(ctx.database.db, orgId);
  if (!settings.federated_login || !settings.issuer || !settings.client_id)
    throw new FederatedSignInError('federated_not_configured', 'Federated sign-in is not configured for this organisation.');
  const issuer = new URL(settings.issuer);
  // The operator's policy decides which addresses and whether plain http; the organisation's
  // allowed hosts only narrow the public hosts its provider may be reached at.
  const policy = ctx.config.outbound;
  const fetch = guardedFetch({ policy, allowHosts: settings.allowed_hosts ?? [], timeoutMs: ctx.config.outboundTimeoutMs });
  if (issuer.protocol === 'http:' && !policy.allowHttp)
    throw new FederatedSignInError('federated_https_required', 'The provider must be reached over https.');
  const config = await client.discovery(issuer, settings.client_id, clientSecret ?? undefined, undefined, {
    [client.customFetch]: (url: string, options: RequestInit) => fetch(url, options),
    ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
  });
  return { config, issuer: settings.issuer };
}

/**
 * Step 1: the provider's authorization URL for the organisation with this app id, and the browser
 * value the route puts in the browser's cookie.
 */
export async function startFederated(ctx: AppContext, appId: string): Promise<{ target: URL; browserValue: string }> {
  const org = await ctx.database.db.selectFrom('organisations').select(['id', 'active']).where('app_id', '=', appId).executeTakeFirst();
  if (!org || !org.active) throw new FederatedSignInError('federated_no_subscription', 'No subscription(s) found.');
  const { config } = await providerConfig(ctx, Number(org.id));
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const browserValue = newOpaqueToken();
  const now = Date.now();
  await ctx.database.db
    .insertInto('oidc_states')
    .values({
      state_hash: hashToken(state),
      org_id: Number(org.id),
      nonce,
      code_verifier: codeVerifier,
      created_date: new Date(now).toISOString(),
      expires_date: new Date(now + STATE_LIFETIME_MS).toISOString(),
      used_date: null,
      browser_hash: hashToken(browserValue),
    })
    .execute();
  const target = client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(ctx),
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { target, browserValue };
}

/**
 * Step 2: the provider's return, in the browser whose cookie holds `browserValue`; answers the
 * one-time Docket code for the web app.
 */
export async function completeFederated(ctx: AppContext, query: Record<string, string>, browserValue: string | undefined): Promise<string> {
  if (!query.state) throw new FederatedSignInError('federated_incomplete', 'The sign-in answer is incomplete.');
  const stateHash = hashToken(query.state);
  const browserHash = browserValue ? hashToken(browserValue) : null;
  const spent = browserHash
    ? await ctx.database.db
        .updateTable('oidc_states')
        .set({ used_date: nowIso() })
        .where('state_hash', '=', stateHash)
        .where('browser_hash', '=', browserHash)
        .where('used_date', 'is', null)
        .where('expires_date', '>', nowIso())
        .returning(['org_id', 'nonce', 'code_verifier'])
        .executeTakeFirst()
    : undefined;
  if (!spent) {
    // A live state without this browser's value was started elsewhere: never continued here.
    const elsewhere = await ctx.database.db
      .selectFrom('oidc_states')
      .select('state_hash')
      .where('state_hash', '=', stateHash)
      .where('used_date', 'is', null)
      .where('expires_date', '>', nowIso())
      .executeTakeFirst();
    throw elsewhere
      ? new FederatedSignInError('federated_other_browser', OTHER_BROWSER)
      : new FederatedSignInError('federated_expired', 'The sign-in attempt has expired. Please try again.');
  }
  const orgId = Number(spent.org_id);
  if (query.error) {
    // The provider's own words go to the organisation's log, not into the sign-in screen.
    await writeLog(ctx.database, {
      orgId,
      type: 2,
      subject: 'Federated sign-in failed',
      summary: 'The provider refused the sign-in',
      descrip: `${query.error}${query.error_description ? `: ${query.error_description}` : ''}`.slice(0, 300),
    });
    throw new FederatedSignInError('federated_provider_refused', 'The provider refused the sign-in.');
  }
  const { config, issuer } = await providerConfig(ctx, orgId);
  const current = new URL(callbackUrl(ctx));
  for (const [name, value] of Object.entries(query)) current.searchParams.set(name, value);
  let claims: ProviderClaims | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: spent.code_verifier,
      expectedState: query.state,
      expectedNonce: spent.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    claims = idToken;
    // Providers may keep the e-mail out of the ID token and answer it from the userinfo endpoint.
    if (idToken && typeof idToken.email !== 'string') {
      const info = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
      claims = { ...idToken, email: info.email, email_verified: info.email_verified };
    }
  } catch (error) {
    await writeLog(ctx.database, {
      orgId,
      type: 2,
      subject: 'Federated sign-in failed',
      summary: 'The provider answer was refused',
      descrip: error instanceof Error ? error.message.slice(0, 300) : '',
    });
    throw new FederatedSignInError('federated_unverified', 'The provider answer could not be verified.');
  }
  if (!claims?.sub) throw new FederatedSignInError('federated_unverified', 'The provider answer could not be verified.');
  const identityUuid = await matchMember(ctx, orgId, `${issuer}|${claims.sub}`, claims);
  const code = newOpaqueToken();
  const now = Date.now();
  await ctx.database.db
    .insertInto('sign_in_codes')
    .values({
      client_code_hash: hashToken(code),
      purpose: 'federated',
      identity_uuid: identityUuid,
      code_hash: null,
      method: 'federated',
      attempts: 0,
      created_date: new Date(now).toISOString(),
      expires_date: new Date(now + HANDBACK_LIFETIME_MS).toISOString(),
      used_date: null,
      // The provider vouches for this organisation only: the session it starts is bound to it.
      org_id: orgId,
      // Only the browser that started the sign-in may exchange the code.
      browser_hash: browserHash,
    })
    .execute();
  return code;
}

/**
 * The member behind the provider's subject: by this organisation's own link
 * (`memberships.federated_id`), else by a verified e-mail, which then records that link on this
 * membership only. Another organisation's link is never read nor written.
 */
async function matchMember(ctx: AppContext, orgId: number, federatedId: string, claims: ProviderClaims): Promise<string> {
  const members = ctx.database.db
    .selectFrom('identities as i')
    .innerJoin('memberships as m', 'm.identity_uuid', 'i.uuid')
    .select(['i.uuid', 'i.email', 'm.federated_id', 'i.active', 'i.login_enabled'])
    .where('m.org_id', '=', orgId);
  let member = await members.where('m.federated_id', '=', federatedId).executeTakeFirst();
  const email = typeof claims.email === 'string' ? normaliseEmail(claims.email) : undefined;
  if (!member && email && claims.email_verified !== false) {
    const byEmail = await members.where('i.email', '=', email).executeTakeFirst();
    if (byEmail && byEmail.federated_id === null) {
      const linked = await ctx.database.db
        .updateTable('memberships')
        .set({ federated_id: federatedId })
        .where('org_id', '=', orgId)
        .where('identity_uuid', '=', byEmail.uuid)
        .where('federated_id', 'is', null)
        .executeTakeFirst();
      if (Number(linked.numUpdatedRows) === 1) member = byEmail;
    }
  }
  if (!member || !member.active || !member.login_enabled) {
    await writeLog(ctx.database, {
      orgId,
      type: 2,
      subject: 'Federated sign-in failed',
      summary: `No enabled member for ${email ?? 'an unknown e-mail'}`,
    });
    throw new FederatedSignInError('federated_no_account', 'There is no Docket account for you in this organisation.');
  }
  await writeLog(ctx.database, {
    orgId,
    type: 1,
    subject: 'Signed in',
    summary: `${member.email} signed in through the organisation's directory`,
    identityUuid: member.uuid,
  });
  return member.uuid;
}

/**
 * Step 3: `grant_type=authorization_code`: the one-time Docket code for tokens, in the browser
 * whose cookie holds the sign-in's browser value.
 */
export async function authorizationCodeGrant(ctx: AppContext, code: string, browserValue: string | undefined): Promise<TokenAnswer> {
  const codeHash = hashToken(code);
  const spent = browserValue
    ? await ctx.database.db
        .updateTable('sign_in_codes')
        .set({ used_date: nowIso() })
        .where('client_code_hash', '=', codeHash)
        .where('purpose', '=', 'federated')
        .where('browser_hash', '=', hashToken(browserValue))
        .where('used_date', 'is', null)
        .where('expires_date', '>', nowIso())
        .returning(['identity_uuid', 'org_id'])
        .executeTakeFirst()
    : undefined;
  if (!spent) {
    const elsewhere = await ctx.database.db
      .selectFrom('sign_in_codes')
      .select('id')
      .where('client_code_hash', '=', codeHash)
      .where('purpose', '=', 'federated')
      .where('used_date', 'is', null)
      .where('expires_date', '>', nowIso())
      .executeTakeFirst();
    throw new OAuthError('invalid_grant', elsewhere ? OTHER_BROWSER : SESSION_EXPIRED);
  }
  if (spent.org_id === null) throw new OAuthError('invalid_grant', SESSION_EXPIRED);
  return issueTokens(ctx, spent.identity_uuid, true, Number(spent.org_id));
}
