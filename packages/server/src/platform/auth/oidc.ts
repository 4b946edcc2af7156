/**
 * Federated sign-in over OpenID Connect (docs/product/identities-and-sign-in.md#sign-in; issue 3 item 5), with
 * openid-client (authorization-code flow, PKCE, state and nonce):
 *
 * 1. `GET /oauth/federated/start?app=` stores a state row (10 minutes, single use) and redirects
 *    the browser to the organisation's provider (from its directory settings).
 * 2. The provider returns to `GET /oauth/federated/callback`; the server exchanges the code
 *    (every call to the provider goes through the guarded outbound client), checks the ID token,
 *    finds the member (by federated_id, then by verified e-mail, which then records the
 *    federated_id) and redirects to the web app's `#/login?code=` with a one-time Docket code
 *    (2 minutes, single use, stored hashed).
 * 3. The web app exchanges it automatically: `grant_type=authorization_code` with
 *    `authorization_code` gives the tokens.
 */
import * as client from 'openid-client';
import type { TokenAnswer } from '@docket/shared';
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

export class FederatedSignInError extends Error {}

type ProviderClaims = { sub: string; email?: unknown; email_verified?: unknown };

export function callbackUrl(ctx: AppContext): string {
  return `${ctx.config.publicUrl}/oauth/federated/callback`;
}

async function providerConfig(ctx: AppContext, orgId: number): Promise<{ config: client.Configuration; issuer: string }> {
  const { settings, clientSecret } = await loadDirectorySettings(ctx.database.db, orgId);
  if (!settings.federated_login || !settings.issuer || !settings.client_id)
    throw new FederatedSignInError('Federated sign-in is not configured for this organisation.');
  const issuer = new URL(settings.issuer);
  // The operator's policy decides which addresses and whether plain http; the organisation's
  // allowed hosts only narrow the public hosts its provider may be reached at.
  const policy = ctx.config.outbound;
  const fetch = guardedFetch({ policy, allowHosts: settings.allowed_hosts ?? [], timeoutMs: ctx.config.outboundTimeoutMs });
  if (issuer.protocol === 'http:' && !policy.allowHttp) throw new FederatedSignInError('The provider must be reached over https.');
  const config = await client.discovery(issuer, settings.client_id, clientSecret ?? undefined, undefined, {
    [client.customFetch]: (url: string, options: RequestInit) => fetch(url, options),
    ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
  });
  return { config, issuer: settings.issuer };
}

/** Step 1: the provider's authorization URL for the organisation with this app id. */
export async function startFederated(ctx: AppContext, appId: string): Promise<URL> {
  const org = await ctx.database.db.selectFrom('organisations').select(['id', 'active']).where('app_id', '=', appId).executeTakeFirst();
  if (!org || !org.active) throw new FederatedSignInError('No subscription(s) found.');
  const { config } = await providerConfig(ctx, Number(org.id));
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
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
    })
    .execute();
  return client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(ctx),
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
}

/** Step 2: the provider's return; answers the one-time Docket code for the web app. */
export async function completeFederated(ctx: AppContext, query: Record<string, string>): Promise<string> {
  if (!query.state) throw new FederatedSignInError('The sign-in answer is incomplete.');
  const stateHash = hashToken(query.state);
  const spent = await ctx.database.db
    .updateTable('oidc_states')
    .set({ used_date: nowIso() })
    .where('state_hash', '=', stateHash)
    .where('used_date', 'is', null)
    .where('expires_date', '>', nowIso())
    .returning(['org_id', 'nonce', 'code_verifier'])
    .executeTakeFirst();
  if (!spent) throw new FederatedSignInError('The sign-in attempt has expired. Please try again.');
  if (query.error) throw new FederatedSignInError(query.error_description || 'The provider refused the sign-in.');
  const orgId = Number(spent.org_id);
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
    throw new FederatedSignInError('The provider answer could not be verified.');
  }
  if (!claims?.sub) throw new FederatedSignInError('The provider answer could not be verified.');
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
    })
    .execute();
  return code;
}

/** The member behind the provider's subject: by federated_id, else by a verified e-mail. */
async function matchMember(ctx: AppContext, orgId: number, federatedId: string, claims: ProviderClaims): Promise<string> {
  const members = ctx.database.db
    .selectFrom('identities as i')
    .innerJoin('memberships as m', 'm.identity_uuid', 'i.uuid')
    .select(['i.uuid', 'i.email', 'i.federated_id', 'i.active', 'i.login_enabled'])
    .where('m.org_id', '=', orgId);
  let member = await members.where('i.federated_id', '=', federatedId).executeTakeFirst();
  const email = typeof claims.email === 'string' ? normaliseEmail(claims.email) : undefined;
  if (!member && email && claims.email_verified !== false) {
    const byEmail = await members.where('i.email', '=', email).executeTakeFirst();
    if (byEmail && (byEmail.federated_id === null || byEmail.federated_id === federatedId)) {
      await ctx.database.db.updateTable('identities').set({ federated_id: federatedId }).where('uuid', '=', byEmail.uuid).execute();
      member = byEmail;
    }
  }
  if (!member || !member.active || !member.login_enabled) {
    await writeLog(ctx.database, {
      orgId,
      type: 2,
      subject: 'Federated sign-in failed',
      summary: `No enabled member for ${email ?? 'an unknown e-mail'}`,
    });
    throw new FederatedSignInError('There is no Docket account for you in this organisation.');
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

/** Step 3: `grant_type=authorization_code`: the one-time Docket code for tokens. */
export async function authorizationCodeGrant(ctx: AppContext, code: string): Promise<TokenAnswer> {
  const spent = await ctx.database.db
    .updateTable('sign_in_codes')
    .set({ used_date: nowIso() })
    .where('client_code_hash', '=', hashToken(code))
    .where('purpose', '=', 'federated')
    .where('used_date', 'is', null)
    .where('expires_date', '>', nowIso())
    .returning(['identity_uuid', 'org_id'])
    .executeTakeFirst();
  if (!spent || spent.org_id === null) throw new OAuthError('invalid_grant', SESSION_EXPIRED);
  return issueTokens(ctx, spent.identity_uuid, true, Number(spent.org_id));
}
