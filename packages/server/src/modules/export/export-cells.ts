/**
 * One exported value: the text a spreadsheet shows and, for the .xlsx, its typed value. Labels
 * come from `data_normalised` (site names, users…) or the schema's `oneOf` titles; dates print
 * DD/MM/YYYY, date-times DD/MM/YYYY HH:mm with their offset (docs/product/forms-and-lists.md#export, UTC here); lists are
 * joined with ', '; protected columns the caller may not see print 'Hidden (Protected)'.
 */
import type { DocumentAnswer, DocumentSchema, JsonSchema, TableColumn } from '@docket/shared';

export const HIDDEN_PROTECTED = 'Hidden (Protected)';

export interface Cell {
  text: string;
  /** Typed value for the .xlsx: numbers stay numbers, dates become dates. */
  value?: number | Date;
  format?: 'date' | 'date-time';
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const pad = (n: number) => String(n).padStart(2, '0');

export function formatExportDate(date: Date, withTime: boolean): string {
  const day = `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
  return withTime ? `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} +00:00` : day;
}

function dateCell(text: string, kind: 'date' | 'date-time'): Cell | undefined {
  const date = new Date(kind === 'date' ? `${text.slice(0, 10)}T00:00:00.000Z` : text);
  if (Number.isNaN(date.getTime())) return undefined;
  return { text: formatExportDate(date, kind === 'date-time'), value: date, format: kind };
}

function oneOfTitle(property: JsonSchema | undefined, value: unknown): string | undefined {
  const options = property?.oneOf ?? (property?.items as JsonSchema | undefined)?.oneOf;
  const match = options?.find((option) => option.const === value);
  return typeof match?.title === 'string' ? match.title : undefined;
}

function plain(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Record dates a view names as columns (the Created column) that a document answers under `meta`. */
const META_COLUMNS = new Set(['created_date', 'updated_date'] as const);

function rawValue(doc: DocumentAnswer, column: TableColumn): unknown {
  const value =
    doc[column.id] ?? (META_COLUMNS.has(column.id as 'created_date') ? doc.meta[column.id as 'created_date' | 'updated_date'] : undefined);
  if (column.subId && value && typeof value === 'object' && !Array.isArray(value)) return (value as Record<string, unknown>)[column.subId];
  return value;
}

export function exportCell(type: DocumentSchema, doc: DocumentAnswer, column: TableColumn, hideProtected: boolean): Cell {
  if (column.protected && hideProtected) return { text: HIDDEN_PROTECTED };
  const value = rawValue(doc, column);
  const labels = (doc.data_normalised ?? {}) as Record<string, unknown>;
  const label = column.subId ? undefined : column.id === 'created_by' ? doc.meta.created_by.display_name : labels[column.id];
  if (label !== undefined && label !== null) return { text: Array.isArray(label) ? label.map(plain).join(', ') : plain(label) };
  if (value === null || value === undefined || value === '') return { text: '' };
  const property = type.form?.schema.properties?.[column.id];
  if (Array.isArray(value)) return { text: value.map((item) => oneOfTitle(property, item) ?? plain(item)).join(', ') };
  const title = oneOfTitle(property, value);
  if (title !== undefined) return { text: title };
  if (typeof value === 'string') {
    const isDate = column.type === 'date' || property?.format === 'date' || DATE_ONLY.test(value);
    const isDateTime = column.type === 'timestamp' || property?.format === 'date-time' || DATE_TIME.test(value);
    const cell =
      isDate && DATE_ONLY.test(value.slice(0, 10)) && !DATE_TIME.test(value)
        ? dateCell(value, 'date')
        : isDateTime
          ? dateCell(value, 'date-time')
          : undefined;
    if (cell) return cell;
  }
  if (typeof value === 'number') return { text: String(value), value };
  return { text: plain(value) };
}
