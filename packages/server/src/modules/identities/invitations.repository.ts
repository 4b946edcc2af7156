/**
 * SQL for invitations. Tokens are stored only as SHA-256 hashes; every state change is one
 * conditional UPDATE, so an invitation is accepted, resent or cancelled at most once.
 */
import type { Kysely, Transaction } from 'kysely';
import type { InvitationGrant } from '@docket/shared';
import { nowIso, readJson, writeJson } from '../../platform/db/json.ts';
import type { Tables } from '../../platform/db/tables.ts';

type Executor = Kysely<Tables> | Transaction<Tables>;

export interface InvitationRow {
  id: number;
  org_id: number;
  email: string;
  grant_data: unknown;
  status: 'pending' | 'accepted' | 'cancelled';
  created_date: string;
  sent_date: string;
  expires_date: string;
}

const COLUMNS = ['id', 'org_id', 'email', 'grant_data', 'status', 'created_date', 'sent_date', 'expires_date'] as const;

export function grantOf(row: InvitationRow): InvitationGrant | null {
  return readJson<InvitationGrant | null>(row.grant_data, null);
}

export async function insertInvitation(
  executor: Executor,
  values: { orgId: number; email: string; tokenHash: string; grant: InvitationGrant | null; invitedBy: string; expiresDate: string },
): Promise<number> {
  const now = nowIso();
  const row = await executor
    .insertInto('invitations')
    .values({
      org_id: values.orgId,
      email: values.email,
      token_hash: values.tokenHash,
      grant_data: values.grant ? writeJson(values.grant) : null,
      status: 'pending',
      invited_by: values.invitedBy,
      created_date: now,
      sent_date: now,
      expires_date: values.expiresDate,
      closed_date: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The organisation's invitations, newest first (pending and expired ones unless `all`). */
export async function invitationsOf(executor: Executor, orgId: number, all: boolean): Promise<InvitationRow[]> {
  let query = executor.selectFrom('invitations').select(COLUMNS).where('org_id', '=', orgId);
  if (!all) query = query.where('status', '=', 'pending');
  return (await query.orderBy('created_date', 'desc').orderBy('id', 'desc').limit(500).execute()) as InvitationRow[];
}

export async function findInvitation(executor: Executor, orgId: number, id: number): Promise<InvitationRow | undefined> {
  return (await executor.selectFrom('invitations').select(COLUMNS).where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst()) as
    InvitationRow | undefined;
}

export async function pendingInvitationFor(executor: Executor, orgId: number, email: string): Promise<InvitationRow | undefined> {
  return (await executor
    .selectFrom('invitations')
    .select(COLUMNS)
    .where('org_id', '=', orgId)
    .where('email', '=', email)
    .where('status', '=', 'pending')
    .executeTakeFirst()) as InvitationRow | undefined;
}

export async function invitationByToken(executor: Executor, tokenHash: string): Promise<InvitationRow | undefined> {
  return (await executor.selectFrom('invitations').select(COLUMNS).where('token_hash', '=', tokenHash).executeTakeFirst()) as
    InvitationRow | undefined;
}

/** A new token and expiry for a pending invitation; the old link stops working. */
export async function renewInvitation(
  executor: Executor,
  orgId: number,
  id: number,
  tokenHash: string,
  expiresDate: string,
): Promise<boolean> {
  const result = await executor
    .updateTable('invitations')
    .set({ token_hash: tokenHash, expires_date: expiresDate, sent_date: nowIso() })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function closeInvitation(
  executor: Executor,
  id: number,
  status: 'accepted' | 'cancelled',
  options: { orgId?: number; unexpiredAt?: string } = {},
): Promise<boolean> {
  let query = executor
    .updateTable('invitations')
    .set({ status, closed_date: nowIso() })
    .where('id', '=', id)
    .where('status', '=', 'pending');
  if (options.orgId !== undefined) query = query.where('org_id', '=', options.orgId);
  if (options.unexpiredAt !== undefined) query = query.where('expires_date', '>', options.unexpiredAt);
  return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
}
