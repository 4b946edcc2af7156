/**
 * The chart call (docs/product/reporting.md#charts): counts of a type's documents per field value
 * and/or month, for chart cards. The same access choke point as every list — `authorize()` gives
 * the caller's row filter, so a site-restricted user counts only what they may read — and the same
 * field catalog for the filter and the grouped fields, so nothing the caller may not read can be
 * counted by (docs/product/security.md#lesson-8).
 */
import {
  formatYearMonth,
  monthIndexOfText,
  monthsOf,
  yearMonthOf,
  type DocumentSchema,
  type GraphAnswer,
  type GraphRow,
} from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { badRequest } from '../../http/http-error.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { resolveLabels } from '../../platform/records/document-labels.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { requestFilter } from '../documents/list-params.ts';
import { readScope } from '../documents/read-scope.ts';
import { countForGraph } from './graph.repository.ts';
import { parseGraphQuery, type GraphParameters, type GraphTerm } from './graph-terms.ts';
import { reportingSettingsOf } from '../reporting/reporting-settings.ts';

export interface GraphRequest extends GraphParameters {
  /** The filter (`qry`; `filter` is accepted as its other name). */
  qry?: string | undefined;
  filter?: string | undefined;
}

/** `YYYY-MM` of a month bucket: a month index (instants) or the text's own month (date-only values). */
function monthText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const index = typeof value === 'string' ? monthIndexOfText(value) : Number(value);
  return index === undefined || !Number.isInteger(index) ? null : formatYearMonth(yearMonthOf(index));
}

function termKey(term: GraphTerm): string {
  return term.kind === 'month' ? 'month' : term.field;
}

/** SQLite reads booleans as 0/1 and PostgreSQL numerics as text; answers use JSON's own types. */
function fieldValue(value: unknown, type: string | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') return value === true || value === 1 || value === '1';
  if ((type === 'number' || type === 'integer') && typeof value === 'string') return Number(value);
  return value;
}

export async function graphCounts(
  ctx: AppContext,
  principal: Principal,
  type: DocumentSchema,
  request: GraphRequest,
): Promise<GraphAnswer> {
  const scope = readScope(principal, type);
  if (request.qry?.trim() && request.filter?.trim()) throw badRequest('Use filter or qry, not both');
  const filter = requestFilter(request.qry ?? request.filter, scope.catalog);
  const { timeZone } = await reportingSettingsOf(ctx.database, principal.org.id);
  const query = parseGraphQuery(request, type, scope.catalog, timeZone);
  const result = await countForGraph(ctx.database, { ...scope, filter, query, timeZone, userId: principal.uuid });

  let rows: GraphRow[] = result.rows.map(({ values, count }) => {
    const row: GraphRow = { count };
    query.terms.forEach((term, index) => {
      row[termKey(term)] = term.kind === 'month' ? monthText(values[index]) : fieldValue(values[index], scope.catalog[term.field]?.type);
    });
    return row;
  });
  const months = query.range ? monthsOf(query.range).map((month) => formatYearMonth(yearMonthOf(month))) : undefined;
  // A series by month alone answers every month of the range, 0 where nothing happened, so a
  // chart's axis has no gaps.
  if (months && query.terms.length === 1 && query.terms[0]!.kind === 'month') {
    const counted = new Map(rows.map((row) => [row.month as string, row.count]));
    rows = months.map((month) => ({ month, count: counted.get(month) ?? 0 }));
  }
  const fieldTerms = query.terms.filter((term) => term.kind === 'field');
  if (fieldTerms.length > 0 && rows.length > 0) rows = await withLabels(ctx, principal, type, rows);

  const total = rows.reduce((sum, row) => sum + row.count, 0);
  const answer: GraphAnswer = { dataAr: rows, total };
  if (months) answer.months = months;
  if (result.truncated) answer.totalIsEstimate = true;
  return answer;
}

/** Site names, users and referenced documents of the grouped values, as the list's group_by answers them. */
async function withLabels(ctx: AppContext, principal: Principal, type: DocumentSchema, rows: GraphRow[]): Promise<GraphRow[]> {
  const registry = typeRegistryFor(ctx.database);
  const labels = await resolveLabels(
    { database: ctx.database, orgId: principal.org.id, principal, typeOf: (name) => registry.get(principal.org.id, name) },
    rows.map((values) => ({ type, values })),
  );
  return rows.map((row, index) => {
    const { display_id: _id, types: _types, ...fieldLabels } = labels[index]!;
    return Object.keys(fieldLabels).length > 0 ? { ...row, data_normalised: fieldLabels } : row;
  });
}
