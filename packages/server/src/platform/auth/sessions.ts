/** Session families for verified identities (password, one-time code, federated sign-in). */
import type { OrganisationRef, TokenAnswer } from '@docket/shared';
import { ACCESS_TOKEN_LIFETIME_S } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { nowIso } from '../db/json.ts';
import { startFamily } from './refresh-tokens.ts';
import { HttpError } from '../errors/http-error.ts';

/** docs/product/administration.md#subscriptions: every organisation of the person is suspended. */
export const NO_SUBSCRIPTION = 'No subscription(s) found.';

/**
 * An inactive organisation signs no one in: a person whose every membership (or whose bound
 * organisation) is suspended is refused. Someone with no membership yet still signs in, to
 * accept an invitation.
 */
async function refuseWithoutActiveSubscription(ctx: AppContext, identityUuid: string, boundOrgId: number | null): Promise<void> {
  let query = ctx.database.db
    .selectFrom('memberships')
    .innerJoin('organisations', 'organisations.id', 'memberships.org_id')
    .select(['organisations.active'])
    .where('memberships.identity_uuid', '=', identityUuid);
  if (boundOrgId !== null) query = query.where('organisations.id', '=', boundOrgId);
  const rows = await query.execute();
  if (rows.length > 0 && rows.every((row) => Number(row.active) !== 1)) throw new HttpError('forbidden', NO_SUBSCRIPTION);
}

/**
 * Starts a session family for a verified identity (password, one-time code, OIDC). A session
 * bound to an organisation (`boundOrgId`) acts in that organisation only (request-context.ts).
 */
export async function issueTokens(
  ctx: AppContext,
  identityUuid: string,
  countSession: boolean,
  boundOrgId: number | null,
): Promise<TokenAnswer> {
  await refuseWithoutActiveSubscription(ctx, identityUuid, boundOrgId);
  const family = await startFamily(ctx.database, identityUuid, boundOrgId);
  if (countSession) {
    await ctx.database.db
      .updateTable('identities')
      .set((eb) => ({ last_login: nowIso(), session_count: eb('session_count', '+', 1) }))
      .where('uuid', '=', identityUuid)
      .execute();
  }
  return {
    access_token: await ctx.accessTokens.issue(identityUuid, family.familyId),
    refresh_token: family.token,
    expires_in: ACCESS_TOKEN_LIFETIME_S,
    token_type: 'Bearer',
    organisations: await organisationsOf(ctx, identityUuid, boundOrgId),
  };
}

/** The organisations a session may act in: the bound one, or every active membership. */
export async function organisationsOf(ctx: AppContext, identityUuid: string, boundOrgId: number | null = null): Promise<OrganisationRef[]> {
  let query = ctx.database.db
    .selectFrom('memberships')
    .innerJoin('organisations', 'organisations.id', 'memberships.org_id')
    .select(['organisations.app_id', 'organisations.company'])
    .where('memberships.identity_uuid', '=', identityUuid)
    .where('organisations.active', '=', 1);
  if (boundOrgId !== null) query = query.where('organisations.id', '=', boundOrgId);
  const rows = await query.orderBy('organisations.company').execute();
  return rows.map((row) => ({ app_id: row.app_id, company: row.company }));
}
