/**
 * The directory's groups applied to one organisation's group grants, inside the sync's transaction
 * (docs/product/administration.md#directory-sync): every access control entry whose group name is
 * a directory group's displayName gets exactly that group's users who are active members here.
 * Entries no directory group names are left as they are; the last administrator stays in.
 */
import type { Transaction } from 'kysely';
import type { Tables } from '../../platform/db/tables.ts';
import { isLastAdministratorThrough } from './administrators.ts';
import type { DirectoryGroup } from './directory-provider.ts';

export interface GroupsOutcome {
  added: number;
  removed: number;
  keptAdministrators: number;
}

export async function applyDirectoryGroups(
  trx: Transaction<Tables>,
  orgId: number,
  groups: readonly DirectoryGroup[],
  membersByDirectoryId: ReadonlyMap<string, string>,
): Promise<GroupsOutcome> {
  const outcome: GroupsOutcome = { added: 0, removed: 0, keptAdministrators: 0 };
  for (const group of groups) {
    const entries = await trx
      .selectFrom('acl_entries')
      .select('id')
      .where('org_id', '=', orgId)
      .where('group_name', '=', group.displayName)
      .execute();
    const wanted = new Set(group.memberIds.flatMap((id) => membersByDirectoryId.get(id) ?? []));
    for (const entry of entries) await setMembers(trx, orgId, Number(entry.id), wanted, outcome);
  }
  return outcome;
}

async function setMembers(trx: Transaction<Tables>, orgId: number, aclId: number, wanted: Set<string>, outcome: GroupsOutcome) {
  const current = new Set(
    (await trx.selectFrom('acl_members').select('identity_uuid').where('org_id', '=', orgId).where('acl_id', '=', aclId).execute()).map(
      (row) => row.identity_uuid,
    ),
  );
  const toAdd = [...wanted].filter((uuid) => !current.has(uuid));
  if (toAdd.length > 0) {
    await trx
      .insertInto('acl_members')
      .values(toAdd.map((identity_uuid) => ({ acl_id: aclId, org_id: orgId, identity_uuid })))
      .execute();
    outcome.added += toAdd.length;
  }
  for (const uuid of current) {
    if (wanted.has(uuid)) continue;
    if (await isLastAdministratorThrough(trx, orgId, uuid, aclId)) {
      outcome.keptAdministrators += 1;
      continue;
    }
    await trx.deleteFrom('acl_members').where('org_id', '=', orgId).where('acl_id', '=', aclId).where('identity_uuid', '=', uuid).execute();
    outcome.removed += 1;
  }
}
