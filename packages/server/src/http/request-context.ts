/**
 * Turns a request into a Principal: the bearer token (or, on /file routes, the access cookie),
 * the identity behind it (active, login enabled, its session family not revoked), and the organisation in context (issue 2 item 7):
 *   `{appId}` in /v3/{appId}/…; else the `app` query parameter or `X-App` header; else the
 *   caller's only organisation (400 when they belong to several and name none).
 * Unknown app id → 404; not a member → 403.
 */
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import { ACCESS_TOKEN_LIFETIME_S, reportingSettingsFrom, type Grant } from '@docket/shared';
import type { AppContext } from '../app-context.ts';
import { accessGeneration } from '../platform/cache/data-generation.ts';
import { readJson } from '../platform/db/json.ts';
import { cachePerDatabase } from '../platform/cache/ttl-cache.ts';
import type { OrganisationContext, Principal } from '../platform/access/principal.ts';
import { rolesOf } from '../platform/access/principal.ts';
import { loadGrants } from '../platform/access/grants.repository.ts';
import { badRequest, forbidden, HttpError, notFound, unauthenticated } from './http-error.ts';

export interface AuthenticatedIdentity {
  uuid: string;
  displayName: string;
  email: string;
  /** The session (refresh-token family) the access token belongs to. */
  sessionId: string;
  /** When the access token stops being valid. */
  tokenExpiresAtMs: number;
  /** The organisation the session is bound to (federated or administrator-set password), else null. */
  boundOrgId: number | null;
}

export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthenticatedIdentity> {
  const token = bearerToken(request) ?? fileCookieToken(request);
  if (!token) throw unauthenticated();
  const claims = await ctx.accessTokens.verify(token);
  if (!claims) throw unauthenticated();
  // One round trip: the identity and whether its session family is still alive. Logout,
  // password changes and disabling revoke the family, so its access tokens die with it. During an
  // index build on the embedded database, read on a reader thread, which sees every write committed
  // before it (`shortReads`, docs/architecture.md#reader-threads).
  const identity = await ctx.database
    .shortReads()
    .selectFrom('identities')
    .select(['uuid', 'display_name', 'email', 'active', 'login_enabled'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('refresh_tokens')
            .select('refresh_tokens.id')
            .where('refresh_tokens.family_id', '=', claims.sid)
            .where('refresh_tokens.revoked_date', 'is', null),
        )
        .as('session_live'),
    )
    .select((eb) =>
      eb
        .selectFrom('refresh_tokens')
        .select('refresh_tokens.org_id')
        .where('refresh_tokens.family_id', '=', claims.sid)
        .limit(1)
        .as('bound_org_id'),
    )
    .where('uuid', '=', claims.sub)
    .executeTakeFirst();
  if (!identity || !identity.active || !identity.login_enabled) throw unauthenticated();
  if (!Number(identity.session_live)) throw unauthenticated();
  return {
    uuid: identity.uuid,
    displayName: identity.display_name,
    email: identity.email,
    sessionId: claims.sid,
    tokenExpiresAtMs: (claims.iat + ACCESS_TOKEN_LIFETIME_S) * 1000,
    boundOrgId: identity.bound_org_id === null || identity.bound_org_id === undefined ? null : Number(identity.bound_org_id),
  };
}

/**
 * Principals resolved in the last few seconds, per database and per (token, organisation named):
 * resolving one costs four queries, and a browser asks a dozen times per screen. An entry dies
 * with any change of what a principal is read from (data-generation.ts, the access generation: a
 * logout, a grant, a disabled account, a membership…), after `config.cache.principalMs`, and never
 * outlives its token. Document writes leave it: with every write ending it, each list asked while
 * creates ran resolved its principal again on the connection the creates held (bench/README.md).
 */
const principalCaches = cachePerDatabase<Principal>();
const principalCacheOf = (ctx: AppContext) =>
  principalCaches(ctx.database, () => ({ ttlMs: ctx.config.cache.principalMs, maxEntries: 10_000, generation: accessGeneration }));

export async function resolvePrincipal(ctx: AppContext, request: FastifyRequest): Promise<Principal> {
  const cache = principalCacheOf(ctx);
  const token = bearerToken(request) ?? fileCookieToken(request);
  const key = token && cache.enabled ? `${token}\u0000${namedAppId(request) ?? ''}` : undefined;
  const cached = key ? cache.get(key) : undefined;
  if (cached) return cached;
  const generation = accessGeneration();
  const { tokenExpiresAtMs, ...identity } = await authenticate(ctx, request);
  const org = await resolveOrganisation(ctx, request, identity.uuid, identity.boundOrgId);
  const grants = await loadGrants(ctx.database, org.id, identity.uuid, ctx.database.shortReads());
  // Frozen: one object now serves many requests, and no operation may change who is calling.
  const principal: Principal = Object.freeze({
    ...identity,
    org: Object.freeze(org),
    grants: Object.freeze(grants) as Grant[],
    roles: rolesOf(grants),
  });
  if (key) cache.set(key, principal, generation, { expiresAt: tokenExpiresAtMs });
  return principal;
}

export const SIGN_IN_OF_ANOTHER_ORGANISATION = 'This sign-in is valid for another organisation only. Please sign in again to use this one.';

/**
 * The organisation in context. A session bound to an organisation (federated sign-in,
 * administrator-set password) acts there only: any other one answers 403, whatever the membership.
 */
async function resolveOrganisation(
  ctx: AppContext,
  request: FastifyRequest,
  identityUuid: string,
  boundOrgId: number | null,
): Promise<OrganisationContext> {
  const appId = namedAppId(request);
  if (appId === undefined) {
    let query = ctx.database
      .shortReads()
      .selectFrom('memberships')
      .innerJoin('organisations', 'organisations.id', 'memberships.org_id')
      .select(['organisations.id', 'organisations.app_id', 'organisations.company', 'organisations.settings'])
      .where('memberships.identity_uuid', '=', identityUuid)
      .where('organisations.active', '=', 1);
    if (boundOrgId !== null) query = query.where('organisations.id', '=', boundOrgId);
    const rows = await query.limit(2).execute();
    if (rows.length === 0) throw forbidden('You are not a member of any organisation.');
    if (rows.length > 1) throw badRequest(await severalOrganisationsRefusal(ctx, identityUuid));
    const row = rows[0]!;
    return organisationContextOf(row);
  }
  const org = await ctx.database
    .shortReads()
    .selectFrom('organisations')
    .select(['id', 'app_id', 'company', 'active', 'settings'])
    .where('app_id', '=', appId)
    .executeTakeFirst();
  if (!org || !org.active) throw notFound('No subscription(s) found.');
  if (boundOrgId !== null && Number(org.id) !== boundOrgId) throw new HttpError('forbidden', SIGN_IN_OF_ANOTHER_ORGANISATION);
  const member = await ctx.database
    .shortReads()
    .selectFrom('memberships')
    .select('org_id')
    .where('org_id', '=', org.id)
    .where('identity_uuid', '=', identityUuid)
    .executeTakeFirst();
  if (!member) throw new HttpError('forbidden', 'You are not a member of this organisation.');
  return organisationContextOf(org);
}

/** How many of the caller's application ids the refusal lists: a long list would bury the instruction. */
const MAX_LISTED_APPS = 10;

/**
 * The 400 of a caller in several organisations who named none
 * (docs/product/identities-and-sign-in.md#preferences): what to send and the values it takes, the
 * caller's own organisations' application ids, which their sign-in answered already.
 */
async function severalOrganisationsRefusal(ctx: AppContext, identityUuid: string): Promise<string> {
  const rows = await ctx.database
    .shortReads()
    .selectFrom('memberships')
    .innerJoin('organisations', 'organisations.id', 'memberships.org_id')
    .select('organisations.app_id')
    .where('memberships.identity_uuid', '=', identityUuid)
    .where('organisations.active', '=', 1)
    .orderBy('organisations.app_id')
    .limit(MAX_LISTED_APPS + 1)
    .execute();
  const listed = rows.slice(0, MAX_LISTED_APPS).map((row) => row.app_id);
  if (rows.length > MAX_LISTED_APPS) listed.push('…');
  return `You belong to several organisations: send the app parameter or the X-App header, set to one of: ${listed.join(', ')}.`;
}

function organisationContextOf(row: { id: number; app_id: string; company: string; settings: unknown }): OrganisationContext {
  const { timeZone } = reportingSettingsFrom(readJson<unknown>(row.settings, {}));
  return { id: row.id, appId: row.app_id, company: row.company, timeZone };
}

function namedAppId(request: FastifyRequest): string | undefined {
  const header = request.headers['x-app'];
  const fromHeader = typeof header === 'string' && header ? header : undefined;
  return stringField(request.params, 'appId') ?? stringField(request.query, 'app') ?? fromHeader;
}

/** A non-empty string field of a route's params or query; this runs for every route, whatever its schema. */
function stringField(source: unknown, name: string): string | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const value: unknown = Reflect.get(source, name);
  return typeof value === 'string' && value ? value : undefined;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

function fileCookieToken(request: FastifyRequest): string | undefined {
  if (!request.url.startsWith('/file/')) return undefined;
  // Optional: a Fastify instance without the cookie plugin (build-app.ts registers it) has no cookies.
  return request.cookies?.access_token;
}
