/**
 * Document shapes on the wire (docs/product/documents-and-schemas.md#documents). A document is answered flat: its schema
 * fields sit at the top level beside the promoted ones, with a `meta` object the server computes.
 */
import { SCHEMA_TYPE } from '../schema/schema-type.ts';

export interface DocumentAccess {
  editor: boolean;
  delete: boolean;
}

export interface PersonRef {
  uuid: string;
  display_name: string;
}

export interface AttachmentMeta {
  name: string;
  size: number;
  content_type: string;
  created_date: string;
  created_by: PersonRef;
  thumb: boolean;
}

export interface WorkflowMeta {
  status: string;
  closed: boolean;
  closed_date: string | null;
  due_date: string | null;
  status_date: string | null;
}

export interface DocumentMeta {
  doc_id: number;
  doc_type: string;
  display_id: string;
  created_by: PersonRef;
  created_date: string;
  updated_date: string;
  /**
   * The parent document; its type, display id and summary when the caller may read it (an action
   * shows the inspection or visit it was raised from by display id).
   */
  parent: { doc_id: number; doc_type?: string; display_id?: string; summary?: string } | null;
  ref: string | null;
  attachments: AttachmentMeta[];
  access: DocumentAccess;
  workflow: WorkflowMeta | null;
  /**
   * Bumped by every write that changes the document. An edit (`PUT`) names the version it read,
   * as `meta.version` in its body or an `If-Match` header; a stale one is refused with 409.
   */
  version: number;
}

/** The 409 of an edit made from a stale read: the document as it is now, and who changed it when. */
export interface EditConflictAnswer {
  error: true;
  error_description: string;
  code: 'conflict';
  current: DocumentAnswer;
  changed_by: PersonRef | null;
  changed_date: string;
}

/** Promoted, server-known fields of every document. */
export interface DocumentCore {
  id: number;
  display_id: string;
  doc_type: string;
  summary: string;
  descrip: string;
  status: string;
  parent_id: number | null;
  site_id?: number | null;
  region_id?: number | null;
  data_normalised?: Record<string, unknown>;
  meta: DocumentMeta;
}

/** A document as answered: core fields plus whatever its schema defines. */
export type DocumentAnswer = DocumentCore & Record<string, unknown>;

/**
 * Every list answers this shape (docs/product/README.md#api-conventions). `totalIsEstimate` is set
 * when a huge total was capped (`total` is then the lower bound counted); `totalEstimate`, when the
 * database can say, is the planner's estimate of all matches ("about N").
 */
export interface ListAnswer<T> {
  dataAr: T[];
  total: number;
  totalIsEstimate?: boolean;
  totalEstimate?: number;
  /**
   * Document lists: opaque cursors of the page's first and last rows. `before=<previous>` /
   * `after=<next>` (with the same filter and order) answer the page before / after this one
   * without reading the rows in between (docs/product/forms-and-lists.md#deep-pages).
   */
  cursors?: { previous: string; next: string };
}

/**
 * Fields a client may never set: the server owns them. They are dropped from every write body
 * (docs/product/security.md#lesson-7, #lesson-16), except the few a type defines as its own data
 * (`serverControlledFieldsOf`: a `$$schema` keeps its `workflow` and `ref`); `__proto__`,
 * `constructor` and `prototype` are refused everywhere.
 */
export const serverControlledDocumentFields: readonly string[] = [
  'id',
  'org_id',
  'display_id',
  'doc_type',
  'meta',
  'data_normalised',
  'created_by',
  'created_date',
  'updated_by',
  'updated_date',
  'status',
  'workflow',
  'access',
  'ref',
  // The workflow's state, the attachment list and the version move only through their own operations.
  'closed',
  'closed_date',
  'status_date',
  'workflow_version',
  'version',
  'attachments',
  'org',
  'app_id',
];

/**
 * Server-controlled names a type may declare as its own form field, which a body then sets:
 * `due_date` is the workflow's computed due date, but the action asks the user for its due date
 * under that name (field-catalog-of.ts). A type without such a field never takes it from a body.
 */
export const fieldsTypesMayOwn: readonly string[] = ['due_date'];

export const forbiddenKeys: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/**
 * Names that a type's documents keep as data although they are server-controlled on every other
 * document. A `$$schema` document holds a type definition (docs/product/documents-and-schemas.md#document-types), whose
 * `workflow` is the type's workflow definition and whose `ref` is the type's reference: they are
 * the definition's own properties, stored in `data`. The schema document's own workflow state and
 * external reference live in columns (answered as `meta.workflow` and `meta.ref`), which no body
 * reaches for any type. Ordinary types keep dropping these names.
 */
const dataFieldsOverridingServerControl: Readonly<Record<string, readonly string[]>> = {
  [SCHEMA_TYPE]: ['workflow', 'ref', 'version'],
  // A reporting period's open or closed state is the master item's own field (docs/product/reporting.md#periods);
  // report data has no workflow, so no workflow `closed` column is shadowed.
  report_data: ['closed'],
};

const serverControlledOfEveryType: ReadonlySet<string> = new Set(serverControlledDocumentFields);
const serverControlledByType = new Map<string, ReadonlySet<string>>(
  Object.entries(dataFieldsOverridingServerControl).map(([type, own]) => [
    type,
    new Set(serverControlledDocumentFields.filter((field) => !own.includes(field))),
  ]),
);

/** The body fields a write of `docType` drops: the server-controlled ones less the type's own (above). */
export function serverControlledFieldsOf(docType: string): ReadonlySet<string> {
  return serverControlledByType.get(docType) ?? serverControlledOfEveryType;
}

/** List query parameters of `GET /v3/{appId}/{type}` (docs/product/documents-and-schemas.md#api). */
export interface ListQuery {
  select?: string;
  filter?: string;
  order?: string;
  group_by?: string;
  count?: number;
  start?: number;
  args?: string;
}
