/**
 * The directory's users applied to one organisation's members, inside the sync's transaction
 * (docs/product/administration.md#directory-sync). A member the sync created or matched carries
 * the user's directory id on their membership (`memberships.directory_id`); only such members are
 * ever changed. Identities are global, so the sync changes a person's name and active flag only
 * when they belong to this organisation alone; a person who is also a member elsewhere only loses
 * this organisation's membership, and an address whose account belongs to other organisations is
 * never joined to this one (joining takes the person's own acceptance of an invitation).
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { InvitationGrant } from '@docket/shared';
import { nowIso } from '../../platform/db/json.ts';
import type { Tables } from '../../platform/db/tables.ts';
import { insertOrganisationGrant, membershipCounts, newIdentityRow, removeFromOrganisation } from '../identities/identities.repository.ts';
import { SELF_SIGNUP_GRANT } from '../subscriptions/signup.service.ts';
import { isLastAdministrator } from './administrators.ts';
import type { DirectoryUser } from './directory-provider.ts';

/** New members get the least grant a member joining on their own gets (self sign-up): never more. */
export const DIRECTORY_MEMBER_GRANT: InvitationGrant = SELF_SIGNUP_GRANT;

export interface MembersOutcome {
  /** Directory users that are members here after the sync. */
  users: number;
  created: number;
  disabled: number;
  /** Addresses of accounts that belong to other organisations only: to invite. */
  skipped: number;
  /** Kept although the directory disabled or dropped them: the organisation's last administrator. */
  keptAdministrators: number;
  /** Active members here by directory id, for the groups. */
  membersByDirectoryId: Map<string, string>;
}

type Trx = Transaction<Tables>;

export async function applyDirectoryUsers(trx: Trx, orgId: number, users: readonly DirectoryUser[]): Promise<MembersOutcome> {
  const outcome: MembersOutcome = { users: 0, created: 0, disabled: 0, skipped: 0, keptAdministrators: 0, membersByDirectoryId: new Map() };
  const linked = await linkedMembers(trx, orgId);
  const present = new Set(users.map((user) => user.id));
  for (const user of users) {
    const uuid = linked.get(user.id) ?? (await matchOrCreate(trx, orgId, user, present, outcome));
    if (!uuid) continue;
    await applyUser(trx, orgId, uuid, user, outcome);
  }
  // Members the directory created or matched that it no longer lists leave like disabled users.
  for (const [directoryId, uuid] of linked) {
    if (!present.has(directoryId)) await deactivate(trx, orgId, uuid, outcome);
  }
  for (const [directoryId, uuid] of await linkedMembers(trx, orgId, { activeOnly: true })) {
    if (present.has(directoryId)) outcome.membersByDirectoryId.set(directoryId, uuid);
  }
  outcome.users = outcome.membersByDirectoryId.size;
  return outcome;
}

/** This organisation's members by directory id. */
async function linkedMembers(trx: Trx, orgId: number, options: { activeOnly?: boolean } = {}): Promise<Map<string, string>> {
  let query = trx
    .selectFrom('memberships as m')
    .innerJoin('identities as i', 'i.uuid', 'm.identity_uuid')
    .select(['m.directory_id', 'm.identity_uuid'])
    .where('m.org_id', '=', orgId)
    .where('m.directory_id', 'is not', null);
  if (options.activeOnly) query = query.where('i.active', '=', 1);
  return new Map((await query.execute()).map((row) => [row.directory_id!, row.identity_uuid]));
}

/**
 * A directory user not linked yet: the member here with that address (now linked), a new identity
 * and membership, or nothing (no address, disabled, or an account of other organisations).
 */
async function matchOrCreate(trx: Trx, orgId: number, user: DirectoryUser, present: Set<string>, outcome: MembersOutcome) {
  if (user.email === null) return undefined;
  const identity = await trx.selectFrom('identities').select('uuid').where('email', '=', user.email).executeTakeFirst();
  if (!identity) return user.active ? createMember(trx, orgId, { ...user, email: user.email }, outcome) : undefined;
  const membership = await trx
    .selectFrom('memberships')
    .select('directory_id')
    .where('org_id', '=', orgId)
    .where('identity_uuid', '=', identity.uuid)
    .executeTakeFirst();
  if (!membership) {
    outcome.skipped += 1;
    return undefined;
  }
  // Linked to another directory user still listed: that one decides (the directory reuses no address).
  if (membership.directory_id !== null && present.has(membership.directory_id)) return undefined;
  await trx
    .updateTable('memberships')
    .set({ directory_id: user.id })
    .where('org_id', '=', orgId)
    .where('identity_uuid', '=', identity.uuid)
    .execute();
  return identity.uuid;
}

async function createMember(trx: Trx, orgId: number, user: DirectoryUser & { email: string }, outcome: MembersOutcome): Promise<string> {
  const uuid = randomUUID();
  const now = nowIso();
  await trx
    .insertInto('identities')
    // Directory people sign in through the organisation's provider; no password exists here.
    .values(newIdentityRow({ uuid, email: user.email, display_name: user.displayName, created_date: now }))
    .execute();
  await trx.insertInto('memberships').values({ org_id: orgId, identity_uuid: uuid, created_date: now, directory_id: user.id }).execute();
  await insertOrganisationGrant(trx, orgId, uuid, DIRECTORY_MEMBER_GRANT);
  outcome.created += 1;
  return uuid;
}

/** Name and active flag follow the directory for people of this organisation alone. */
async function applyUser(trx: Trx, orgId: number, uuid: string, user: DirectoryUser, outcome: MembersOutcome): Promise<void> {
  if (!user.active) return deactivate(trx, orgId, uuid, outcome);
  if (!(await isExclusive(trx, uuid))) return;
  await trx.updateTable('identities').set({ display_name: user.displayName, active: 1 }).where('uuid', '=', uuid).execute();
}

/**
 * A member the directory disabled or dropped: an identity of this organisation alone is disabled
 * (every session ends); one that other organisations share leaves this organisation only.
 */
async function deactivate(trx: Trx, orgId: number, uuid: string, outcome: MembersOutcome): Promise<void> {
  const identity = await trx.selectFrom('identities').select('active').where('uuid', '=', uuid).executeTakeFirst();
  if (!identity) return;
  const exclusive = await isExclusive(trx, uuid);
  if (exclusive && Number(identity.active) === 0) return;
  if (await isLastAdministrator(trx, orgId, uuid)) {
    outcome.keptAdministrators += 1;
    return;
  }
  const revoke = trx
    .updateTable('refresh_tokens')
    .set({ revoked_date: nowIso() })
    .where('identity_uuid', '=', uuid)
    .where('revoked_date', 'is', null);
  if (exclusive) {
    await trx.updateTable('identities').set({ active: 0 }).where('uuid', '=', uuid).execute();
    await revoke.execute();
  } else {
    await removeFromOrganisation(trx, orgId, uuid);
    // Sessions bound to this organisation end; the person's own sessions no longer reach it.
    await revoke.where('org_id', '=', orgId).execute();
  }
  outcome.disabled += 1;
}

async function isExclusive(trx: Trx, uuid: string): Promise<boolean> {
  return ((await membershipCounts(trx, [uuid])).get(uuid) ?? 0) <= 1;
}
