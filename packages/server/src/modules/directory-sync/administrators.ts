/**
 * The organisation's active administrators and the entries that make them so, read inside the
 * sync's transaction: the sync never disables, removes or takes out of a group the last one
 * (docs/product/administration.md#directory-sync). Administrator: a grant of level 6 or with the
 * `administrator` role, direct or through a group, held by an active member.
 */
import type { Transaction } from 'kysely';
import type { Tables } from '../../platform/db/tables.ts';
import { readJson } from '../../platform/db/json.ts';
import { ADMINISTRATOR_LEVEL } from '../../platform/access/principal.ts';

/** Each active administrator's administrator-granting entries (ids of `acl_entries`). */
export async function administratorEntries(trx: Transaction<Tables>, orgId: number): Promise<Map<string, Set<number>>> {
  const entries = (
    await trx.selectFrom('acl_entries').select(['id', 'identity_uuid', 'level', 'roles']).where('org_id', '=', orgId).execute()
  ).filter((entry) => entry.level >= ADMINISTRATOR_LEVEL || readJson<string[]>(entry.roles, []).includes('administrator'));
  if (entries.length === 0) return new Map();
  const holders: { uuid: string; entry: number }[] = entries.flatMap((entry) =>
    entry.identity_uuid ? [{ uuid: entry.identity_uuid, entry: Number(entry.id) }] : [],
  );
  const groupMembers = await trx
    .selectFrom('acl_members')
    .select(['acl_id', 'identity_uuid'])
    .where('org_id', '=', orgId)
    .where(
      'acl_id',
      'in',
      entries.map((entry) => Number(entry.id)),
    )
    .execute();
  holders.push(...groupMembers.map((row) => ({ uuid: row.identity_uuid, entry: Number(row.acl_id) })));
  const active = new Set(
    (
      await trx
        .selectFrom('memberships as m')
        .innerJoin('identities as i', 'i.uuid', 'm.identity_uuid')
        .select('i.uuid')
        .where('m.org_id', '=', orgId)
        .where('i.active', '=', 1)
        .execute()
    ).map((row) => row.uuid),
  );
  const result = new Map<string, Set<number>>();
  for (const holder of holders) {
    if (!active.has(holder.uuid)) continue;
    const set = result.get(holder.uuid) ?? new Set<number>();
    set.add(holder.entry);
    result.set(holder.uuid, set);
  }
  return result;
}

/** True when `uuid` is the organisation's only active administrator. */
export async function isLastAdministrator(trx: Transaction<Tables>, orgId: number, uuid: string): Promise<boolean> {
  const admins = await administratorEntries(trx, orgId);
  return admins.has(uuid) && admins.size === 1;
}

/** True when taking `uuid` out of the group entry `aclId` would leave the organisation without an administrator. */
export async function isLastAdministratorThrough(trx: Transaction<Tables>, orgId: number, uuid: string, aclId: number): Promise<boolean> {
  const admins = await administratorEntries(trx, orgId);
  const own = admins.get(uuid);
  return admins.size === 1 && own !== undefined && own.size === 1 && own.has(aclId);
}
