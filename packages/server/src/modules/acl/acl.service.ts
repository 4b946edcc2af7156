/**
 * Access control entries (docs/product/access.md#grants; issue 3 item 1): list, get, create, update, delete, for
 * administrators only. Every write is one transaction that also re-reads the caller's own grants
 * and refuses (409) a change that would leave them without the administrator role. The level of
 * an entry naming the caller directly cannot be changed by the caller.
 */
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import type { AclEntryAnswer, AclEntryInput, ListAnswer } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { adminTypes } from '../../platform/access/admin-types.ts';
import { requireAdministrator } from '../../platform/access/admin-guard.ts';
import { loadGrants } from '../../platform/access/grants.repository.ts';
import { rolesOf } from '../../platform/access/principal.ts';
import { SCOPE_REGION, SCOPE_SITE } from '../../platform/access/grant-rules.ts';
import { badRequest, HttpError, notFound } from '../../http/http-error.ts';
import { logAdministration } from '../../platform/logs/admin-log.ts';
import { jsonStrings, runTableList, type ParsedList } from '../../platform/lists/table-list.ts';
import { readJson } from '../../platform/db/json.ts';
import {
  aclListSpec,
  aclSource,
  deleteAcl,
  displayNames,
  findAclRow,
  findReference,
  insertAcl,
  membersAmong,
  updateAcl,
  type AclRow,
  type AclWrite,
} from './acl.repository.ts';

const WHAT = 'access control entries';
export const LAST_ADMIN = 'You cannot remove your own last administrator grant: another administrator must do it.';
export const ENTRY_NOT_FOUND = 'No access control entry with that id can be found.';

export async function listAcl(ctx: AppContext, principal: Principal, list: ParsedList): Promise<ListAnswer<AclEntryAnswer>> {
  requireAdministrator(principal, adminTypes.acl, 'read', WHAT);
  const result = await runTableList<AclRow>(ctx.database, aclSource(ctx.database, principal.org.id), aclListSpec, list, principal.uuid);
  return { dataAr: await toAnswers(ctx, result.rows), total: result.total };
}

export async function getAcl(ctx: AppContext, principal: Principal, id: number): Promise<AclEntryAnswer> {
  requireAdministrator(principal, adminTypes.acl, 'read', WHAT);
  const row = await findAclRow(ctx.database, principal.org.id, id);
  if (!row) throw notFound(ENTRY_NOT_FOUND);
  return (await toAnswers(ctx, [row]))[0]!;
}

export async function createAcl(ctx: AppContext, principal: Principal, body: AclEntryInput): Promise<AclEntryAnswer> {
  requireAdministrator(principal, adminTypes.acl, 'create', WHAT);
  const write = await validatedWrite(ctx, principal, body, undefined);
  const id = await ctx.database.db.transaction().execute((trx) => insertAcl(trx, principal.org.id, write));
  await logAdministration(ctx.database, principal, {
    subject: 'Access control entry created',
    action: `created access control entry ${id}`,
    descrip: describe(write),
  });
  return getAcl(ctx, principal, id);
}

export async function updateAclEntry(ctx: AppContext, principal: Principal, id: number, body: AclEntryInput): Promise<AclEntryAnswer> {
  requireAdministrator(principal, adminTypes.acl, 'update', WHAT);
  const existing = await findAclRow(ctx.database, principal.org.id, id);
  if (!existing) throw notFound(ENTRY_NOT_FOUND);
  const write = await validatedWrite(ctx, principal, body, existing);
  await ctx.database.db.transaction().execute(async (trx) => {
    await updateAcl(trx, principal.org.id, id, write);
    await assertStillAdministrator(ctx, principal, trx);
  });
  await logAdministration(ctx.database, principal, {
    subject: 'Access control entry updated',
    action: `updated access control entry ${id}`,
    descrip: describe(write),
  });
  return getAcl(ctx, principal, id);
}

export async function deleteAclEntry(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  requireAdministrator(principal, adminTypes.acl, 'delete', WHAT);
  const existing = await findAclRow(ctx.database, principal.org.id, id);
  if (!existing) throw notFound(ENTRY_NOT_FOUND);
  await ctx.database.db.transaction().execute(async (trx) => {
    await deleteAcl(trx, principal.org.id, id);
    await assertStillAdministrator(ctx, principal, trx);
  });
  await logAdministration(ctx.database, principal, {
    subject: 'Access control entry deleted',
    action: `deleted access control entry ${id}`,
  });
}

type Executor = Parameters<typeof loadGrants>[3];

async function assertStillAdministrator(ctx: AppContext, principal: Principal, trx: Executor): Promise<void> {
  const grants = await loadGrants(ctx.database, principal.org.id, principal.uuid, trx);
  if (!rolesOf(grants).has('administrator')) throw new HttpError('conflict', LAST_ADMIN);
}

/** The body merged over the existing entry, checked against the organisation's members and places. */
export const unknownDocType = (name: string) => `Unknown document type: ${name}`;

async function validatedWrite(ctx: AppContext, principal: Principal, body: AclEntryInput, existing: AclRow | undefined): Promise<AclWrite> {
  const orgId = principal.org.id;
  const data = existing ? readJson<{ roles?: string[]; doc_types?: string[]; members?: string[] }>(existing.data, {}) : {};
  const identity = has(body, 'identity_id') ? emptyToNull(body.identity_id) : (existing?.identity_id ?? null);
  const group = has(body, 'group') ? emptyToNull(body.group) : (existing?.group ?? null);
  const members = has(body, 'members')
    ? [...new Set((body.members ?? []).map((m) => (typeof m === 'string' ? m : m.uuid)))]
    : jsonStrings(data.members ?? []);
  if (!identity && !group) throw badRequest('An access control entry names an identity or a group.');
  if (identity && group) throw badRequest('An access control entry names an identity or a group, not both.');
  const known = await membersAmong(ctx.database.db, orgId, identity ? [identity, ...members] : members);
  if (identity && !known.has(identity)) throw badRequest('Unknown identity: it is not a member of this organisation.');
  const strangers = members.filter((m) => !known.has(m));
  if (strangers.length > 0) throw badRequest(`Unknown group members: ${strangers.length} of them are not members of this organisation.`);

  // Server-controlled: the level of an entry that names the caller directly stays as it is.
  const ownEntry = existing?.identity_id === principal.uuid;
  const level = ownEntry ? existing.level : (body.level ?? existing?.level ?? 4);
  const scope = body.scope ?? existing?.scope ?? 1;
  let regionId = has(body, 'region_id') ? (body.region_id ?? null) : (existing?.region_id ?? null);
  let siteId = has(body, 'site_id') ? (body.site_id ?? null) : (existing?.site_id ?? null);
  if (scope === SCOPE_REGION) {
    if (regionId === null || !(await findReference(ctx.database.db, orgId, 'region', regionId)))
      throw badRequest('A region scope needs region_id: a region of this organisation.');
    siteId = null;
  } else if (scope === SCOPE_SITE) {
    const site = siteId === null ? undefined : await findReference(ctx.database.db, orgId, 'site', siteId);
    if (!site) throw badRequest('A site scope needs site_id: a site of this organisation.');
    regionId = site.region_id;
  } else {
    regionId = null;
    siteId = null;
  }
  const docTypes = body.granular?.doc_types ?? (existing ? jsonStrings(data.doc_types ?? []) : []);
  if (body.granular?.doc_types) {
    // A type the organisation does not have would limit the entry to nothing, silently.
    const registry = typeRegistryFor(ctx.database);
    for (const name of docTypes) if (!(await registry.get(orgId, name))) throw badRequest(unknownDocType(name));
  }
  return {
    group_name: group,
    identity_uuid: identity,
    level,
    can_create: (body.create ?? (existing ? existing.create === 1 : true)) ? 1 : 0,
    can_delete: (body.delete ?? (existing ? existing.delete === 1 : false)) ? 1 : 0,
    roles: [...new Set(body.roles ?? (existing ? jsonStrings(data.roles ?? []) : []))],
    doc_types: docTypes.length > 0 ? [...new Set(docTypes)] : null,
    module: has(body, 'module') ? emptyToNull(body.module) : (existing?.module ?? null),
    scope,
    region_id: regionId,
    site_id: siteId,
    members: group ? members : [],
  };
}

async function toAnswers(ctx: AppContext, rows: AclRow[]): Promise<AclEntryAnswer[]> {
  const parsed = rows.map((row) => ({ row, data: readJson<{ roles?: unknown; doc_types?: unknown; members?: unknown }>(row.data, {}) }));
  const uuids = parsed.flatMap(({ row, data }) => [...(row.identity_id ? [row.identity_id] : []), ...jsonStrings(data.members ?? [])]);
  const names = await displayNames(ctx.database.db, uuids);
  const person = (uuid: string) => ({ uuid, display_name: names.get(uuid) ?? '' });
  return parsed.map(({ row, data }) => ({
    id: Number(row.id),
    acl_id: Number(row.id),
    group: row.group,
    identity_id: row.identity_id,
    identity: row.identity_id ? person(row.identity_id) : null,
    members: jsonStrings(data.members ?? []).map(person),
    level: Number(row.level),
    create: Number(row.create) === 1,
    delete: Number(row.delete) === 1,
    roles: jsonStrings(data.roles ?? []),
    granular: { doc_types: jsonStrings(data.doc_types ?? []) },
    module: row.module,
    scope: Number(row.scope),
    region_id: row.region_id === null ? null : Number(row.region_id),
    site_id: row.site_id === null ? null : Number(row.site_id),
    created_date: row.created_date,
    meta: { access: { editor: true, delete: true } },
  }));
}

function describe(write: AclWrite): string {
  const who = write.identity_uuid ? `identity ${write.identity_uuid}` : `group ${write.group_name ?? ''} (${write.members.length} members)`;
  return `${who}; level ${write.level}; scope ${write.scope}; roles ${write.roles.join(', ') || '(none)'}`;
}

function has<K extends keyof AclEntryInput>(body: AclEntryInput, key: K): boolean {
  return Object.hasOwn(body, key);
}

function emptyToNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value.trim() === '' ? null : value.trim();
}
