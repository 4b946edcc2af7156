/**
 * `GET /identities/all` (docs/product/identities-and-sign-in.md#identities): identity options `{uuid, display_name}` for pickers
 * (workflow steps, actionees, managers), for any member of the organisation in context.
 * Only active members are offered. `searchTerm` matches the display name (case-insensitive
 * substring) for every member — people pickers need names — and also the e-mail for
 * administrators only: a member who is not one cannot find out who has which address
 * (docs/product/security.md). `usersOnly` keeps identities that may sign in. `localOnly`
 * exists for the original's directory search: Docket never searches a remote directory from
 * here, so every answer is local already and the flag changes nothing.
 */
import { sql } from 'kysely';
import type { IdentityOption, ListAnswer } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';

export interface IdentityOptionsQuery {
  searchTerm?: string;
  localOnly?: boolean;
  usersOnly?: boolean;
  count: number;
  start: number;
}

export async function identityOptions(
  ctx: AppContext,
  principal: Principal,
  query: IdentityOptionsQuery,
): Promise<ListAnswer<IdentityOption>> {
  let base = ctx.database.db
    .selectFrom('memberships as m')
    .innerJoin('identities as i', 'i.uuid', 'm.identity_uuid')
    .where('m.org_id', '=', principal.org.id)
    .where('i.active', '=', 1);
  if (query.usersOnly) base = base.where('i.login_enabled', '=', 1);
  const term = query.searchTerm?.trim().toLowerCase();
  if (term) {
    // instr/strpos rather than LIKE: % and _ in the term are plain characters.
    const find =
      ctx.database.dialect === 'postgres'
        ? (col: string) => sql<boolean>`strpos(lower(${sql.ref(col)}), ${term}) > 0`
        : (col: string) => sql<boolean>`instr(lower(${sql.ref(col)}), ${term}) > 0`;
    const isAdministrator = principal.roles.has('administrator');
    base = base.where((eb) => (isAdministrator ? eb.or([find('i.display_name'), find('i.email')]) : find('i.display_name')));
  }
  const rows = await base
    .select(['i.uuid', 'i.display_name'])
    .orderBy('i.display_name')
    .orderBy('i.uuid')
    .limit(query.count)
    .offset(query.start)
    .execute();
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { dataAr: rows.map((r) => ({ uuid: r.uuid, display_name: r.display_name })), total: Number(total.n) };
}
