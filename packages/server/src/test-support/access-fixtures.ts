/**
 * Helpers for access-control tests: demo places by code, extra members with chosen grants, and
 * sign-in shortcuts. They write through the database directly (test set-up, not product paths).
 */
import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app.ts';
import { DEMO_PASSWORD } from './test-app.ts';
import { hashPassword } from '../platform/auth/passwords.ts';
import { nowIso } from '../platform/db/json.ts';
import { newIdentityRow } from '../modules/identities/identities.repository.ts';
import { insertAcl, personalEntry } from '../modules/acl/acl.repository.ts';

export interface Places {
  orgId: number;
  regions: Map<string, number>;
  sites: Map<string, number>;
}

/** Regions and sites of an organisation by their `code`. */
export async function placesOf(t: TestApp, appId: string): Promise<Places> {
  const db = t.ctx.database.db;
  const org = await db.selectFrom('organisations').select('id').where('app_id', '=', appId).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'doc_type', 'data'])
    .where('org_id', '=', org.id)
    .where('doc_type', 'in', ['region', 'site'])
    .execute();
  const places: Places = { orgId: Number(org.id), regions: new Map(), sites: new Map() };
  for (const row of rows) {
    const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as { code: string };
    (row.doc_type === 'region' ? places.regions : places.sites).set(data.code, Number(row.id));
  }
  return places;
}

export interface MemberSpec {
  email: string;
  level: number;
  roles?: string[];
  scope?: 1 | 2 | 3;
  regionId?: number | null;
  siteId?: number | null;
  canCreate?: boolean;
  canDelete?: boolean;
  docTypes?: string[] | null;
  mfa?: boolean;
  active?: boolean;
  loginEnabled?: boolean;
  /** Without a grant (a member with no entry). */
  noGrant?: boolean;
}

let cachedHash: Promise<string> | undefined;

/** Adds an identity, its membership of `orgId` and one grant; answers its uuid. */
export async function addMember(t: TestApp, orgId: number, spec: MemberSpec): Promise<string> {
  cachedHash ??= hashPassword(DEMO_PASSWORD);
  const db = t.ctx.database.db;
  const uuid = randomUUID();
  const now = nowIso();
  await db
    .insertInto('identities')
    .values(
      newIdentityRow({
        uuid,
        email: spec.email,
        display_name: spec.email.split('@')[0] ?? spec.email,
        password_hash: await cachedHash,
        mfa: spec.mfa ? 1 : 0,
        login_enabled: spec.loginEnabled === false ? 0 : 1,
        active: spec.active === false ? 0 : 1,
        created_date: now,
      }),
    )
    .execute();
  await addMembership(t, orgId, uuid, spec);
  return uuid;
}

/** Makes an existing identity a member of `orgId` with one grant (unless `noGrant`). */
export async function addMembership(t: TestApp, orgId: number, uuid: string, spec: Omit<MemberSpec, 'email'>): Promise<void> {
  const db = t.ctx.database.db;
  await db.insertInto('memberships').values({ org_id: orgId, identity_uuid: uuid, created_date: nowIso() }).execute();
  if (spec.noGrant) return;
  await insertAcl(db, orgId, personalEntry(uuid, { ...spec, roles: spec.roles ?? [] }));
}

export async function uuidOf(t: TestApp, email: string): Promise<string> {
  const row = await t.ctx.database.db.selectFrom('identities').select('uuid').where('email', '=', email).executeTakeFirstOrThrow();
  return row.uuid;
}

/** A directory group's ACL entry (`group_name`, level 2, organisation-wide) with `members`; answers its id. */
export async function insertGroupEntry(t: TestApp, orgId: number, name: string, members: readonly string[] = []): Promise<number> {
  return insertAcl(t.ctx.database.db, orgId, {
    group_name: name,
    identity_uuid: null,
    level: 2,
    can_create: 0,
    can_delete: 0,
    roles: [],
    doc_types: null,
    module: null,
    scope: 1,
    region_id: null,
    site_id: null,
    members: [...members],
  });
}

/**
 * A Demo editor whose grant reaches travel requests only: no site, region, report or currency is
 * theirs to read, so every reference they name is refused (docs/product/documents-and-schemas.md#references).
 * Answers the member's uuid and access token.
 */
export async function addTravelOnlyEditor(t: TestApp, orgId: number, dialect: string): Promise<{ uuid: string; token: string }> {
  const email = `travel-only-${dialect}@demo.local`;
  const uuid = await addMember(t, orgId, { email, level: 4, roles: ['editor'], docTypes: ['worksafe_travel_request'] });
  return { uuid, token: (await t.signIn(email)).access };
}
