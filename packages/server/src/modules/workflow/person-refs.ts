/** Identity uuids → `{uuid, display_name}`; external e-mail addresses (scope 92) stay as they are. */
import type { PersonRef } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';

export async function personRefs(ctx: AppContext, ids: readonly string[]): Promise<PersonRef[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.database.db
    .selectFrom('identities')
    .select(['uuid', 'display_name'])
    .where('uuid', 'in', [...ids])
    .execute();
  const names = new Map(rows.map((r) => [r.uuid, r.display_name]));
  return ids.map((id) => ({ uuid: id, display_name: names.get(id) ?? id }));
}
