/**
 * SQL for attachment metadata. Callers have found the document through `authorize()`; rows are
 * keyed by organisation and document (or event, or owner for user pictures).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Tables } from '../../platform/db/tables.ts';

type Executor = Kysely<Tables> | Transaction<Tables>;

export interface NewFile {
  orgId: number;
  docId: number | null;
  eventId: number | null;
  ownerUuid: string | null;
  name: string;
  storageKey: string;
  thumbKey: string | null;
  size: number;
  /** The thumbnail's bytes, for the storage usage (docs/product/administration.md#storage). */
  thumbSize?: number | null;
  contentType: string;
  createdBy: string;
  date: string;
}

export async function insertFile(trx: Transaction<Tables>, file: NewFile): Promise<void> {
  await trx
    .insertInto('files')
    .values({
      org_id: file.orgId,
      doc_id: file.docId,
      event_id: file.eventId,
      owner_uuid: file.ownerUuid,
      name: file.name,
      storage_key: file.storageKey,
      thumb_key: file.thumbKey,
      size: file.size,
      thumb_size: file.thumbSize ?? null,
      content_type: file.contentType,
      created_by: file.createdBy,
      created_date: file.date,
    })
    .execute();
}

export async function fileNamesOf(executor: Executor, orgId: number, docId: number): Promise<Set<string>> {
  const rows = await executor.selectFrom('files').select('name').where('org_id', '=', orgId).where('doc_id', '=', docId).execute();
  return new Set(rows.map((r) => r.name));
}

export async function findDocFile(executor: Executor, orgId: number, docId: number, name: string) {
  return executor
    .selectFrom('files')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('doc_id', '=', docId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function findEventFile(executor: Executor, orgId: number, eventId: number, name: string) {
  return executor
    .selectFrom('files')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('event_id', '=', eventId)
    .where('name', '=', name)
    .executeTakeFirst();
}

/** The newest picture of a user (uploaded in any of their organisations). */
export async function findUserPicture(executor: Executor, ownerUuid: string) {
  return executor
    .selectFrom('files')
    .selectAll()
    .where('owner_uuid', '=', ownerUuid)
    .where('doc_id', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
