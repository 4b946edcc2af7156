/**
 * Between the stored row (promoted columns + JSON data) and the flat answer of the API
 * (docs/product/documents-and-schemas.md#documents, docs/product/README.md#api-conventions). Promoted fields are columns so lists can filter, sort and
 * index them; everything else a schema defines lives in `data`.
 */
import {
  fieldsTypesMayOwn,
  forbiddenKeys,
  serverControlledFieldsOf,
  type DocumentSchema,
  type AttachmentMeta,
  type DocumentAccess,
  type DocumentAnswer,
  type WorkflowMeta,
} from '@docket/shared';
import type { DocumentRow } from '../db/tables.ts';
import { readJson } from '../db/json.ts';

/** Body fields stored as columns rather than inside `data`. */
export const promotedWritableFields = ['summary', 'descrip', 'parent_id', 'site_id', 'region_id', 'zone_id', 'module_id'] as const;
export type PromotedWritableField = (typeof promotedWritableFields)[number];

const promotedSet = new Set<string>(promotedWritableFields);
const forbidden = new Set<string>(forbiddenKeys);
const ownableFields = new Set<string>(fieldsTypesMayOwn);

export interface DocumentWrite {
  columns: Partial<Record<PromotedWritableField, string | number | null>>;
  data: Record<string, unknown>;
}

/**
 * Splits a client body for a document of `type` into promoted columns and data, dropping the
 * fields the server controls for that type (`serverControlledFieldsOf`: a `$$schema` body keeps
 * its definition's `workflow` and `ref`, every other type drops them), and the workflow's
 * `due_date` unless the type's form declares a field of that name (`fieldsTypesMayOwn`).
 */
export function splitBody(body: Record<string, unknown>, type: Pick<DocumentSchema, 'type' | 'form'>): DocumentWrite {
  const serverControlled = serverControlledFieldsOf(type.type);
  const properties = type.form?.schema.properties ?? {};
  const columns: DocumentWrite['columns'] = {};
  const data: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(body)) {
    if (forbidden.has(key) || serverControlled.has(key)) continue;
    if (ownableFields.has(key) && !Object.hasOwn(properties, key)) continue;
    if (promotedSet.has(key)) {
      columns[key as PromotedWritableField] = value as string | number | null;
    } else {
      data[key] = value;
    }
  }
  return { columns, data: { ...data } };
}

/** The flat object a type's JSON Schema validates: data plus promoted fields. */
export function validationView(write: DocumentWrite): Record<string, unknown> {
  const view: Record<string, unknown> = { ...write.data };
  for (const [key, value] of Object.entries(write.columns)) {
    if (value !== null && value !== undefined) view[key] = value;
  }
  return view;
}

/** A stored row's values, without its counters (a row about to be inserted has none yet). */
export type StoredValues = Omit<DocumentRow, 'version' | 'workflow_version'>;

export interface RowWithAuthor extends DocumentRow {
  created_by_name: string | null;
}

/** The stored columns an answer needs (PostgreSQL's search_vector stays in the database). */
export const documentColumns = [
  'id',
  'org_id',
  'doc_type',
  'display_id',
  'status',
  'summary',
  'descrip',
  'parent_id',
  'site_id',
  'region_id',
  'zone_id',
  'module_id',
  'ref',
  'created_by',
  'created_date',
  'updated_by',
  'updated_date',
  'closed',
  'closed_date',
  'due_date',
  'status_date',
  'workflow',
  'attachments',
  'data',
  'workflow_version',
  'version',
] as const satisfies readonly (keyof DocumentRow)[];

/** The row's values as one flat object (data fields beside the promoted ones), for labels and row checks. */
export function flatValues(row: StoredValues, data: Record<string, unknown> = parsedData(row)): Record<string, unknown> {
  return {
    ...data,
    ...promotedValues(row),
    created_by: row.created_by,
    created_date: row.created_date,
    ref: row.ref,
  };
}

/** The promoted columns every flat document shows beside its data fields. */
function promotedValues(row: StoredValues) {
  return {
    id: row.id,
    display_id: row.display_id,
    doc_type: row.doc_type,
    summary: row.summary,
    descrip: row.descrip,
    status: row.status,
    parent_id: row.parent_id,
    site_id: row.site_id,
    region_id: row.region_id,
    zone_id: row.zone_id,
    module_id: row.module_id,
  };
}

export function parsedData(row: Pick<DocumentRow, 'data'>): Record<string, unknown> {
  return readJson<Record<string, unknown>>(row.data, {});
}

export function toAnswer(
  row: RowWithAuthor,
  access: DocumentAccess,
  dataNormalised?: Record<string, unknown>,
  data: Record<string, unknown> = parsedData(row),
): DocumentAnswer {
  const workflow = readJson<Partial<WorkflowMeta> | null>(row.workflow, null);
  return {
    ...data,
    ...promotedValues(row),
    data_normalised: dataNormalised ?? { display_id: row.display_id, types: row.doc_type },
    meta: {
      doc_id: row.id,
      doc_type: row.doc_type,
      display_id: row.display_id,
      created_by: { uuid: row.created_by, display_name: row.created_by_name ?? '' },
      created_date: row.created_date,
      updated_date: row.updated_date,
      parent: row.parent_id === null ? null : { doc_id: row.parent_id },
      ref: row.ref,
      attachments: readJson<AttachmentMeta[]>(row.attachments, []),
      access,
      version: Number(row.version),
      workflow: workflow
        ? {
            status: workflow.status ?? row.status,
            closed: Boolean(row.closed),
            closed_date: row.closed_date,
            due_date: row.due_date,
            status_date: row.status_date,
          }
        : null,
    },
  };
}
