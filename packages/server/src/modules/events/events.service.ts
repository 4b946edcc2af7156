/**
 * Timeline operations (docs/product/workflow-and-timeline.md#events, docs/product/workflow-and-timeline.md#event-rules, docs/product/workflow-and-timeline.md#api): list a document's events (5 at a time,
 * nested ones under a parent), read one, comment, edit, delete, and the Recent Activity list over
 * every document the caller may read. Workflow actions posted as events go to the workflow
 * service. Each write is one transaction with its audit row.
 */
import {
  EVENT_DELETED,
  EVENT_LOCKED,
  EVENT_TYPES,
  MAX_REPLY_DEPTH,
  type EventAnswer,
  type EventInput,
  type ListAnswer,
} from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { authorize } from '../../platform/access/authorize.ts';
import { badRequest, forbidden, HttpError } from '../../http/http-error.ts';
import { logAdministration } from '../../platform/logs/admin-log.ts';
import { appendAudit } from '../../platform/records/audit.ts';
import { readJson } from '../../platform/db/json.ts';
import { writeQueueFor } from '../../platform/records/group-commit.ts';
import type { TypeScope } from '../../platform/records/document-query.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { catalogFor } from '../documents/list-params.ts';
import {
  childCounts,
  eventLineage,
  findEvent,
  insertEvent,
  listEvents,
  tombstoneEventTree,
  updateEventDescrip,
  type EventRow,
  type EventRowWithAuthor,
} from './events.repository.ts';
import { countRecentEvents, recentEventsPage, type RecentRequest } from './recent-events.repository.ts';
import { eventAccess, isLockedEvent, toEventAnswer, type EventDocument } from './event-shape.ts';
import { isEventLockOn } from './event-lock.ts';
import { EVENT_EDIT_ACTION, eventAuditKey } from './event-history.ts';
import { readableDocumentOrThrow } from '../documents/readable-document.ts';
import { eventAnswers, eventDocument, getDocumentEvent, readableEventOrThrow } from './event-reads.ts';

export const EMPTY_COMMENT = 'Please enter a comment.';
export const CANNOT_EDIT_EVENT = 'You do not have access to edit this event.';
export const CANNOT_DELETE_EVENT = 'You do not have access to delete this event.';

export interface EventListQuery {
  order: 'asc' | 'desc';
  start: number;
  count: number;
  parentId: number | null;
  types: string[] | null;
}

export async function listDocumentEvents(
  ctx: AppContext,
  principal: Principal,
  docId: number,
  query: EventListQuery,
): Promise<ListAnswer<EventAnswer>> {
  const doc = await readableDocumentOrThrow(ctx, principal, docId);
  const { rows, total } = await listEvents(ctx.database, { orgId: principal.org.id, docId, viewer: principal.uuid, ...query });
  return { dataAr: await eventAnswers(ctx, principal, rows, await eventDocument(ctx, principal, doc)), total };
}

export const BAD_PARENT = 'parent_id must name an event of the same document.';
/** Types without a timeline (`hasEvents` false: sites, reference lists…) take no comments or file events. */
export const COMMENT_ON_BEHALF = 'A comment is written in your own name: on_behalf_of applies to workflow actions only.';
export const NO_TIMELINE = 'This type of document has no timeline: it takes no comments or events.';
/** Stops a walk up a thread early (threads written before MAX_REPLY_DEPTH could be deeper). */
const LINEAGE_GUARD = 64;

/**
 * Where a reply to `parentId` goes. Any event of the document may be replied to, replies
 * included (docs/product/workflow-and-timeline.md#api nests events by parent_id). Threads nest at most MAX_REPLY_DEPTH levels
 * (see its comment): a reply to an event at that depth joins the thread that event sits in (the
 * list of its parent's replies), so a reply is never refused and never lands deeper than the
 * panel indents.
 */
export async function replyParentOrThrow(ctx: AppContext, principal: Principal, docId: number, parentId: number): Promise<number> {
  const parent = await findEvent(ctx.database.db, principal.org.id, parentId);
  if (!parent || Number(parent.doc_id) !== docId) throw badRequest(BAD_PARENT);
  // As editing or deleting it would: a deleted event takes no more replies.
  if (parent.deleted_date !== null) throw new HttpError('conflict', EVENT_DELETED);
  // Nearest first and ending at the top-level event, so lineage[length - 1 - k] sits at depth k.
  const lineage = await eventLineage(ctx.database.db, principal.org.id, parentId, LINEAGE_GUARD);
  return lineage.length - 1 < MAX_REPLY_DEPTH ? parentId : lineage[lineage.length - MAX_REPLY_DEPTH]!;
}

/** A comment (or a reply, with parent_id) on a document the caller may read. */
export async function addComment(ctx: AppContext, principal: Principal, input: EventInput): Promise<EventAnswer> {
  const descrip = (input.descrip ?? '').trim();
  if (!descrip) throw badRequest(EMPTY_COMMENT);
  // Only a workflow action is taken on someone's behalf: a comment's author is its writer.
  if (input.on_behalf_of !== undefined && input.on_behalf_of !== '') throw badRequest(COMMENT_ON_BEHALF);
  const doc = await readableDocumentOrThrow(ctx, principal, input.doc_id);
  if (!doc.type.hasEvents) throw badRequest(NO_TIMELINE);
  const parentId = input.parent_id === undefined ? null : await replyParentOrThrow(ctx, principal, input.doc_id, input.parent_id);
  const date = new Date().toISOString();
  const id = await writeQueueFor(ctx.database).run(async (trx) => {
    const eventId = await insertEvent(trx, {
      orgId: principal.org.id,
      docId: input.doc_id,
      parentId,
      type: 'comment',
      subject: input.subject ?? null,
      descrip,
      onBehalfOf: null,
      attachments: [],
      data: null,
      createdBy: principal.uuid,
      date,
    });
    await appendAudit(trx, {
      orgId: principal.org.id,
      docId: input.doc_id,
      docType: doc.type.type,
      action: 'comment',
      actor: principal.uuid,
      changes: { event: { before: null, after: eventId } },
    });
    return eventId;
  });
  return getDocumentEvent(ctx, principal, input.doc_id, id);
}

/**
 * Why this caller may not change this event now, checked in the order a person understands: a
 * deleted event (409), the organisation's lock (403, whoever asks), then the edit or delete rule.
 */
function refuseChange(principal: Principal, row: EventRowWithAuthor, doc: EventDocument, change: 'editor' | 'delete'): void {
  if (row.deleted_date !== null) throw new HttpError('conflict', EVENT_DELETED);
  if (isLockedEvent(row, doc.isLockOn)) throw forbidden(EVENT_LOCKED);
  if (!eventAccess(principal, row, doc)[change]) throw forbidden(change === 'editor' ? CANNOT_EDIT_EVENT : CANNOT_DELETE_EVENT);
}

/**
 * Edits an event's text. The audit row keeps the text before and after, so every earlier version
 * stays readable (`eventVersions`, docs/product/workflow-and-timeline.md#event-history).
 */
export async function editEvent(ctx: AppContext, principal: Principal, eventId: number, descrip: string): Promise<EventAnswer> {
  const { row, doc } = await readableEventOrThrow(ctx, principal, eventId);
  refuseChange(principal, row, await eventDocument(ctx, principal, doc), 'editor');
  const text = descrip.trim();
  if (!text && row.type === 'comment') throw badRequest(EMPTY_COMMENT);
  if (text === row.descrip) return getDocumentEvent(ctx, principal, null, eventId);
  await writeQueueFor(ctx.database).run(async (trx) => {
    await updateEventDescrip(trx, principal.org.id, eventId, text, undefined, new Date().toISOString());
    await appendAudit(trx, {
      orgId: principal.org.id,
      docId: Number(row.doc_id),
      docType: doc.type.type,
      action: EVENT_EDIT_ACTION,
      actor: principal.uuid,
      changes: { [eventAuditKey(eventId)]: { before: row.descrip, after: text } },
    });
  });
  return getDocumentEvent(ctx, principal, null, eventId);
}

/**
 * Deletes an event and its replies, leaving tombstones ('deleted by X on date'); the originals go
 * to the audit trail, which nobody can change, and the deletion to the logs.
 */
export async function deleteEvent(ctx: AppContext, principal: Principal, eventId: number): Promise<void> {
  const { row, doc } = await readableEventOrThrow(ctx, principal, eventId);
  refuseChange(principal, row, await eventDocument(ctx, principal, doc), 'delete');
  await writeQueueFor(ctx.database).run(async (trx) => {
    const originals = await tombstoneEventTree(trx, principal.org.id, eventId, principal.uuid, new Date().toISOString());
    // Deleted meanwhile by someone else: their deletion is the one recorded.
    if (originals.length === 0) throw new HttpError('conflict', EVENT_DELETED);
    const changes: Record<string, { before: unknown; after: unknown }> = {};
    for (const original of originals) changes[eventAuditKey(Number(original.id))] = { before: auditedEvent(original), after: null };
    await appendAudit(trx, {
      orgId: principal.org.id,
      docId: Number(row.doc_id),
      docType: doc.type.type,
      action: 'event-delete',
      actor: principal.uuid,
      changes,
    });
  });
  await logAdministration(ctx.database, principal, {
    subject: 'Event deleted',
    action: `deleted a ${row.type} event of ${doc.row.display_id} (event ${eventId}); the original is in its audit trail`,
  });
}

/** An event as the audit trail keeps it: its JSON columns parsed, the same on both databases. */
function auditedEvent(row: EventRow): Record<string, unknown> {
  return {
    id: Number(row.id),
    parent_id: row.parent_id === null ? null : Number(row.parent_id),
    type: row.type,
    subject: row.subject,
    descrip: row.descrip,
    on_behalf_of: readJson<unknown>(row.on_behalf_of, null),
    attachments: readJson<unknown>(row.attachments, []),
    data: readJson<unknown>(row.data, null),
    created_by: row.created_by,
    created_date: row.created_date,
    sort_date: row.sort_date,
    updated_date: row.updated_date,
  };
}

/** Every type the caller may read, as the parts of a multi-type query. */
export async function readableParts(ctx: AppContext, principal: Principal): Promise<TypeScope[]> {
  const types = await typeRegistryFor(ctx.database).list(principal.org.id);
  const parts: TypeScope[] = [];
  for (const type of types) {
    const decision = authorize(principal, type, 'read');
    if (decision.allowed) parts.push({ docType: type.type, scope: decision.scope, catalog: catalogFor(principal, type) });
  }
  return parts;
}

type RecentQuery = { start: number; count: number; types: string[] | null };

/** Recent Activity's page and the request it answers (the total is counted for the same request). */
async function recentPage(ctx: AppContext, principal: Principal, query: RecentQuery) {
  const request: RecentRequest = { orgId: principal.org.id, parts: await readableParts(ctx, principal), userId: principal.uuid, ...query };
  const { rows } = await recentEventsPage(ctx.database, request);
  const counts = await childCounts(
    ctx.database.db,
    principal.org.id,
    rows.map((r) => Number(r.id)),
  );
  const isLockOn = await isEventLockOn(ctx, principal.org.id);
  const dataAr = rows.map((row) =>
    toEventAnswer(
      principal,
      row,
      {
        id: Number(row.doc_id),
        doc_type: row.doc_type,
        display_id: row.display_id,
        summary: row.doc_summary,
        attachments: row.doc_attachments,
        canDeleteDocument: false,
        isLockOn,
      },
      counts.get(Number(row.id)) ?? 0,
    ),
  );
  // Recent Activity offers no Delete (docs/product/workflow-and-timeline.md#events): an event is
  // deleted from its document's timeline, where its context and replies are seen.
  for (const answer of dataAr) answer.meta.access.delete = false;
  return { dataAr, request };
}

/** Recent Activity's events without a total, for screens that show a few and no count (the todo). */
export async function recentEvents(ctx: AppContext, principal: Principal, query: RecentQuery): Promise<EventAnswer[]> {
  return (await recentPage(ctx, principal, query)).dataAr;
}

export async function recentActivity(ctx: AppContext, principal: Principal, query: RecentQuery): Promise<ListAnswer<EventAnswer>> {
  const { dataAr, request } = await recentPage(ctx, principal, query);
  if (query.start === 0 && dataAr.length < query.count) return { dataAr, total: dataAr.length };
  const { total, totalIsEstimate } = await countRecentEvents(ctx.database, request);
  return totalIsEstimate ? { dataAr, total, totalIsEstimate } : { dataAr, total };
}

/** `type=comment,submit` → a checked list of event types. */
export function parseEventTypes(text: string | undefined): string[] | null {
  if (!text?.trim()) return null;
  const types = text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const unknown = types.find((t) => !(EVENT_TYPES as readonly string[]).includes(t));
  if (unknown) throw badRequest(`Unknown event type: ${unknown}`);
  return types;
}
