/**
 * SQL for identities as one organisation sees them: global identity rows joined through that
 * organisation's memberships. Nothing here reaches an identity that is not a member.
 */
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { FieldCatalog, Grant, InvitationGrant } from '@docket/shared';
import { insertAcl, personalEntry } from '../acl/acl.repository.ts';
import type { Database } from '../../platform/db/database.ts';
import type { IdentitiesTable, Tables } from '../../platform/db/tables.ts';
import { nowIso, writeJson } from '../../platform/db/json.ts';
import type { ListSpec } from '../../platform/lists/table-list.ts';
import { GRANT_COLUMNS, toGrant } from '../../platform/access/grants.repository.ts';

type Executor = Kysely<Tables> | Transaction<Tables>;

export const identityCatalog: FieldCatalog = {
  id: { type: 'string', column: 'id' },
  uuid: { type: 'string', column: 'uuid' },
  display_name: { type: 'string', column: 'display_name' },
  email: { type: 'string', column: 'email' },
  job_title: { type: 'string', column: 'job_title' },
  mfa: { type: 'boolean', column: 'mfa' },
  user: { type: 'boolean', column: 'user' },
  active: { type: 'boolean', column: 'active' },
  created_date: { type: 'datetime', column: 'created_date' },
  last_login: { type: 'datetime', column: 'last_login' },
  session_count: { type: 'integer', column: 'session_count' },
  manager: { type: 'string', column: 'manager' },
  federated_id: { type: 'string', column: 'federated_id' },
  federated: { type: 'boolean', column: 'federated' },
};

export const identityListSpec: ListSpec = {
  catalog: identityCatalog,
  sortable: ['display_name', 'email', 'job_title', 'created_date', 'last_login', 'session_count', 'active', 'user', 'mfa'],
  // docs/product/administration.md#identities: identities are ordered by display_name ascending.
  defaultOrder: [{ field: 'display_name', direction: 'asc' }],
  tieBreaker: 'id',
};

export interface IdentityListRow {
  id: string;
  uuid: string;
  display_name: string;
  email: string;
  job_title: string | null;
  mfa: number;
  user: number;
  active: number;
  created_date: string;
  last_login: string | null;
  session_count: number;
  manager: string | null;
  federated_id: string | null;
  federated: number;
  /** The person's own preferences (language, stars, …). */
  preferences: unknown;
  /** Their preferences naming this organisation's records (default site, currency, metrics). */
  member_preferences: unknown;
}

/** Members of the organisation under the API's field names. */
export function memberSource(database: Database, orgId: number) {
  return database.db
    .selectFrom('memberships as m')
    .innerJoin('identities as i', 'i.uuid', 'm.identity_uuid')
    .select([
      'i.uuid as id',
      'i.uuid',
      'i.display_name',
      'i.email',
      'i.job_title',
      'i.mfa',
      'i.login_enabled as user',
      'i.active',
      'i.created_date',
      'i.last_login',
      'i.session_count',
      'i.manager_uuid as manager',
      // This organisation's own federated link, never another's (docs/product/identities-and-sign-in.md#federated-sign-in).
      'm.federated_id',
      'i.preferences',
      'm.preferences as member_preferences',
    ])
    .select(sql<number>`CASE WHEN m.federated_id IS NULL THEN 0 ELSE 1 END`.as('federated'))
    .where('m.org_id', '=', orgId);
}

export async function findMember(database: Database, orgId: number, uuid: string): Promise<IdentityListRow | undefined> {
  return (await memberSource(database, orgId).where('i.uuid', '=', uuid).executeTakeFirst()) as IdentityListRow | undefined;
}

/**
 * Members of the organisation who belong to no other one: lines and mail about a person's own
 * sign-ins (no organisation) are shown only to such an organisation (logs, outbox).
 */
export function exclusiveMembersQuery(database: Database, orgId: number) {
  return database.db
    .selectFrom('memberships as m')
    .select('m.identity_uuid')
    .where('m.org_id', '=', orgId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('memberships as elsewhere')
            .select('elsewhere.org_id')
            .whereRef('elsewhere.identity_uuid', '=', 'm.identity_uuid')
            .where('elsewhere.org_id', '<>', orgId),
        ),
      ),
    );
}

/** How many organisations each identity belongs to. */
export async function membershipCounts(executor: Executor, uuids: readonly string[]): Promise<Map<string, number>> {
  if (uuids.length === 0) return new Map();
  const rows = await executor
    .selectFrom('memberships')
    .select(['identity_uuid', (eb) => eb.fn.countAll<number>().as('n')])
    .where('identity_uuid', 'in', [...uuids])
    .groupBy('identity_uuid')
    .execute();
  return new Map(rows.map((r) => [r.identity_uuid, Number(r.n)]));
}

/** Each identity's grants in the organisation (direct and through groups). */
export async function grantsByIdentity(executor: Executor, orgId: number, uuids: readonly string[]): Promise<Map<string, Grant[]>> {
  const result = new Map<string, Grant[]>(uuids.map((u) => [u, []]));
  if (uuids.length === 0) return result;
  const direct = await executor
    .selectFrom('acl_entries as a')
    .select(['a.id', 'a.identity_uuid as who', ...GRANT_COLUMNS])
    .where('a.org_id', '=', orgId)
    .where('a.identity_uuid', 'in', [...uuids])
    .execute();
  const viaGroups = await executor
    .selectFrom('acl_members as m')
    .innerJoin('acl_entries as a', 'a.id', 'm.acl_id')
    .select(['a.id', 'm.identity_uuid as who', ...GRANT_COLUMNS])
    .where('m.org_id', '=', orgId)
    .where('m.identity_uuid', 'in', [...uuids])
    .execute();
  for (const row of [...direct, ...viaGroups].sort((x, y) => Number(x.id) - Number(y.id))) {
    if (row.who) result.get(row.who)?.push(toGrant(row));
  }
  return result;
}

export async function identityByEmail(executor: Executor, email: string) {
  return executor.selectFrom('identities').select(['uuid', 'email']).where('email', '=', email).executeTakeFirst();
}

export async function isMember(executor: Executor, orgId: number, uuid: string): Promise<boolean> {
  const row = await executor
    .selectFrom('memberships')
    .select('org_id')
    .where('org_id', '=', orgId)
    .where('identity_uuid', '=', uuid)
    .executeTakeFirst();
  return Boolean(row);
}

/** Removes an identity from one organisation: membership, direct grants and group memberships. */
export async function removeFromOrganisation(trx: Transaction<Tables>, orgId: number, uuid: string): Promise<{ grants: number }> {
  const grants = await trx.deleteFrom('acl_entries').where('org_id', '=', orgId).where('identity_uuid', '=', uuid).executeTakeFirst();
  const groups = await trx.deleteFrom('acl_members').where('org_id', '=', orgId).where('identity_uuid', '=', uuid).executeTakeFirst();
  await trx.deleteFrom('memberships').where('org_id', '=', orgId).where('identity_uuid', '=', uuid).execute();
  return { grants: Number(grants.numDeletedRows) + Number(groups.numDeletedRows) };
}

/** An organisation-wide grant for a new member (the same one an accepted invitation gives). */
export async function insertOrganisationGrant(
  trx: Transaction<Tables>,
  orgId: number,
  uuid: string,
  grant: InvitationGrant,
): Promise<void> {
  await insertAcl(trx, orgId, personalEntry(uuid, { level: grant.level, roles: grant.roles ?? [] }));
}

/** What a new identity's row holds unless its creator says otherwise: no password, a one-time code after it, enabled. */
export type NewIdentityFields = Pick<Insertable<IdentitiesTable>, 'uuid' | 'email' | 'display_name'> & Partial<Insertable<IdentitiesTable>>;

/**
 * A new identity's row, the one shape every way of creating one shares (administrators,
 * invitations, self sign-up, directory sync, the demo and test fixtures), so a column added to
 * identities gets its default in one place.
 */
export function newIdentityRow(fields: NewIdentityFields): Insertable<IdentitiesTable> {
  return {
    job_title: null,
    password_hash: null,
    mfa: 1,
    login_enabled: 1,
    active: 1,
    federated_id: null,
    manager_uuid: null,
    preferences: writeJson({}),
    created_date: nowIso(),
    last_login: null,
    session_count: 0,
    totp_secret: null,
    ...fields,
  };
}
