/**
 * An event's versions (docs/product/workflow-and-timeline.md#event-history), read back from the
 * audit trail, which keeps the text before and after every edit and which nobody can change: the
 * first version is the text as its author wrote it, each edit adds one, the last is the current
 * text. Readable by whoever may read the event; a deleted event's versions are in the audit trail
 * only (administrators).
 */
import { EVENT_DELETED, type EventVersion } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { HttpError } from '../../http/http-error.ts';
import { readJson } from '../../platform/db/json.ts';
import { readableEventOrThrow } from './event-reads.ts';
import { auditRowsOfAction } from './events.repository.ts';

/** The audit action and key of an event's edit (written by `editEvent`, read back here). */
export const EVENT_EDIT_ACTION = 'event-edit';
export const eventAuditKey = (eventId: number) => `event ${eventId}`;

type Changes = Record<string, { before?: unknown; after?: unknown }>;

export async function eventVersions(
  ctx: AppContext,
  principal: Principal,
  eventId: number,
): Promise<{ dataAr: EventVersion[]; total: number }> {
  const { row } = await readableEventOrThrow(ctx, principal, eventId);
  if (row.deleted_date !== null) throw new HttpError('conflict', EVENT_DELETED);
  const key = eventAuditKey(eventId);
  const edits = (await auditRowsOfAction(ctx.database.db, principal.org.id, Number(row.doc_id), EVENT_EDIT_ACTION))
    .map((audit) => ({ audit, change: readJson<Changes>(audit.changes, {})[key] }))
    .filter((edit) => edit.change !== undefined);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const versions: Omit<EventVersion, 'version' | 'current'>[] = [
    {
      descrip: edits.length > 0 ? text(edits[0]!.change!.before) : row.descrip,
      written_by: { uuid: row.created_by, display_name: row.created_by_name ?? '' },
      written_date: row.created_date,
    },
    ...edits.map(({ audit, change }) => ({
      descrip: text(change!.after),
      written_by: { uuid: audit.actor_uuid, display_name: audit.actor_name ?? '' },
      written_date: audit.created_date,
    })),
  ];
  const dataAr = versions.map((version, index) => ({ ...version, version: index + 1, current: index === versions.length - 1 }));
  return { dataAr, total: dataAr.length };
}
