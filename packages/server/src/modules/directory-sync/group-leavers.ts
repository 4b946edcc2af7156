/**
 * Group grants' members follow the organisation's membership: members who left the organisation
 * or whose identity was disabled are taken out of every group entry, so a person removed from the
 * directory keeps no group rights here (docs/product/administration.md#directory-sync).
 */
import type { Transaction } from 'kysely';
import type { Tables } from '../../platform/db/tables.ts';

/** Answers how many group memberships were removed. */
export async function removeGroupLeavers(trx: Transaction<Tables>, orgId: number): Promise<number> {
  const stale = await trx
    .selectFrom('acl_members as m')
    .leftJoin('memberships as ms', (join) => join.onRef('ms.identity_uuid', '=', 'm.identity_uuid').on('ms.org_id', '=', orgId))
    .leftJoin('identities as i', 'i.uuid', 'm.identity_uuid')
    .select(['m.acl_id', 'm.identity_uuid'])
    .where('m.org_id', '=', orgId)
    .where((eb) => eb.or([eb('ms.org_id', 'is', null), eb('i.active', '=', 0), eb('i.uuid', 'is', null)]))
    .execute();
  for (const row of stale) {
    await trx
      .deleteFrom('acl_members')
      .where('org_id', '=', orgId)
      .where('acl_id', '=', row.acl_id)
      .where('identity_uuid', '=', row.identity_uuid)
      .execute();
  }
  return stale.length;
}

export async function groupEntryCount(trx: Transaction<Tables>, orgId: number): Promise<number> {
  const groups = await trx
    .selectFrom('acl_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', orgId)
    .where('group_name', 'is not', null)
    .executeTakeFirst();
  return Number(groups?.n ?? 0);
}
