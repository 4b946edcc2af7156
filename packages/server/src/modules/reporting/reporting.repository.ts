/**
 * Reads of the reporting engine: a report's metrics, its data items over a span of months, and
 * the organisation's sites with their regions. Every read goes through `listDocuments` with a
 * TypeScope — the caller's (what a person may read) or the named system scope of the refresh,
 * which computes organisation-wide facts the way the report defines them.
 */
import { andAll, compareField, eq, REPORT_DATA_TYPE, type DocumentSchema, type FilterNode, type OrderTerm } from '@docket/shared';
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Database } from '../../platform/db/database.ts';
import { readJson } from '../../platform/db/json.ts';
import type { Tables } from '../../platform/db/tables.ts';
import { AccessScope } from '../../platform/access/access-scope.ts';
import { typeConditions, type TypeScope } from '../../platform/records/document-query.ts';
import { listDocuments } from '../../platform/records/document-pages.ts';
import { flatValues, parsedData, type RowWithAuthor } from '../../platform/records/document-shape.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { catalogFor } from '../documents/list-params.ts';
import { HttpError } from '../../http/http-error.ts';

/** Reports never hold more than this many metrics or items per month (far above the 40 × 200 we plan for). */
const MAX_ROWS = 100_000;

export interface StoredDocument {
  id: number;
  version: number;
  /** Data fields beside the promoted ones (site_id, region_id…). */
  values: Record<string, unknown>;
}

export function storedDocumentOf(row: RowWithAuthor): StoredDocument {
  return { id: Number(row.id), version: Number(row.version), values: flatValues(row, parsedData(row)) };
}

export async function typeOrThrow(ctx: AppContext, orgId: number, name: string): Promise<DocumentSchema> {
  const type = await typeRegistryFor(ctx.database).get(orgId, name);
  if (!type) throw new HttpError('bad_request', `No form schema found for ${name}`);
  return type;
}

/** The system read scope of the refresh: organisation-wide facts (docs/product/reporting.md#kpi-maths). */
export function systemReadScope(orgId: number, type: DocumentSchema): TypeScope<'read'> {
  return { docType: type.type, scope: AccessScope.system(orgId, 'read', 'reporting facts'), catalog: catalogFor(null, type) };
}

export async function listStored(
  ctx: AppContext,
  part: TypeScope<'read'>,
  filter: FilterNode | null,
  order: OrderTerm[],
  userId = '',
): Promise<StoredDocument[]> {
  const { rows } = await listDocuments(ctx.database, { ...part, filter, order, start: 0, count: MAX_ROWS, userId, withTotal: false });
  return rows.map(storedDocumentOf);
}

/** `YYYY-MM-01` of a month index's month, and of the month after a span: report dates in [from, to). */
export interface DateSpan {
  from: string;
  to: string;
}

export function itemsInSpan(reportId: number, span: DateSpan): FilterNode {
  return andAll([eq('report_id', reportId), compareField('report_date', '>=', span.from), compareField('report_date', '<', span.to)]);
}

/** Ids of rows under `part` matching `filter`, read inside a write's transaction. */
export async function itemIdsIn(database: Database, executor: Transaction<Tables>, part: TypeScope, filter: FilterNode): Promise<number[]> {
  const where = typeConditions(database, part, '', filter);
  const result = await sql<{ id: number }>`SELECT d.id AS id FROM documents AS d WHERE ${sql.join(where, sql` AND `)}`.execute(executor);
  return result.rows.map((row) => Number(row.id));
}

/** The fields of report data the facts need (scope, place, month, manual values): not the figures. */
const ENTRY_FIELDS = ['scope', 'report_date', 'site_ids', 'actionee_ids', 'user'] as const;

function entryField(database: Database, field: (typeof ENTRY_FIELDS)[number]) {
  // Literal paths from the fixed list above, never from a request.
  return database.dialect === 'postgres' ? sql`d.data -> ${sql.lit(field)}` : sql`json_extract(d.data, ${sql.lit(`$.${field}`)})`;
}

/**
 * Report data rows with only what the facts need: a period refresh reads every item of the last
 * two years, whose stored figures (five lists per metric) would cost far more to read and parse
 * than the manual values.
 */
export async function entryRowsIn(database: Database, part: TypeScope<'read'>, filter: FilterNode): Promise<StoredDocument[]> {
  const where = typeConditions(database, part, '', filter);
  const fields = ENTRY_FIELDS.map((field) => sql`${entryField(database, field)} AS ${sql.ref(field)}`);
  const result = await sql<Record<string, unknown>>`SELECT d.id AS id, d.site_id AS site_id, d.region_id AS region_id, ${sql.join(fields)}
    FROM documents AS d WHERE ${sql.join(where, sql` AND `)}`.execute(database.bulkReader); // two years of items: off the write connection
  return result.rows.map((row) => {
    const values: Record<string, unknown> = {
      site_id: row.site_id === null ? null : Number(row.site_id),
      region_id: row.region_id === null ? null : Number(row.region_id),
    };
    for (const field of ENTRY_FIELDS)
      values[field] = typeof row[field] === 'string' && field !== 'report_date' ? readJson<unknown>(row[field], null) : row[field];
    if (values.scope !== null && values.scope !== undefined) values.scope = Number(values.scope);
    return { id: Number(row.id), version: 0, values };
  });
}

export async function reportDataIn(ctx: AppContext, part: TypeScope<'read'>, reportId: number, span: DateSpan, userId = '') {
  return listStored(ctx, part, itemsInSpan(reportId, span), [{ field: 'report_date', direction: 'asc' }], userId);
}

export async function metricsOf(ctx: AppContext, orgId: number, reportId: number): Promise<StoredDocument[]> {
  const type = await typeOrThrow(ctx, orgId, 'report_metric');
  return listStored(ctx, systemReadScope(orgId, type), eq('report_id', reportId), [{ field: 'order', direction: 'asc' }]);
}

export interface Place {
  id: number;
  regionId: number | null;
}

/** Every site with its region, and every region. */
export async function placesOf(ctx: AppContext, orgId: number): Promise<{ sites: Place[]; regions: number[] }> {
  const [siteType, regionType] = await Promise.all([typeOrThrow(ctx, orgId, 'site'), typeOrThrow(ctx, orgId, 'region')]);
  const [sites, regions] = await Promise.all([
    listStored(ctx, systemReadScope(orgId, siteType), null, [{ field: 'id', direction: 'asc' }]),
    listStored(ctx, systemReadScope(orgId, regionType), null, [{ field: 'id', direction: 'asc' }]),
  ]);
  return {
    sites: sites.map((site) => ({ id: site.id, regionId: typeof site.values.region_id === 'number' ? site.values.region_id : null })),
    regions: regions.map((region) => region.id),
  };
}

export async function reportDataType(ctx: AppContext, orgId: number): Promise<DocumentSchema> {
  return typeOrThrow(ctx, orgId, REPORT_DATA_TYPE);
}
