/**
 * A list page's rows as the reader threads and the databases answer them, made into the rows a page
 * answers (docs/architecture.md): the page's own columns as one object literal, and the sort keys
 * (`k0`, `k1`, …) of the first and last rows split off for the page's cursors. Split from
 * document-pages.ts, which chooses and reads the page.
 */
import type { RowWithAuthor } from './document-shape.ts';
import { cursorValueOf } from './keyset.ts';
import { PAGE_ROW_COLUMNS, type PageKey } from './page-sql.ts';
import { registerRowShape } from '../db/sqlite-readers.ts';

/** Splits the k-columns off a page's rows: the rows as answered, and the first and last sort keys. */
export function withoutKeys(
  rows: Record<string, unknown>[],
  termCount: number,
): { rows: RowWithAuthor[]; keys?: { first: PageKey; last: PageKey } } {
  const keyOf = (row: Record<string, unknown>): PageKey => ({
    values: Array.from({ length: termCount }, (_, index) => cursorValueOf(row[`k${index}`])),
    id: Number(row.id),
  });
  const first = rows[0];
  const last = rows[rows.length - 1];
  const keys = first && last ? { first: keyOf(first), last: keyOf(last) } : undefined;
  const plain = plainRows(rows);
  return keys ? { rows: plain, keys } : { rows: plain };
}

/** A page's rows without the columns only the server needs (sort keys, the total). */
export function plainRows(rows: Record<string, unknown>[]): RowWithAuthor[] {
  return rows.map((row) => plainRow(row as unknown as RowWithAuthor));
}

/**
 * One row as an object literal of the page's columns (PAGE_ROW_COLUMNS). Not spread and
 * `delete`d: deleting a property turns every row into a slow dictionary object, which cost 7 % of
 * a cold list request; nor copied in a loop over the column names: a store by a computed name
 * for each of 27 columns cost about 2.5 µs a row, the literal about nothing (issue 18,
 * bench/README.md). `satisfies` keeps it in step with the columns a page selects.
 */
function plainRow(row: RowWithAuthor): RowWithAuthor {
  return {
    id: row.id,
    org_id: row.org_id,
    doc_type: row.doc_type,
    display_id: row.display_id,
    status: row.status,
    summary: row.summary,
    descrip: row.descrip,
    parent_id: row.parent_id,
    site_id: row.site_id,
    region_id: row.region_id,
    zone_id: row.zone_id,
    module_id: row.module_id,
    ref: row.ref,
    created_by: row.created_by,
    created_date: row.created_date,
    updated_by: row.updated_by,
    updated_date: row.updated_date,
    closed: row.closed,
    closed_date: row.closed_date,
    due_date: row.due_date,
    status_date: row.status_date,
    workflow: row.workflow,
    attachments: row.attachments,
    data: row.data,
    workflow_version: row.workflow_version,
    version: row.version,
    created_by_name: row.created_by_name,
  } satisfies Record<(typeof PAGE_ROW_COLUMNS)[number], unknown>;
}

/** Where each of a page row's columns is in the values the reader threads send (PAGE_ROW_COLUMNS). */
const AT = Object.fromEntries(PAGE_ROW_COLUMNS.map((column, index) => [column, index])) as Record<
  (typeof PAGE_ROW_COLUMNS)[number],
  number
>;

/** A page row made from its values as one object literal (registerRowShape says why). */
function pageRowOf(v: readonly unknown[]): Record<string, unknown> {
  return {
    id: v[AT.id],
    org_id: v[AT.org_id],
    doc_type: v[AT.doc_type],
    display_id: v[AT.display_id],
    status: v[AT.status],
    summary: v[AT.summary],
    descrip: v[AT.descrip],
    parent_id: v[AT.parent_id],
    site_id: v[AT.site_id],
    region_id: v[AT.region_id],
    zone_id: v[AT.zone_id],
    module_id: v[AT.module_id],
    ref: v[AT.ref],
    created_by: v[AT.created_by],
    created_date: v[AT.created_date],
    updated_by: v[AT.updated_by],
    updated_date: v[AT.updated_date],
    closed: v[AT.closed],
    closed_date: v[AT.closed_date],
    due_date: v[AT.due_date],
    status_date: v[AT.status_date],
    workflow: v[AT.workflow],
    attachments: v[AT.attachments],
    data: v[AT.data],
    workflow_version: v[AT.workflow_version],
    version: v[AT.version],
    created_by_name: v[AT.created_by_name],
  } satisfies Record<(typeof PAGE_ROW_COLUMNS)[number], unknown>;
}

registerRowShape(PAGE_ROW_COLUMNS, pageRowOf);
