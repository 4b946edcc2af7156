/**
 * Documents and what is kept beside them on write: display-id sequences, every saved version of a
 * stored type schema, the cache version counters, who each document is assigned to, and external
 * approvers' links. Search (`documents_fts` on SQLite, the `search_vector` column on PostgreSQL,
 * migration 003) is queried with raw SQL and has no row type here.
 */
import type { Generated } from 'kysely';

/**
 * Every document of every type: the promoted columns lists filter, sort and scope on, plus the
 * type's own fields in `data`. Written only through the documents' write queue.
 */
export interface DocumentsTable {
  id: Generated<number>;
  org_id: number;
  /** The type's name (`incident`, `action`, `$$schema`…). */
  doc_type: string;
  /** The human id from the type's `idMask` (`INC-00042`), unique per organisation and type. */
  display_id: string;
  /** The workflow status (`Pending Approval`…), or '' for types without a workflow. */
  status: string;
  /** Built from the form's `summaryProperties`: the title lists and search show. */
  summary: string;
  /** Built from the form's `descripProperties`. */
  descrip: string;
  /** The parent document (an action's incident); never a loop. */
  parent_id: number | null;
  /** Location, read from the document's fields; access scopes filter on these two. */
  site_id: number | null;
  region_id: number | null;
  zone_id: number | null;
  module_id: number | null;
  /** External reference of a document maintained by another system (then not editable here). */
  ref: string | null;
  created_by: string;
  created_date: string;
  updated_by: string;
  updated_date: string;
  /** 1 once the workflow reached Closed or Approved. */
  closed: number;
  closed_date: string | null;
  /** When the current workflow stage becomes overdue. */
  due_date: string | null;
  /** When the status last changed. */
  status_date: string | null;
  /** JSON: the workflow state (current stage, steps done, who acted). */
  workflow: unknown;
  /** JSON list of attachment names (`meta.attachments`). */
  attachments: unknown;
  /** JSON: the type's own fields. */
  data: unknown;
  /**
   * Bumped by every workflow transition (migration 004); the transition's UPDATE names the
   * version it read, so of two people acting on one step at once exactly one succeeds.
   */
  workflow_version: Generated<number>;
  /** Bumped by every write that changes the document; an edit names the one it read (migration 006). */
  version: Generated<number>;
}

/** The last display-id number used per organisation and type, bumped inside the creating transaction. */
export interface DocumentSequencesTable {
  org_id: number;
  doc_type: string;
  last_seq: number;
}

/** Every saved version of a stored type schema (`$$schema` document), for history and diffs (migration 003). */
export interface SchemaVersionsTable {
  id: Generated<number>;
  org_id: number;
  /** The `$$schema` document. */
  schema_doc_id: number;
  /** The type it defines. */
  type: string;
  /** 1, 2, 3… per schema document. */
  version: number;
  action: 'create' | 'update' | 'delete';
  /** JSON: the whole definition as saved. */
  schema: unknown;
  created_by: string;
  created_date: string;
}

/** Counters bumped when cached data changes (`schemas:{orgId}`), read by every process (migration 003). */
export interface CacheVersionsTable {
  name: string;
  version: number;
}

/**
 * Who each document is assigned to (`data.actionee_ids`), kept by triggers (migration
 * 026-document-assignees; the todo's "Assigned to me", modules/todo).
 */
export interface DocumentAssigneesTable {
  doc_id: number;
  org_id: number;
  /** An identity's uuid. */
  person: string;
  /** The document's `closed`, copied so a person's open assignments are one index range. */
  closed: number;
}

/** An e-mailed approval link for a named external person; only the token's hash is kept (migration 017). */
export interface ExternalApprovalLinksTable {
  id: Generated<number>;
  org_id: number;
  doc_id: number;
  stage: number;
  step: number;
  email: string;
  token_hash: string;
  created_date: string;
  expires_date: string;
  used_date: string | null;
}

export interface DocumentTables {
  documents: DocumentsTable;
  document_sequences: DocumentSequencesTable;
  schema_versions: SchemaVersionsTable;
  cache_versions: CacheVersionsTable;
  document_assignees: DocumentAssigneesTable;
  external_approval_links: ExternalApprovalLinksTable;
}
