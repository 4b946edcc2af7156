/** Display helpers for events: the type's label key and who may edit or delete (docs/product/workflow-and-timeline.md#event-rules). */
import { DELETABLE_EVENT_TYPES, EDITABLE_EVENT_TYPES } from '@docket/shared';
import type { EventAnswer, EventType } from '@docket/shared';

export const eventTypeKey = (type: EventType) => `activity.type_${type}` as const;

/** The server's answer decides (it knows the organisation's lock); a tombstone offers neither. */
export function canEditEvent(event: EventAnswer): boolean {
  return event.meta.access.editor && !event.meta.deleted && EDITABLE_EVENT_TYPES.includes(event.type);
}

export function canDeleteEvent(event: EventAnswer): boolean {
  return event.meta.access.delete && !event.meta.deleted && DELETABLE_EVENT_TYPES.includes(event.type);
}

/** The fields an update event lists (`data.fields`), else none. */
export function changedFieldsOf(event: EventAnswer): string[] {
  const fields = event.data?.fields;
  return event.type === 'update' && Array.isArray(fields) ? fields.filter((field): field is string => typeof field === 'string') : [];
}

export function toneOf(type: EventType): 'default' | 'success' | 'warning' | 'error' | 'info' {
  if (type === 'approve') return 'success';
  if (type === 'reject' || type === 'close') return 'error';
  if (type === 'reopen') return 'warning';
  if (type === 'submit') return 'info';
  return 'default';
}
