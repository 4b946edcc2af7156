/**
 * Merging identities (`POST /identities/{id}/merge?uuid_to={targetId}`, docs/product/identities-and-sign-in.md#merge).
 * Within the caller's organisation, each source identity's documents (author and last
 * editor), events, grants (direct and group memberships), membership and directory link move to the target; a
 * source left in no organisation is disabled and its sessions end. One transaction per source, so
 * a failed one leaves nothing half-moved. The answer carries the counts behind
 * '{n} user(s) successfully merged (m could not be merged).'
 */
import type { MergeAnswer } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { adminTypes } from '../../platform/access/admin-types.ts';
import { requireAdministrator } from '../../platform/access/admin-guard.ts';
import { HttpError, badRequest } from '../../http/http-error.ts';
import { authorizeMerge } from '../../platform/access/authorize.ts';
import type { AccessScope } from '../../platform/access/access-scope.ts';
import { reassignDocumentPeople } from '../../platform/records/documents-maintenance.repository.ts';
import { revokeOrganisationSessionsOf, revokeSessionsOf } from '../../platform/auth/refresh-tokens.ts';
import { writeLog } from '../../platform/logs/logs.ts';
import { isMember, membershipCounts } from './identities.repository.ts';

export function mergeOutcome(merged: number, failed: number): string {
  return `${merged} user(s) successfully merged (${failed} could not be merged).`;
}

export async function mergeIdentities(
  ctx: AppContext,
  principal: Principal,
  sourceUuids: readonly string[],
  targetUuid: string,
): Promise<MergeAnswer> {
  requireAdministrator(principal, adminTypes.users, 'update', 'identities');
  const decision = authorizeMerge(principal);
  if (!decision.allowed) throw new HttpError('forbidden', decision.reason);
  const orgId = principal.org.id;
  if (!(await isMember(ctx.database.db, orgId, targetUuid)))
    throw badRequest('The identity to merge into is not a member of this organisation.');
  const moved = { documents: 0, events: 0, grants: 0, memberships: 0 };
  const failures: MergeAnswer['failures'] = [];
  let merged = 0;
  for (const source of [...new Set(sourceUuids)]) {
    const reason = await refusal(ctx, principal, source, targetUuid);
    if (reason) {
      failures.push({ uuid: source, reason });
      continue;
    }
    const counts = await mergeOne(ctx, decision.scope, source, targetUuid);
    for (const key of Object.keys(moved) as (keyof typeof moved)[]) moved[key] += counts[key];
    merged += 1;
  }
  const descrip = mergeOutcome(merged, failures.length);
  await writeLog(ctx.database, {
    orgId,
    type: failures.length > 0 ? 2 : 1,
    subject: 'Identities merged',
    summary: `${principal.displayName}: ${descrip}`,
    descrip: `Into ${targetUuid}`,
  });
  return { error: false, merged, failed: failures.length, descrip, moved, failures };
}

async function refusal(ctx: AppContext, principal: Principal, source: string, target: string): Promise<string | undefined> {
  if (source === target) return 'An identity cannot be merged into itself.';
  if (source === principal.uuid) return 'You cannot merge your own identity away.';
  if (!(await isMember(ctx.database.db, principal.org.id, source))) return 'Not a member of this organisation.';
  return undefined;
}

async function mergeOne(ctx: AppContext, scope: AccessScope<'merge'>, source: string, target: string): Promise<MergeAnswer['moved']> {
  const orgId = scope.orgId;
  const counts = await ctx.database.db.transaction().execute(async (trx) => {
    const documents = await reassignDocumentPeople(trx, scope, source, target);
    const events = await trx
      .updateTable('events')
      .set({ created_by: target })
      .where('org_id', '=', orgId)
      .where('created_by', '=', source)
      .executeTakeFirst();
    const grants = await trx
      .updateTable('acl_entries')
      .set({ identity_uuid: target })
      .where('org_id', '=', orgId)
      .where('identity_uuid', '=', source)
      .executeTakeFirst();
    // Group memberships: the target joins each group the source was in (once), the source leaves.
    const groups = await trx
      .selectFrom('acl_members')
      .select('acl_id')
      .where('org_id', '=', orgId)
      .where('identity_uuid', '=', source)
      .execute();
    const targetGroups = new Set(
      (await trx.selectFrom('acl_members').select('acl_id').where('org_id', '=', orgId).where('identity_uuid', '=', target).execute()).map(
        (g) => Number(g.acl_id),
      ),
    );
    const joins = groups.map((g) => Number(g.acl_id)).filter((id) => !targetGroups.has(id));
    if (joins.length > 0)
      await trx
        .insertInto('acl_members')
        .values(joins.map((acl_id) => ({ acl_id, org_id: orgId, identity_uuid: target })))
        .execute();
    await trx.deleteFrom('acl_members').where('org_id', '=', orgId).where('identity_uuid', '=', source).execute();
    const link = await trx
      .selectFrom('memberships')
      .select('directory_id')
      .where('org_id', '=', orgId)
      .where('identity_uuid', '=', source)
      .executeTakeFirst();
    const memberships = await trx
      .deleteFrom('memberships')
      .where('org_id', '=', orgId)
      .where('identity_uuid', '=', source)
      .executeTakeFirst();
    // The source's directory link goes to the target (unless it has its own): dropped with the
    // source's membership, the next directory sync would add the directory's user back as a new
    // member (docs/product/identities-and-sign-in.md#merge).
    if (link?.directory_id)
      await trx
        .updateTable('memberships')
        .set({ directory_id: link.directory_id })
        .where('org_id', '=', orgId)
        .where('identity_uuid', '=', target)
        .where('directory_id', 'is', null)
        .execute();
    const remaining = (await membershipCounts(trx, [source])).get(source) ?? 0;
    if (remaining === 0) await trx.updateTable('identities').set({ active: 0, login_enabled: 0 }).where('uuid', '=', source).execute();
    return {
      documents,
      events: Number(events.numUpdatedRows),
      grants: Number(grants.numUpdatedRows) + groups.length,
      memberships: Number(memberships.numDeletedRows),
      remaining,
    };
  });
  await revokeOrganisationSessionsOf(ctx.database, source, orgId);
  if (counts.remaining === 0) await revokeSessionsOf(ctx.database, source);
  return { documents: counts.documents, events: counts.events, grants: counts.grants, memberships: counts.memberships };
}
