/**
 * The chart call's `group_by` (docs/product/reporting.md#charts): up to two terms, each a field the
 * caller may group the list by (the same catalog and rules as the list's `group_by`), or `month` —
 * the month, in the organisation's time zone, of the type's date field (`form.dateField`, else
 * `created_date`) — or `month(<date field>)` to name another date field. `from` / `to` (`YYYY-MM`)
 * choose the months; by default the twelve months that end with the current one.
 */
import {
  EARLIEST_REPORT_MONTH,
  formatYearMonth,
  isSortableField,
  lookupField,
  monthIndexOf,
  monthOf,
  parseYearMonth,
  type DocumentSchema,
  type FieldCatalog,
  type MonthRange,
} from '@docket/shared';
import { badRequest } from '../../http/http-error.ts';

export const MAX_GRAPH_TERMS = 2;
/** A chart spans at most five years of months (docs/product/reporting.md#limits). */
export const MAX_GRAPH_MONTHS = 60;
/** Twelve months: the current one and 11 back (docs/product/reporting.md#limits). */
export const DEFAULT_GRAPH_MONTHS = 12;

/** A date field read by months: a date-only value keeps its own month, an instant is read in the time zone. */
export interface MonthField {
  field: string;
  isDateOnly: boolean;
}

export type GraphTerm = { kind: 'field'; field: string } | ({ kind: 'month' } & MonthField);

export interface GraphQuery {
  terms: GraphTerm[];
  /** Months counted (the documents whose date field falls in them): with a month term or with from/to. */
  range: (MonthRange & MonthField) | undefined;
}

const MONTH_TERM = /^month(?:\((.*)\))?$/;

/** The date field a bare `month` term reads: the type's own date field, else the creation date. */
export function defaultDateFieldOf(type: DocumentSchema, catalog: FieldCatalog): string {
  const field = type.form?.dateField;
  return field && isDateField(catalog, field) ? field : 'created_date';
}

function monthField(catalog: FieldCatalog, field: string): MonthField {
  return { field, isDateOnly: lookupField(catalog, field)?.type === 'date' };
}

function isDateField(catalog: FieldCatalog, field: string): boolean {
  const info = lookupField(catalog, field);
  return info !== undefined && info.readable !== false && (info.type === 'date' || info.type === 'datetime');
}

function parseTerm(text: string, type: DocumentSchema, catalog: FieldCatalog): GraphTerm {
  const match = MONTH_TERM.exec(text);
  if (match) {
    const field = match[1]?.trim() || defaultDateFieldOf(type, catalog);
    if (!isDateField(catalog, field)) throw badRequest(`Cannot group by month of field: ${field.slice(0, 100)} (not a date field)`);
    return { kind: 'month', ...monthField(catalog, field) };
  }
  if (!isSortableField(catalog, text)) throw badRequest(`Cannot group by field: ${text.slice(0, 100)}`);
  return { kind: 'field', field: text };
}

function monthParameter(name: string, text: string): number {
  const month = parseYearMonth(text.trim());
  if (!month) throw badRequest(`Invalid ${name}: ${text.slice(0, 20)} (expected YYYY-MM)`);
  if (monthIndexOf(month) < monthIndexOf(EARLIEST_REPORT_MONTH)) {
    throw badRequest(`Invalid ${name}: the earliest month is ${formatYearMonth(EARLIEST_REPORT_MONTH)}`);
  }
  return monthIndexOf(month);
}

export interface GraphParameters {
  group_by?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Checks the terms and months of a chart request: 400 with the reason otherwise. */
export function parseGraphQuery(
  params: GraphParameters,
  type: DocumentSchema,
  catalog: FieldCatalog,
  timeZone: string,
  now = new Date(),
): GraphQuery {
  const texts = (params.group_by ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (texts.length > MAX_GRAPH_TERMS) throw badRequest(`Invalid group_by: at most ${MAX_GRAPH_TERMS} terms`);
  const terms = texts.map((text) => parseTerm(text, type, catalog));
  const monthTerms = terms.filter((term) => term.kind === 'month');
  if (monthTerms.length > 1) throw badRequest('Invalid group_by: at most one month term');
  if (new Set(terms.map((term) => `${term.kind}:${term.field}`)).size !== terms.length) {
    throw badRequest('Invalid group_by: a term appears twice');
  }
  const month = monthTerms[0];
  const hasRange = Boolean(params.from?.trim() || params.to?.trim());
  if (!month && !hasRange) return { terms, range: undefined };
  const current = monthIndexOf(monthOf(now, timeZone));
  const to = params.to?.trim() ? monthParameter('to', params.to) : current;
  const from = params.from?.trim() ? monthParameter('from', params.from) : to - (DEFAULT_GRAPH_MONTHS - 1);
  if (from > to) throw badRequest('Invalid from: after to');
  if (to - from + 1 > MAX_GRAPH_MONTHS) throw badRequest(`Invalid from: a chart spans at most ${MAX_GRAPH_MONTHS} months`);
  const field = month ?? monthField(catalog, defaultDateFieldOf(type, catalog));
  return { terms, range: { from, to, field: field.field, isDateOnly: field.isDateOnly } };
}
