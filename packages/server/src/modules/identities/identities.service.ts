/**
 * Identities (docs/product/identities-and-sign-in.md#identities; issue 4 item 4). An identity is global and joins
 * organisations through memberships. An organisation's administrators see and manage only its
 * members; profile fields, flags, passwords and the person's own settings only of identities in
 * no other organisation (this organisation's preferences and federated link of any member).
 * A password change ends the identity's other sessions; disabling ends all of them.
 */
import { randomUUID } from 'node:crypto';
import { PASSWORD_MIN_LENGTH, type IdentityAnswer, type IdentityInput, type InvitationSentAnswer, type ListAnswer } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { adminTypes } from '../../platform/access/admin-types.ts';
import { requireAdministrator } from '../../platform/access/admin-guard.ts';
import { badRequest, HttpError, notFound } from '../../http/http-error.ts';
import { normaliseEmail } from '../../platform/auth/email.ts';
import { federatedLinkValue, isFederatedLinkTaken, setFederatedLink } from '../../platform/auth/federated-links.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { revokeOrganisationSessionsOf, revokeSessionsOf } from '../../platform/auth/refresh-tokens.ts';
import { inviteByEmail } from './invitations.service.ts';
import { memberPreferencesAnswered, newMemberPreferenceColumnsOrThrow, preferenceChangesOrThrow } from './identity-preferences.ts';
import { mergePreferencesIn } from '../preferences/member-preferences.ts';
import { nowIso } from '../../platform/db/json.ts';
import type { IdentitiesTable } from '../../platform/db/tables.ts';
import { logAdministration } from '../../platform/logs/admin-log.ts';
import { runTableList, type ParsedList } from '../../platform/lists/table-list.ts';
import {
  insertOrganisationGrant,
  findMember,
  grantsByIdentity,
  identityByEmail,
  identityListSpec,
  isMember,
  memberSource,
  membershipCounts,
  newIdentityRow,
  removeFromOrganisation,
  type IdentityListRow,
} from './identities.repository.ts';

const WHAT = 'identities';
/** docs/product/identities-and-sign-in.md#federated-sign-in: one member per provider subject in an organisation. */
const FEDERATED_ID_TAKEN = 'Another member of this organisation already has this federated id.';
export const IDENTITY_NOT_FOUND = 'No identity with that id can be found.';
export const SHARED_IDENTITY = 'This identity also belongs to another organisation: only its access here can be changed.';
export const PASSWORD_TOO_SHORT = `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
export const EMAIL_TAKEN = 'An identity with that e-mail address already exists.';

export async function listIdentities(ctx: AppContext, principal: Principal, list: ParsedList): Promise<ListAnswer<IdentityAnswer>> {
  requireAdministrator(principal, adminTypes.users, 'read', WHAT);
  const result = await runTableList<IdentityListRow>(
    ctx.database,
    memberSource(ctx.database, principal.org.id),
    identityListSpec,
    list,
    principal.uuid,
  );
  return { dataAr: await toAnswers(ctx, principal, result.rows), total: result.total };
}

export async function getIdentity(ctx: AppContext, principal: Principal, uuid: string): Promise<IdentityAnswer> {
  requireAdministrator(principal, adminTypes.users, 'read', WHAT);
  const row = await findMember(ctx.database, principal.org.id, uuid);
  if (!row) throw notFound(IDENTITY_NOT_FOUND);
  return (await toAnswers(ctx, principal, [row]))[0]!;
}

export type CreateIdentityResult = { status: 201; answer: IdentityAnswer } | { status: 202; answer: InvitationSentAnswer };

/**
 * Creates an identity and its membership. An address that already has an identity (in any
 * organisation) gets an invitation instead (invitations.service.ts): nothing of that identity is
 * answered and no membership exists until its owner accepts. A password set here belongs to this
 * organisation: it signs in here only (the session is bound to it).
 */
export async function createIdentity(ctx: AppContext, principal: Principal, body: IdentityInput): Promise<CreateIdentityResult> {
  requireAdministrator(principal, adminTypes.users, 'create', WHAT);
  const email = emailOrThrow(body.email);
  if (!body.display_name?.trim()) throw badRequest('display_name: must have required property');
  const orgId = principal.org.id;
  const existing = await identityByEmail(ctx.database.db, email);
  if (existing && (await isMember(ctx.database.db, orgId, existing.uuid))) throw new HttpError('conflict', EMAIL_TAKEN);
  if (existing) {
    const invitation = await inviteByEmail(ctx, principal, email, body.grant ?? null);
    return { status: 202, answer: { error: false, invited: true, invitation } };
  }
  await managerOrThrow(ctx, orgId, body.manager);
  if (await isFederatedLinkTaken(ctx.database.db, orgId, federatedLinkValue(body.federated_id)))
    throw new HttpError('conflict', FEDERATED_ID_TAKEN);
  const passwordHash = body.password === undefined ? null : await hashPassword(passwordOrThrow(body.password));
  const preferences = await newMemberPreferenceColumnsOrThrow(ctx, principal, body.preferences ?? {});
  const now = nowIso();
  const uuid = randomUUID();
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('identities')
      .values(
        newIdentityRow({
          uuid,
          email,
          display_name: body.display_name!.trim(),
          job_title: body.job_title ?? null,
          password_hash: passwordHash,
          password_org_id: passwordHash === null ? null : orgId,
          mfa: body.mfa === false ? 0 : 1,
          login_enabled: body.user === false ? 0 : 1,
          active: body.active === false ? 0 : 1,
          manager_uuid: body.manager ?? null,
          preferences: preferences.identity,
          created_date: now,
        }),
      )
      .execute();
    await trx
      .insertInto('memberships')
      .values({
        org_id: orgId,
        identity_uuid: uuid,
        created_date: now,
        federated_id: federatedLinkValue(body.federated_id),
        preferences: preferences.membership,
      })
      .execute();
    if (body.grant) await insertOrganisationGrant(trx, orgId, uuid, body.grant);
  });
  await logAdministration(ctx.database, principal, {
    subject: 'Identity created',
    action: `added ${email}`,
  });
  return { status: 201, answer: await getIdentity(ctx, principal, uuid) };
}

export async function updateIdentity(ctx: AppContext, principal: Principal, uuid: string, body: IdentityInput): Promise<IdentityAnswer> {
  requireAdministrator(principal, adminTypes.users, 'update', WHAT);
  const orgId = principal.org.id;
  const row = await findMember(ctx.database, orgId, uuid);
  if (!row) throw notFound(IDENTITY_NOT_FOUND);
  const changes = profileChanges(row, body);
  const isShared = ((await membershipCounts(ctx.database.db, [uuid])).get(uuid) ?? 0) > 1;
  const passwordChanged = body.password !== undefined && body.password !== '';
  // The person's profile and own settings are theirs in every organisation: a shared identity's are
  // not this administrator's to change (refused before anything is checked or written). What is
  // left is this organisation's own: its membership's preferences and federated link.
  if (isShared && (Object.keys(changes).length > 0 || passwordChanged)) throw new HttpError('forbidden', SHARED_IDENTITY);
  const preferences = await preferenceChangesOrThrow(ctx, principal, row, body.preferences, isShared);
  const preferencesChanged = Object.keys(preferences).length > 0;
  if (changes.manager_uuid) await managerOrThrow(ctx, orgId, changes.manager_uuid);
  const link = federatedLinkValue(body.federated_id);
  const linkChanged = body.federated_id !== undefined && link !== row.federated_id;
  const profileChanged = Object.keys(changes).length > 0 || passwordChanged || preferencesChanged;
  if (!profileChanged && !linkChanged) return getIdentity(ctx, principal, uuid);
  if (!profileChanged) {
    if (!(await setFederatedLink(ctx.database.db, orgId, uuid, link))) throw new HttpError('conflict', FEDERATED_ID_TAKEN);
    await logAdministration(ctx.database, principal, {
      subject: 'Identity updated',
      action: `updated ${row.email}: federated_id`,
      identityUuid: uuid,
    });
    return getIdentity(ctx, principal, uuid);
  }
  const disabling = changes.active === 0 || changes.login_enabled === 0;
  if (disabling && uuid === principal.uuid) throw new HttpError('conflict', 'You cannot disable your own account.');
  if (changes.email && (await identityByEmail(ctx.database.db, changes.email))) throw new HttpError('conflict', EMAIL_TAKEN);
  if (passwordChanged) {
    changes.password_hash = await hashPassword(passwordOrThrow(body.password!));
    // Chosen by its owner, a password is theirs; set by an administrator, it reaches this organisation only.
    changes.password_org_id = uuid === principal.uuid ? null : orgId;
  }
  if (linkChanged && !(await setFederatedLink(ctx.database.db, orgId, uuid, link))) throw new HttpError('conflict', FEDERATED_ID_TAKEN);
  await ctx.database.db.transaction().execute(async (trx) => {
    if (Object.keys(changes).length > 0) await trx.updateTable('identities').set(changes).where('uuid', '=', uuid).execute();
    if (preferencesChanged) await mergePreferencesIn(trx, ctx.database.dialect, uuid, orgId, preferences);
  });
  // A new password ends the other sessions (the caller keeps theirs); disabling ends them all.
  if (disabling) await revokeSessionsOf(ctx.database, uuid);
  else if (passwordChanged) await revokeSessionsOf(ctx.database, uuid, uuid === principal.uuid ? principal.sessionId : undefined);
  const what = [
    ...Object.keys(changes).filter((k) => k !== 'password_hash'),
    ...(preferencesChanged ? ['preferences'] : []),
    ...(linkChanged ? ['federated_id'] : []),
    ...(passwordChanged ? ['password'] : []),
  ].join(', ');
  await logAdministration(ctx.database, principal, {
    subject: passwordChanged ? 'Password changed' : 'Identity updated',
    action: `updated ${row.email}: ${what}`,
    identityUuid: uuid,
  });
  return getIdentity(ctx, principal, uuid);
}

/** Removes the identity from this organisation (membership and grants); the identity itself is global. */
export async function removeIdentity(ctx: AppContext, principal: Principal, uuid: string): Promise<void> {
  requireAdministrator(principal, adminTypes.users, 'delete', WHAT);
  const orgId = principal.org.id;
  const row = await findMember(ctx.database, orgId, uuid);
  if (!row) throw notFound(IDENTITY_NOT_FOUND);
  if (uuid === principal.uuid) throw new HttpError('conflict', 'You cannot remove yourself from your organisation.');
  const remaining = await ctx.database.db.transaction().execute(async (trx) => {
    await removeFromOrganisation(trx, orgId, uuid);
    return (await membershipCounts(trx, [uuid])).get(uuid) ?? 0;
  });
  // The identity's sessions in this organisation end at once: those bound to it are revoked, and
  // the others fail the membership check on their next request (the principal cache dies with
  // the data generation this write moves).
  await revokeOrganisationSessionsOf(ctx.database, uuid, orgId);
  if (remaining === 0) {
    await ctx.database.db.updateTable('identities').set({ active: 0 }).where('uuid', '=', uuid).execute();
    await revokeSessionsOf(ctx.database, uuid);
  }
  await logAdministration(ctx.database, principal, {
    subject: 'Identity removed',
    action: `removed ${row.email} from the organisation`,
  });
}

type IdentityChanges = Partial<Omit<IdentitiesTable, 'uuid' | 'created_date' | 'password_org_id'>> & { password_org_id?: number | null };

/** The columns a body actually changes (a client may send back unchanged values it read). */
function profileChanges(row: IdentityListRow, body: IdentityInput): IdentityChanges {
  const changes: IdentityChanges = {};
  if (body.email !== undefined && emailOrThrow(body.email) !== row.email) changes.email = emailOrThrow(body.email);
  if (body.display_name !== undefined && body.display_name.trim() !== row.display_name) {
    if (!body.display_name.trim()) throw badRequest('display_name: must not be empty');
    changes.display_name = body.display_name.trim();
  }
  if (body.job_title !== undefined && body.job_title !== row.job_title) changes.job_title = body.job_title;
  if (body.mfa !== undefined && Number(body.mfa) !== Number(row.mfa)) changes.mfa = body.mfa ? 1 : 0;
  if (body.user !== undefined && Number(body.user) !== Number(row.user)) changes.login_enabled = body.user ? 1 : 0;
  if (body.active !== undefined && Number(body.active) !== Number(row.active)) changes.active = body.active ? 1 : 0;
  if (body.manager !== undefined && body.manager !== row.manager) changes.manager_uuid = body.manager;
  return changes;
}

async function toAnswers(ctx: AppContext, principal: Principal, rows: IdentityListRow[]): Promise<IdentityAnswer[]> {
  const uuids = rows.map((r) => r.uuid);
  const [counts, grants] = await Promise.all([
    membershipCounts(ctx.database.db, uuids),
    grantsByIdentity(ctx.database.db, principal.org.id, uuids),
  ]);
  return rows.map((row) => {
    const shared = (counts.get(row.uuid) ?? 0) > 1;
    // Sign-ins of an identity that other organisations share are its own activity, not this
    // organisation's: they are not answered (docs/product/identities-and-sign-in.md).
    return {
      id: row.uuid,
      uuid: row.uuid,
      display_name: row.display_name,
      email: row.email,
      job_title: row.job_title,
      mfa: Number(row.mfa) === 1,
      user: Number(row.user) === 1,
      active: Number(row.active) === 1,
      created_date: row.created_date,
      last_login: shared ? null : row.last_login,
      session_count: shared ? 0 : Number(row.session_count),
      manager: row.manager,
      preferences: memberPreferencesAnswered(row, shared),
      federated_id: row.federated_id,
      federated: Number(row.federated) === 1,
      shared,
      acl: grants.get(row.uuid) ?? [],
      meta: { access: { editor: !shared, delete: row.uuid !== principal.uuid } },
    };
  });
}

/** A manager is another member of the same organisation. */
async function managerOrThrow(ctx: AppContext, orgId: number, manager: string | null | undefined): Promise<void> {
  if (manager && !(await isMember(ctx.database.db, orgId, manager))) throw badRequest('manager: not a member of this organisation.');
}

function emailOrThrow(value: string | undefined): string {
  const email = normaliseEmail(value ?? '');
  // No white space, no control character (a NUL or a line break in an address is no address).
  if (!/^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+$/u.test(email) || email.length > 320) throw badRequest('Please enter a valid e-mail address.');
  return email;
}

export function passwordOrThrow(password: string): string {
  if (password.length < PASSWORD_MIN_LENGTH) throw badRequest(PASSWORD_TOO_SHORT);
  return password;
}
