/**
 * SQL for timeline events. Callers have already found the document through `authorize()` (a
 * document's events are readable exactly when the document is); Recent Activity, which joins the
 * documents table with every readable type's row filter, is in recent-events.repository.ts.
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import type { EventsTable, Tables } from '../../platform/db/tables.ts';
import { writeJson } from '../../platform/db/json.ts';

export interface EventRow extends Omit<Selectable<EventsTable>, 'id'> {
  id: number;
}

export interface EventRowWithAuthor extends EventRow {
  created_by_name: string | null;
  deleted_by_name: string | null;
}

type Executor = Kysely<Tables> | Transaction<Tables>;

function events(executor: Executor): Kysely<Tables> {
  return executor;
}

export interface NewEvent {
  orgId: number;
  docId: number;
  parentId: number | null;
  type: string;
  subject: string | null;
  descrip: string;
  onBehalfOf: { uuid: string; display_name: string } | null;
  attachments: string[];
  data: Record<string, unknown> | null;
  createdBy: string;
  date: string;
}

export async function insertEvent(trx: Transaction<Tables>, event: NewEvent): Promise<number> {
  const row = await events(trx)
    .insertInto('events')
    .values({
      org_id: event.orgId,
      doc_id: event.docId,
      parent_id: event.parentId,
      type: event.type,
      subject: event.subject,
      descrip: event.descrip,
      on_behalf_of: event.onBehalfOf ? writeJson(event.onBehalfOf) : null,
      attachments: writeJson(event.attachments),
      data: event.data ? writeJson(event.data) : null,
      created_by: event.createdBy,
      created_date: event.date,
      sort_date: event.date,
      updated_date: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

function selectEvents(executor: Executor) {
  return events(executor)
    .selectFrom('events as e')
    .leftJoin('identities as author', 'author.uuid', 'e.created_by')
    .leftJoin('identities as deleter', 'deleter.uuid', 'e.deleted_by')
    .selectAll('e')
    .select(['author.display_name as created_by_name', 'deleter.display_name as deleted_by_name']);
}

export async function findEvent(executor: Executor, orgId: number, id: number): Promise<EventRowWithAuthor | undefined> {
  return (await selectEvents(executor).where('e.org_id', '=', orgId).where('e.id', '=', id).executeTakeFirst()) as
    EventRowWithAuthor | undefined;
}

export interface EventListRequest {
  orgId: number;
  docId: number;
  parentId: number | null;
  types: string[] | null;
  viewer: string;
  order: 'asc' | 'desc';
  start: number;
  count: number;
}

/** Events of one document at one nesting level; hidden reviews show only to their author. */
export async function listEvents(database: Database, request: EventListRequest): Promise<{ rows: EventRowWithAuthor[]; total: number }> {
  const base = () => {
    let query = selectEvents(database.db).where('e.org_id', '=', request.orgId).where('e.doc_id', '=', request.docId);
    query = request.parentId === null ? query.where('e.parent_id', 'is', null) : query.where('e.parent_id', '=', request.parentId);
    if (request.types) query = query.where('e.type', 'in', request.types.length > 0 ? request.types : ['-']);
    return query.where((eb) => eb.or([eb('e.type', '!=', 'review'), eb('e.created_by', '=', request.viewer), visibleReview(database)]));
  };
  const rows = (await base()
    .orderBy('e.sort_date', request.order)
    .orderBy('e.id', request.order)
    .limit(request.count)
    .offset(request.start)
    .execute()) as EventRowWithAuthor[];
  const total = await base()
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

/** A review event is listed when its data says showInEventList (JSON read per dialect). */
export function visibleReview(database: Database) {
  return database.dialect === 'postgres'
    ? sql<boolean>`(e.data ->> 'showInEventList') = 'true'`
    : sql<boolean>`json_extract(e.data, '$.showInEventList') = 1`;
}

/** Nested-event and attachment counts of events (meta.events). */
export async function childCounts(executor: Executor, orgId: number, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await events(executor)
    .selectFrom('events')
    .select(['parent_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('org_id', '=', orgId)
    .where('parent_id', 'in', ids)
    .groupBy('parent_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.parent_id), Number(r.n)]));
}

export async function updateEventDescrip(
  trx: Transaction<Tables>,
  orgId: number,
  id: number,
  descrip: string,
  data: Record<string, unknown> | undefined,
  date: string,
): Promise<void> {
  await events(trx)
    .updateTable('events')
    .set({ descrip, updated_date: date, ...(data ? { data: writeJson(data) } : {}) })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
}

/**
 * The ids of an event and of its ancestors, nearest first (`[id, parent, grandparent, …]`),
 * stopping after `limit` ids.
 */
export async function eventLineage(executor: Executor, orgId: number, id: number, limit: number): Promise<number[]> {
  const lineage: number[] = [];
  let next: number | null = id;
  while (next !== null && lineage.length < limit && !lineage.includes(next)) {
    lineage.push(next);
    const row: { parent_id: number | null } | undefined = await events(executor)
      .selectFrom('events')
      .select('parent_id')
      .where('org_id', '=', orgId)
      .where('id', '=', next)
      .executeTakeFirst();
    next = row?.parent_id == null ? null : Number(row.parent_id);
  }
  return lineage;
}

/** The ids of an event and of every event nested under it, level by level. */
async function eventTree(executor: Executor, orgId: number, id: number): Promise<number[]> {
  const tree = [id];
  let level = [id];
  while (level.length > 0) {
    const children = await executor.selectFrom('events').select('id').where('org_id', '=', orgId).where('parent_id', 'in', level).execute();
    level = children.map((child) => Number(child.id)).filter((child) => !tree.includes(child));
    tree.push(...level);
  }
  return tree;
}

/** Deletes an event with every event nested under it (a review its author withdraws). */
export async function deleteEventTree(trx: Transaction<Tables>, orgId: number, id: number): Promise<void> {
  const tree = await eventTree(trx, orgId, id);
  await trx.deleteFrom('events').where('org_id', '=', orgId).where('id', 'in', tree).execute();
}

/**
 * Turns an event and every event nested under it into tombstones
 * (docs/product/workflow-and-timeline.md#event-history): the rows stay, with who deleted them and
 * when, and their text, subject, files and data are cleared. Answers the rows as they were, for
 * the audit trail; events already deleted are left as they are.
 */
export async function tombstoneEventTree(
  trx: Transaction<Tables>,
  orgId: number,
  id: number,
  by: string,
  date: string,
): Promise<EventRow[]> {
  const tree = await eventTree(trx, orgId, id);
  const originals = (await trx
    .selectFrom('events')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', 'in', tree)
    .where('deleted_date', 'is', null)
    .orderBy('id')
    .execute()) as EventRow[];
  if (originals.length === 0) return [];
  await trx
    .updateTable('events')
    .set({ descrip: '', subject: null, attachments: writeJson([]), data: null, deleted_by: by, deleted_date: date })
    .where('org_id', '=', orgId)
    .where(
      'id',
      'in',
      originals.map((row) => Number(row.id)),
    )
    .execute();
  return originals;
}

export interface AuditEditRow {
  actor_uuid: string;
  actor_name: string | null;
  created_date: string;
  changes: unknown;
}

/** A document's audit rows of one action (event edits), oldest first, with the actor's name. */
export async function auditRowsOfAction(executor: Executor, orgId: number, docId: number, action: string): Promise<AuditEditRow[]> {
  return events(executor)
    .selectFrom('audit_trail as a')
    .leftJoin('identities as i', 'i.uuid', 'a.actor_uuid')
    .select(['a.actor_uuid', 'i.display_name as actor_name', 'a.created_date', 'a.changes'])
    .where('a.org_id', '=', orgId)
    .where('a.doc_id', '=', docId)
    .where('a.action', '=', action)
    .orderBy('a.id')
    .execute();
}
