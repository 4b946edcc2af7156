/**
 * Timeline, workflow, attachment, review and todo contracts (docs/product/workflow-and-timeline.md#reviews, docs/product/workflow-and-timeline.md#event-rules, docs/product/workflow-and-timeline.md#limits;
 * docs/product/workflow-and-timeline.md#todo). Server and web type against these.
 */
import type { ActionOffer } from '../workflow/workflow-model.ts';
import type { AttachmentMeta, DocumentMeta, PersonRef, WorkflowMeta } from './documents.ts';

export const EVENT_TYPES = [
  'approve',
  'comment',
  'create',
  'import_file',
  'import_mail',
  'reject',
  'reopen',
  'review',
  'submit',
  'update',
  'close',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The event-type filter of the activity panel (docs/product/workflow-and-timeline.md#limits): every type but `update` and `close`. */
export const EVENT_FILTER_TYPES: readonly EventType[] = EVENT_TYPES.filter((type) => type !== 'update' && type !== 'close');
/** docs/product/workflow-and-timeline.md#event-rules: edit needs editor access and one of these types… */
export const EDITABLE_EVENT_TYPES: readonly EventType[] = ['comment', 'import_file', 'submit', 'approve', 'reject', 'reopen'];
/** …delete needs delete access and one of these. */
export const DELETABLE_EVENT_TYPES: readonly EventType[] = ['create', 'comment', 'import_file', 'import_mail'];
/** Workflow actions are posted as events of these types. */
export const WORKFLOW_EVENT_TYPES = ['submit', 'approve', 'reject', 'reopen', 'close'] as const;
/**
 * The permanent record (docs/product/workflow-and-timeline.md#event-rules): while the organisation's
 * `lock_workflow_events` setting is on (the default), nobody edits or deletes these events.
 */
export const LOCKED_EVENT_TYPES: readonly EventType[] = ['create', ...WORKFLOW_EVENT_TYPES];
export const EVENT_LOCKED = 'Created and workflow events are a permanent record in your organisation: they cannot be edited or deleted.';
export const EVENT_DELETED = 'This event was deleted: its earlier versions are kept in the audit trail.';

export const EVENT_PAGE_SIZE = 5;
export const NESTED_EVENT_COUNT = 100;
/**
 * How deep replies nest: a top-level event is depth 0, a reply to it depth 1, and so on. Events may name a
 * parent_id and nested events load 100 at a time (docs/product/workflow-and-timeline.md#replies).
 * We keep threads readable on a phone: a reply to an event already at this depth is accepted and
 * joins that event's own thread (its parent), as a sibling, instead of nesting one level deeper.
 */
export const MAX_REPLY_DEPTH = 3;
export const MAX_EVENT_COUNT = 500;

export interface EventMeta {
  created_by: PersonRef;
  created_date: string;
  sort_date: string;
  updated_date: string | null;
  doc_id: number;
  doc_type: string;
  parent: {
    doc_id: number;
    id: number;
    doc_type: string;
    display_id: string;
    attachments: AttachmentMeta[];
    /** The document's title (Recent Activity names each event's document by it). */
    summary?: string;
  };
  access: { delete: boolean; editor: boolean };
  events: { total: number; attachments: number };
  /** Set on a tombstone: who deleted the event and when (its text, files and data are gone from the timeline). */
  deleted: { by: PersonRef; date: string } | null;
}

/**
 * One version of an event's text (`GET /v3/{appId}/$$event/{id}/versions`), oldest first; the last
 * one is the current text (docs/product/workflow-and-timeline.md#event-history).
 */
export interface EventVersion {
  version: number;
  descrip: string;
  written_by: PersonRef;
  written_date: string;
  current: boolean;
}

export interface EventAnswer {
  id: number;
  doc_id: number;
  parent_id: number | null;
  type: EventType;
  descrip: string;
  subject: string | null;
  on_behalf_of: PersonRef | null;
  /** Names of the document's files this event brought (import_file, import_mail). */
  attachments: string[];
  /** Review fields (type review) or the changed fields (type update). */
  data?: Record<string, unknown>;
  meta: EventMeta;
}

/** The answer to a workflow action: the event, with the document's new meta beside its own. */
export interface WorkflowEventAnswer extends EventAnswer {
  meta: EventMeta & { workflow: WorkflowMeta | null; document: DocumentMeta };
  warnings: string[];
}

/** `POST /v3/{appId}/$$event` and `POST /api/events/`. */
export interface EventInput {
  doc_id: number;
  type: 'comment' | (typeof WORKFLOW_EVENT_TYPES)[number];
  descrip?: string;
  on_behalf_of?: string;
  parent_id?: number;
  subject?: string;
}

/** `GET /doc/{docId}/workflow`: what the caller sees of the workflow and may do now. */
export interface WorkflowView {
  doc_id: number;
  status: string;
  label: string;
  closed: boolean;
  overdue: boolean;
  due_date: string | null;
  closed_date: string | null;
  status_date: string | null;
  stage: { index: number; kind: string; status: string; descrip?: string } | null;
  steps: { label: string; users: PersonRef[]; complete: boolean; next: boolean }[];
  actions: ActionOffer[];
  /** Required fields and conditions a submit or approve would be refused for now. */
  problems: { path: string; message: string }[];
}

export const UPLOAD_ERROR = 'There was an error uploading the files.  Please try again.';
export const UPLOAD_IGNORED_WARNING = 'Some items you dragged (or selected) were ignored due to errors reading the file.';
export const MAX_FILES_PER_UPLOAD = 10;
export const DEFAULT_MAX_FILE_MB = 25;
/** docs/product/workflow-and-timeline.md#limits: image formats, and those that get thumbnails. */
export const IMAGE_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'tiff', 'tif', 'png', 'pdf', 'webp', 'jfif', 'heic'];
export const THUMBNAIL_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'png', 'pdf', 'jfif'];

/** Storage settings (docs/product/administration.md#storage) with their allowed values and defaults. */
export const STORAGE_SETTINGS = {
  maxImageSize: { options: [1920, 2560, 3840], default: 2560 },
  imageCompression: { options: [0.75, 0.8, 0.85, 0.9, 0.95], default: 0.9 },
  thumbQuality: { options: [64, 128, 256], default: 128 },
} as const;

export const REVIEW_SAVE_ERROR = 'There was an error saving the review.  Try editing your review in the event list and saving again.';
export const REVIEW_DELETE_ERROR = 'There was an error deleting the review!';
export function noReviewSchemaMessage(type: string): string {
  return `No review schema found for ${type}.  Please check your schema.`;
}

export interface TodoItem {
  id: number;
  doc_type: string;
  /** The type's human title (form title, else view title, else its name) in the requested language. */
  type_title: string;
  display_id: string;
  summary: string;
  status: string;
  due_date: string | null;
  overdue: boolean;
}

/** `GET /v2/identity/me/todo` (docs/product/workflow-and-timeline.md#todo); a failure shows an empty summary (docs/product/workflow-and-timeline.md#todo). */
export interface TodoAnswer {
  open: TodoItem[];
  overdue: TodoItem[];
  approvals: TodoItem[];
  recent: EventAnswer[];
}
