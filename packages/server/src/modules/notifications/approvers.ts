/**
 * The members who may approve a document now (docs/product/workflow-and-timeline.md#separation-of-duties):
 * exactly those the workflow engine offers Approve to as members — named step users and holders of
 * the step's roles, never whoever submitted it — the same rule as the todo's 'Waiting for my
 * approval'. Administrators are counted as the members they are: their override is not a request.
 */
import { offeredActions, type DocumentSchema, type Grant } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { grantAppliesTo } from '../../platform/access/grant-rules.ts';
import { GRANT_COLUMNS, toGrant } from '../../platform/access/grants.repository.ts';
import type { DocumentRow } from '../../platform/db/tables.ts';
import { documentFacts, storedState, workflowOf } from '../workflow/workflow-facts.ts';

async function grantsByMember(ctx: AppContext, orgId: number): Promise<Map<string, Grant[]>> {
  const db = ctx.database.db;
  const entries = await db
    .selectFrom('acl_entries as a')
    .select(['a.id', 'a.identity_uuid', ...GRANT_COLUMNS])
    .where('a.org_id', '=', orgId)
    .execute();
  const groupMembers = await db.selectFrom('acl_members').select(['acl_id', 'identity_uuid']).where('org_id', '=', orgId).execute();
  const byEntry = new Map(entries.map((e) => [Number(e.id), toGrant(e)]));
  const grants = new Map<string, Grant[]>();
  const add = (uuid: string, grant: Grant | undefined) => {
    if (grant) grants.set(uuid, [...(grants.get(uuid) ?? []), grant]);
  };
  for (const entry of entries) if (entry.identity_uuid) add(entry.identity_uuid, byEntry.get(Number(entry.id)));
  for (const member of groupMembers) add(member.identity_uuid, byEntry.get(Number(member.acl_id)));
  return grants;
}

/** Uuids of the active members offered Approve on the document now (none when it does not wait for an approval). */
export async function approversOf(ctx: AppContext, orgId: number, type: DocumentSchema, row: DocumentRow): Promise<string[]> {
  const workflow = workflowOf(type);
  if (!workflow) return [];
  const now = new Date();
  const facts = await documentFacts(ctx.database.db, row);
  const state = storedState(workflow, row, facts, now);
  const stage = state.stage === null ? undefined : workflow.stages[state.stage];
  if (state.closed || stage?.kind !== 'approve') return [];
  const members = await ctx.database.db
    .selectFrom('memberships as m')
    .innerJoin('identities as i', 'i.uuid', 'm.identity_uuid')
    .select('i.uuid')
    .where('m.org_id', '=', orgId)
    .where('i.active', '=', 1)
    .execute();
  const grants = await grantsByMember(ctx, orgId);
  return members
    .map((m) => m.uuid)
    .filter((uuid) => {
      const actor = { uuid, isAdministrator: false, grants: (grants.get(uuid) ?? []).filter((g) => grantAppliesTo(g, type)) };
      return offeredActions(workflow, state, facts, actor, now).some((offer) => offer.type === 'approve');
    });
}
