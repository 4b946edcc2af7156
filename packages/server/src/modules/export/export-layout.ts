/**
 * The two export layouts (docs/product/forms-and-lists.md#export) as rows of cells, rendered to HTML (.xls) or .xlsx:
 * - table: a header row of the export columns, then one row per document;
 * - formatted: per document a title row, its columns 8 to a row (labels above values, a second
 *   row of up to 8 more), the description as a full-width row, then a blank row.
 */
import type { DocumentAnswer, DocumentSchema, TableColumn } from '@docket/shared';
import { exportCell, type Cell } from './export-cells.ts';

export const COLUMNS_PER_ROW = 8;
const MAX_FORMATTED_COLUMNS = 2 * COLUMNS_PER_ROW;

export interface SheetCell extends Cell {
  header?: boolean;
  /** Columns this cell spans (formatted layout). */
  span?: number;
}

export type SheetRow = SheetCell[];

export interface LayoutInput {
  type: DocumentSchema;
  columns: TableColumn[];
  docs: DocumentAnswer[];
  /** Per document: whether its protected columns print 'Hidden (Protected)'. */
  hideProtected: (doc: DocumentAnswer) => boolean;
}

export function tableLayout(input: LayoutInput): SheetRow[] {
  const header: SheetRow = input.columns.map((column) => ({ text: column.label ?? column.id, header: true }));
  return [header, ...input.docs.map((doc) => input.columns.map((column) => exportCell(input.type, doc, column, input.hideProtected(doc))))];
}

function stripHtml(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function formattedLayout(input: LayoutInput): SheetRow[] {
  const rows: SheetRow[] = [];
  const columns = input.columns.filter((column) => column.id !== 'descrip').slice(0, MAX_FORMATTED_COLUMNS);
  for (const doc of input.docs) {
    rows.push([{ text: `${doc.display_id} ${doc.summary}`.trim(), header: true, span: COLUMNS_PER_ROW }]);
    for (let i = 0; i < columns.length; i += COLUMNS_PER_ROW) {
      const slice = columns.slice(i, i + COLUMNS_PER_ROW);
      rows.push(slice.map((column) => ({ text: column.label ?? column.id, header: true })));
      rows.push(slice.map((column) => exportCell(input.type, doc, column, input.hideProtected(doc))));
    }
    const descrip = input.type.descripIsHtml ? stripHtml(doc.descrip ?? '') : (doc.descrip ?? '');
    rows.push([{ text: descrip, span: COLUMNS_PER_ROW }]);
    rows.push([{ text: '', span: COLUMNS_PER_ROW }]);
  }
  return rows;
}
