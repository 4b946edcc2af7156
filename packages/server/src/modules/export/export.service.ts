/**
 * Export of a type's list (issue 4 item 9) with the list's filter, order and args: every page up
 * to 5,000 rows in the table layout, the requested page in the formatted layout (docs/product/forms-and-lists.md#export), as
 * the spreadsheet-compatible HTML `.xls` or a real `.xlsx`, named `{view title or type}_{YYYY-MM-DD}`.
 */
import { EXPORT_MAX_ROWS, MAX_LIST_COUNT, typeTextOf, type DocumentAnswer, type DocumentSchema, type TableColumn } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { HttpError } from '../../http/http-error.ts';
import { canSeeProtectedFields } from '../../platform/access/protected-fields.ts';
import { listDocuments } from '../../platform/records/document-pages.ts';
import { answersFor } from '../documents/document-answers.ts';
import { listOptionsFrom, type ListOptions, type ListQueryString } from '../documents/list-params.ts';
import { readScope } from '../documents/read-scope.ts';
import { formattedLayout, tableLayout } from './export-layout.ts';
import { renderXls } from './xls-html.ts';
import { renderXlsx } from './xlsx-writer.ts';

export type ExportFormat = 'xls' | 'xlsx';
export type ExportLayout = 'table' | 'formatted';

export interface ExportQuery extends ListQueryString {
  format: ExportFormat;
  layout: ExportLayout;
  /** The screen's language; the title and column headers are translated into it. */
  lang?: string;
}

export interface ExportFile {
  filename: string;
  contentType: string;
  body: string | Buffer;
}

export const noExportSchema = (title: string) => `No export schema defined for ${title}`;

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xls: 'application/vnd.ms-excel; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function viewTitle(type: DocumentSchema): string {
  return type.view?.title ?? type.type;
}

/** Export columns, protected when the export or the list view marks them so. */
function exportColumns(type: DocumentSchema): TableColumn[] {
  const protectedInView = new Set((type.view?.table.schema ?? []).filter((c) => c.protected).map((c) => c.id));
  return (type.export?.schema ?? []).map((column) => (protectedInView.has(column.id) ? { ...column, protected: true } : column));
}

async function exportedDocs(
  ctx: AppContext,
  principal: Principal,
  type: DocumentSchema,
  options: ListOptions,
  layout: ExportLayout,
): Promise<DocumentAnswer[]> {
  const part = readScope(principal, type);
  const base = { ...part, filter: options.filter, order: options.order, userId: principal.uuid, withTotal: false };
  if (layout === 'formatted') {
    const page = await listDocuments(ctx.database, { ...base, start: options.start, count: options.count });
    return answersFor(ctx, principal, type, page.rows);
  }
  const docs: DocumentAnswer[] = [];
  for (let start = 0; start < EXPORT_MAX_ROWS; start += MAX_LIST_COUNT) {
    const count = Math.min(MAX_LIST_COUNT, EXPORT_MAX_ROWS - start);
    const page = await listDocuments(ctx.database, { ...base, start, count });
    docs.push(...(await answersFor(ctx, principal, type, page.rows)));
    if (page.rows.length < count) break;
  }
  return docs;
}

export async function exportDocuments(
  ctx: AppContext,
  principal: Principal,
  type: DocumentSchema,
  query: ExportQuery,
  today = new Date(),
): Promise<ExportFile> {
  const title = typeTextOf(type, viewTitle(type), query.lang);
  const columns = exportColumns(type).map((column) =>
    column.label === undefined ? column : { ...column, label: typeTextOf(type, column.label, query.lang) },
  );
  if (columns.length === 0) throw new HttpError('bad_request', noExportSchema(title));
  const options = listOptionsFrom(query, principal, type);
  if (options.groupBy.length > 0) throw new HttpError('bad_request', 'An export cannot be grouped');
  const docs = await exportedDocs(ctx, principal, type, options, query.layout);
  const seesProtected = canSeeProtectedFields(principal, type);
  const input = { type, columns, docs, hideProtected: (doc: DocumentAnswer) => !seesProtected && !doc.meta.access.editor };
  const rows = query.layout === 'formatted' ? formattedLayout(input) : tableLayout(input);
  const filename = `${title}_${today.toISOString().slice(0, 10)}.${query.format}`;
  const body = query.format === 'xlsx' ? await renderXlsx(title, rows) : renderXls(title, rows);
  return { filename, contentType: CONTENT_TYPES[query.format], body };
}
