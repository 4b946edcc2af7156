/**
 * Identity uuids → `{uuid, display_name}` for one organisation; external e-mail addresses
 * (scope 92) stay as they are. Only the organisation's members are named: an identity it shares
 * with another organisation, but that is not (or no longer) its member, shows as its uuid, so no
 * organisation learns a stranger's name through a workflow step (docs/product/access.md).
 */
import type { PersonRef } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';

export async function personRefs(ctx: AppContext, orgId: number, ids: readonly string[]): Promise<PersonRef[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.database.db
    .selectFrom('identities as i')
    .innerJoin('memberships as m', (join) => join.onRef('m.identity_uuid', '=', 'i.uuid').on('m.org_id', '=', orgId))
    .select(['i.uuid', 'i.display_name'])
    .where('i.uuid', 'in', [...ids])
    .execute();
  const names = new Map(rows.map((r) => [r.uuid, r.display_name]));
  return ids.map((id) => ({ uuid: id, display_name: names.get(id) ?? id }));
}
