/**
 * Stored event rows → the API's event answer (docs/product/workflow-and-timeline.md#events), with `meta.access` under the
 * rules of docs/product/workflow-and-timeline.md#event-rules: edit needs editor access (the event's author, or an administrator) and a
 * type in EDITABLE_EVENT_TYPES; delete needs delete access (the author, whoever may delete the
 * document, or an administrator) and a type in DELETABLE_EVENT_TYPES. While the organisation's
 * lock is on (the default), created and workflow events (LOCKED_EVENT_TYPES) allow neither, to
 * anyone; a tombstone (a deleted event) allows neither either
 * (docs/product/workflow-and-timeline.md#event-history).
 */
import {
  DELETABLE_EVENT_TYPES,
  EDITABLE_EVENT_TYPES,
  LOCKED_EVENT_TYPES,
  type AttachmentMeta,
  type EventAnswer,
  type EventType,
  type PersonRef,
} from '@docket/shared';
import { isAdministrator, type Principal } from '../../platform/access/principal.ts';
import { readJson } from '../../platform/db/json.ts';
import { servedMailEventData } from '../mail/served-mail-html.ts';
import type { EventRowWithAuthor } from './events.repository.ts';

export interface EventDocument {
  id: number;
  doc_type: string;
  display_id: string;
  attachments: unknown;
  /** meta.access.delete of the document for this caller. */
  canDeleteDocument: boolean;
  /** The organisation's `lock_workflow_events` setting. */
  isLockOn: boolean;
  /** The document's title, where the answer names it (Recent Activity). */
  summary?: string;
}

/** Whether the organisation's lock keeps this event as it is. */
export function isLockedEvent(row: Pick<EventRowWithAuthor, 'type'>, isLockOn: boolean): boolean {
  return isLockOn && LOCKED_EVENT_TYPES.includes(row.type as EventType);
}

export function eventAccess(
  principal: Principal,
  row: Pick<EventRowWithAuthor, 'type' | 'created_by' | 'deleted_date'>,
  doc: Pick<EventDocument, 'canDeleteDocument' | 'isLockOn'>,
): { editor: boolean; delete: boolean } {
  if (row.deleted_date !== null || isLockedEvent(row, doc.isLockOn)) return { editor: false, delete: false };
  const { canDeleteDocument } = doc;
  const type = row.type as EventType;
  const isAuthor = row.created_by === principal.uuid;
  const admin = isAdministrator(principal);
  return {
    editor: EDITABLE_EVENT_TYPES.includes(type) && (isAuthor || admin),
    delete: DELETABLE_EVENT_TYPES.includes(type) && (isAuthor || admin || canDeleteDocument),
  };
}

export function toEventAnswer(principal: Principal, row: EventRowWithAuthor, doc: EventDocument, nested: number): EventAnswer {
  const attachments = readJson<string[]>(row.attachments, []);
  const data = readJson<Record<string, unknown> | null>(row.data, null);
  const answer: EventAnswer = {
    id: Number(row.id),
    doc_id: Number(row.doc_id),
    parent_id: row.parent_id === null ? null : Number(row.parent_id),
    type: row.type as EventType,
    descrip: row.descrip,
    subject: row.subject,
    on_behalf_of: readJson<PersonRef | null>(row.on_behalf_of, null),
    attachments,
    meta: {
      created_by: { uuid: row.created_by, display_name: row.created_by_name ?? '' },
      created_date: row.created_date,
      sort_date: row.sort_date,
      updated_date: row.updated_date,
      doc_id: doc.id,
      doc_type: doc.doc_type,
      parent: {
        doc_id: doc.id,
        id: doc.id,
        doc_type: doc.doc_type,
        display_id: doc.display_id,
        attachments: readJson<AttachmentMeta[]>(doc.attachments, []),
        ...(doc.summary !== undefined ? { summary: doc.summary } : {}),
      },
      access: eventAccess(principal, row, doc),
      events: { total: nested, attachments: attachments.length },
      deleted:
        row.deleted_date === null
          ? null
          : { by: { uuid: row.deleted_by ?? '', display_name: row.deleted_by_name ?? '' }, date: row.deleted_date },
    },
  };
  // An imported message's body is served under today's image rule, whenever it was imported (docs/product/mail.md#parsing).
  if (data) answer.data = row.type === 'import_mail' ? servedMailEventData(data) : data;
  return answer;
}
