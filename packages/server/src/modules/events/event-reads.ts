/**
 * Reading timeline events: one event (of a document the caller may read; hidden reviews only to
 * their author), and the answer shape with nested-event counts.
 */
import type { EventAnswer } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { documentAccess } from '../../platform/access/authorize.ts';
import { notFound } from '../../http/http-error.ts';
import { readJson } from '../../platform/db/json.ts';
import { childCounts, findEvent, type EventRowWithAuthor } from './events.repository.ts';
import { toEventAnswer, type EventDocument } from './event-shape.ts';
import { isEventLockOn } from './event-lock.ts';
import { readableDocumentOrThrow, type ReadableDocument } from '../documents/readable-document.ts';

export const EVENT_NOT_FOUND = 'No event with that reference can be found.';

/** What the answers of a document's events need to know of it, and the organisation's lock. */
export async function eventDocument(ctx: AppContext, principal: Principal, doc: ReadableDocument): Promise<EventDocument> {
  const { row, type } = doc;
  return {
    id: Number(row.id),
    doc_type: row.doc_type,
    display_id: row.display_id,
    attachments: row.attachments,
    canDeleteDocument: documentAccess(principal, type, row).delete,
    isLockOn: await isEventLockOn(ctx, principal.org.id),
  };
}

export async function eventAnswers(
  ctx: AppContext,
  principal: Principal,
  rows: EventRowWithAuthor[],
  doc: EventDocument,
): Promise<EventAnswer[]> {
  const counts = await childCounts(
    ctx.database.db,
    principal.org.id,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((row) => toEventAnswer(principal, row, doc, counts.get(Number(row.id)) ?? 0));
}

/** An event of a document the caller may read, or 404. */
export async function readableEventOrThrow(
  ctx: AppContext,
  principal: Principal,
  eventId: number,
): Promise<{ row: EventRowWithAuthor; doc: ReadableDocument }> {
  const row = await findEvent(ctx.database.db, principal.org.id, eventId);
  if (!row) throw notFound(EVENT_NOT_FOUND);
  const doc = await readableDocumentOrThrow(ctx, principal, Number(row.doc_id));
  const review = readJson<{ showInEventList?: boolean } | null>(row.data, null);
  if (row.type === 'review' && row.created_by !== principal.uuid && review?.showInEventList !== true) throw notFound(EVENT_NOT_FOUND);
  return { row, doc };
}

export async function getDocumentEvent(ctx: AppContext, principal: Principal, docId: number | null, eventId: number): Promise<EventAnswer> {
  const { row, doc } = await readableEventOrThrow(ctx, principal, eventId);
  if (docId !== null && Number(row.doc_id) !== docId) throw notFound(EVENT_NOT_FOUND);
  const [answer] = await eventAnswers(ctx, principal, [row], await eventDocument(ctx, principal, doc));
  return answer!;
}
