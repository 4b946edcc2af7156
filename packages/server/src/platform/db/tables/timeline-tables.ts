/**
 * What happened to a document: its timeline's events, the files documents and events carry (and
 * profile photos), and the append-only audit trail of its writes.
 */
import type { Generated } from 'kysely';
import type { NullUntilSet } from './null-until-set.ts';

/** A document's timeline: comments, files, imported mail, workflow actions, reviews, updates. */
export interface EventsTable {
  id: Generated<number>;
  org_id: number;
  doc_id: number;
  /** The event this one replies to (threads nest at most 3 levels). */
  parent_id: number | null;
  /** create, update, comment, import_file, import_mail, submit, approve, reject, reopen, review, close. */
  type: string;
  subject: string | null;
  /** The event's text (a comment, a workflow comment, an update's changed fields). */
  descrip: string;
  /** JSON `{uuid, display_name}` of the step user someone acted for, in a sequential block. */
  on_behalf_of: unknown;
  /** JSON list of the file names the event brought. */
  attachments: unknown;
  created_by: string;
  created_date: string;
  /** The timeline's order (the creation time unless an import dates the event otherwise). */
  sort_date: string;
  /** JSON: a review's fields, validated against the type's review schema (migration 004). */
  data: unknown;
  /** When the event's text was last edited (migration 004). */
  updated_date: string | null;
  /** A tombstone's deleter and date (migration 007); the original is in the audit trail. */
  deleted_by: NullUntilSet<string>;
  deleted_date: NullUntilSet<string>;
}

/** Stored files: a document's or an event's attachments, and profile photos (migration 004). */
export interface FilesTable {
  id: Generated<number>;
  org_id: number;
  /** The document the file is attached to. */
  doc_id: number | null;
  /** The event that brought the file (an `import_file` or `import_mail`). */
  event_id: number | null;
  /** The identity whose photo this is. */
  owner_uuid: string | null;
  /** The checked, safe file name the user sees. */
  name: string;
  /** The key in the file store (local directory or S3 bucket), fresh per upload. */
  storage_key: string;
  /** The thumbnail's key, for the formats that get one. */
  thumb_key: string | null;
  /** Bytes. */
  size: number;
  /** The thumbnail's bytes (migration 020); null before it or without a thumbnail. */
  thumb_size: NullUntilSet<number>;
  /** Detected from the content, not from the upload's claim. */
  content_type: string;
  created_by: string;
  created_date: string;
}

/** Append-only history of document writes (database triggers refuse updates and deletes). */
export interface AuditTable {
  id: Generated<number>;
  org_id: number;
  doc_id: number;
  doc_type: string;
  /** create, update, delete (and the workflow's actions). */
  action: string;
  actor_uuid: string;
  created_date: string;
  /** JSON: the fields before and after (a delete keeps the whole original). */
  changes: unknown;
}

export interface TimelineTables {
  events: EventsTable;
  files: FilesTable;
  audit_trail: AuditTable;
}
