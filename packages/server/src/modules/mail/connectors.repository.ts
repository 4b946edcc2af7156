/**
 * SQL for mail connectors (docs/product/mail.md#connectors). Every read names the organisation;
 * a member sees the organisation's connectors and their own 'My Mail', never another member's.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { MailConnectorsTable, Tables } from '../../platform/db/tables.ts';
import { readJson, writeJson } from '../../platform/db/json.ts';
import type { MailConnectorSettings } from './mail-provider.ts';
import type { MailRule } from './mail-rules-shape.ts';

type Executor = Kysely<Tables> | Transaction<Tables>;

export type ConnectorKind = 'personal' | 'shared' | 'imap';

export interface ConnectorRow {
  id: number;
  orgId: number;
  ownerUuid: string | null;
  provider: string;
  kind: ConnectorKind;
  title: string;
  settings: MailConnectorSettings;
  secret: string | null;
  rules: MailRule[];
  enabled: boolean;
  lastError: string | null;
  failures: number;
  nextPoll: string | null;
  createdBy: string;
}

function rowOf(row: Selectable<MailConnectorsTable>): ConnectorRow {
  return {
    id: Number(row.id),
    orgId: Number(row.org_id),
    ownerUuid: row.owner_uuid,
    provider: row.provider,
    kind: row.kind as ConnectorKind,
    title: row.title,
    settings: readJson<MailConnectorSettings>(row.settings, {} as MailConnectorSettings),
    secret: row.secret,
    rules: readJson<MailRule[]>(row.rules, []),
    enabled: Boolean(Number(row.enabled)),
    lastError: row.last_error,
    failures: Number(row.failures),
    nextPoll: row.next_poll,
    createdBy: row.created_by,
  };
}

/** The connectors a member may use: the organisation's, and their own. */
export async function connectorsFor(db: Executor, orgId: number, uuid: string): Promise<ConnectorRow[]> {
  const rows = await db
    .selectFrom('mail_connectors')
    .selectAll()
    .where('org_id', '=', orgId)
    .where((eb) => eb.or([eb('owner_uuid', 'is', null), eb('owner_uuid', '=', uuid)]))
    .orderBy('owner_uuid', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(rowOf).sort((a, b) => Number(b.kind === 'personal') - Number(a.kind === 'personal') || a.id - b.id);
}

/** The organisation's connectors (administration); members' own mailboxes are theirs alone. */
export async function organisationConnectors(db: Executor, orgId: number): Promise<ConnectorRow[]> {
  const rows = await db
    .selectFrom('mail_connectors')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('owner_uuid', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map(rowOf);
}

export async function findConnector(db: Executor, orgId: number, id: number): Promise<ConnectorRow | undefined> {
  const row = await db.selectFrom('mail_connectors').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  return row ? rowOf(row) : undefined;
}

export async function personalConnector(db: Executor, orgId: number, uuid: string): Promise<ConnectorRow | undefined> {
  const row = await db
    .selectFrom('mail_connectors')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('owner_uuid', '=', uuid)
    .executeTakeFirst();
  return row ? rowOf(row) : undefined;
}

export interface ConnectorWrite {
  ownerUuid: string | null;
  kind: ConnectorKind;
  title: string;
  settings: MailConnectorSettings;
  secret: string | null;
  rules: MailRule[];
  enabled: boolean;
}

export async function insertConnector(db: Executor, orgId: number, actor: string, write: ConnectorWrite): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('mail_connectors')
    .values({
      org_id: orgId,
      owner_uuid: write.ownerUuid,
      provider: 'imap',
      kind: write.kind,
      title: write.title,
      settings: writeJson(write.settings),
      secret: write.secret,
      rules: writeJson(write.rules),
      enabled: write.enabled ? 1 : 0,
      last_error: null,
      failures: 0,
      // Due at once; a value, not null: the poll job's unique key names it (mail-rules.ts).
      next_poll: now,
      created_by: actor,
      created_date: now,
      updated_date: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateConnector(db: Executor, orgId: number, id: number, write: ConnectorWrite): Promise<void> {
  await db
    .updateTable('mail_connectors')
    .set({
      kind: write.kind,
      title: write.title,
      settings: writeJson(write.settings),
      secret: write.secret,
      rules: writeJson(write.rules),
      enabled: write.enabled ? 1 : 0,
      last_error: null,
      failures: 0,
      next_poll: new Date().toISOString(),
      updated_date: new Date().toISOString(),
    })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
}

export async function deleteConnector(db: Executor, orgId: number, id: number): Promise<void> {
  await db.deleteFrom('mail_folder_state').where('org_id', '=', orgId).where('connector_id', '=', id).execute();
  await db.deleteFrom('mail_connectors').where('org_id', '=', orgId).where('id', '=', id).execute();
}

/** Connectors with rules whose next poll is due (every organisation: the poller's ticker). */
export async function connectorsDue(db: Executor, now: string): Promise<ConnectorRow[]> {
  const rows = await db
    .selectFrom('mail_connectors')
    .selectAll()
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('next_poll', 'is', null), eb('next_poll', '<=', now)]))
    .execute();
  return rows.map(rowOf).filter((row) => row.rules.some((rule) => rule.enabled));
}

export async function recordPoll(
  db: Executor,
  id: number,
  outcome: { error: string | null; failures: number; nextPoll: string },
): Promise<void> {
  await db
    .updateTable('mail_connectors')
    .set({ last_error: outcome.error, failures: outcome.failures, next_poll: outcome.nextPoll })
    .where('id', '=', id)
    .execute();
}
