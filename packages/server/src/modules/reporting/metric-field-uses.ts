/**
 * The fields of a document type the organisation's KPIs use (docs/product/reporting.md#metrics):
 * a System-Computed metric's formula names a type in each aggregate, a summed field and the
 * fields its filter tests. A schema save or delete that would leave such a formula unable to
 * check (a field removed or renamed, a number made text or a list, the type gone) is refused,
 * naming the field and the metric, so the refresh never meets a formula it cannot compute
 * (docs/product/documents-and-schemas.md#schema-rules). Only the saving organisation's metrics
 * count: types and metrics are per organisation.
 */
import { fieldUsesBrokenBy, inList, type DocumentSchema, type FieldCatalog } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { catalogFor } from '../documents/list-params.ts';
import { COMPUTED_METRIC_TYPES, metricNameOf } from './report-model.ts';
import { listStored, systemReadScope, typeOrThrow, type StoredDocument } from './reporting.repository.ts';

export const FIELD_USED_BY_METRIC = (field: string, metric: string, report: string) =>
  `The field '${field}' is used by the metric '${metric}' of the report '${report}': change the metric first.`;
export const TYPE_USED_BY_METRIC = (type: string, metric: string, report: string) =>
  `The type '${type}' is used by the metric '${metric}' of the report '${report}': change the metric first.`;
/** A metric that names no report (none chosen, or one deleted since) is not said to be of one with no name. */
export const FIELD_USED_BY_METRIC_OF_NO_REPORT = (field: string, metric: string) =>
  `The field '${field}' is used by the metric '${metric}', which belongs to no report: change the metric first.`;
export const TYPE_USED_BY_METRIC_OF_NO_REPORT = (type: string, metric: string) =>
  `The type '${type}' is used by the metric '${metric}', which belongs to no report: change the metric first.`;

/** The refusal for one broken use: the field (or, when undefined, the type) and the metric, with its report when it has one. */
function brokenUseRefusal(type: string, field: string | undefined, metric: string, report: string | undefined): string {
  if (report === undefined)
    return field === undefined ? TYPE_USED_BY_METRIC_OF_NO_REPORT(type, metric) : FIELD_USED_BY_METRIC_OF_NO_REPORT(field, metric);
  return field === undefined ? TYPE_USED_BY_METRIC(type, metric, report) : FIELD_USED_BY_METRIC(field, metric, report);
}

function formulaOf(metric: StoredDocument): string | null {
  const { formula, type } = metric.values;
  return typeof formula === 'string' && formula.trim() !== '' && COMPUTED_METRIC_TYPES.has(Number(type)) ? formula : null;
}

/** Each report's title by id, for the metrics that need naming. */
async function reportTitlesOf(ctx: AppContext, orgId: number, metrics: readonly StoredDocument[]): Promise<Map<number, string>> {
  const ids = [...new Set(metrics.flatMap((metric) => (typeof metric.values.report_id === 'number' ? [metric.values.report_id] : [])))];
  if (ids.length === 0) return new Map();
  const reportType = await typeOrThrow(ctx, orgId, 'report');
  const reports = await listStored(ctx, systemReadScope(orgId, reportType), inList('id', ids), []);
  return new Map(reports.map((report) => [report.id, String(report.values.title ?? report.id)]));
}

/**
 * The refusals of replacing the organisation's type `before` by `after` (undefined: the type is
 * gone), one per metric and field it breaks; none when every formula still checks.
 */
export async function metricsBrokenBySchema(
  ctx: AppContext,
  orgId: number,
  before: DocumentSchema,
  after: DocumentSchema | undefined,
): Promise<string[]> {
  const metricType = await typeOrThrow(ctx, orgId, 'report_metric');
  const metrics = await listStored(ctx, systemReadScope(orgId, metricType), null, [{ field: 'id', direction: 'asc' }]);
  // The full catalogs (protected fields included): what the refresh computes with.
  const beforeFields: FieldCatalog = catalogFor(null, before);
  const afterFields = after ? catalogFor(null, after) : undefined;
  const broken = metrics.flatMap((metric) => {
    const formula = formulaOf(metric);
    const uses = formula === null ? [] : fieldUsesBrokenBy(formula, before.type, beforeFields, afterFields);
    return uses.length === 0 ? [] : [{ metric, fields: [...new Set(uses.map((use) => use.field))] }];
  });
  if (broken.length === 0) return [];
  const titles = await reportTitlesOf(
    ctx,
    orgId,
    broken.map((entry) => entry.metric),
  );
  return broken.flatMap(({ metric, fields }) => {
    const label = typeof metric.values.label === 'string' && metric.values.label !== '' ? metric.values.label : metricNameOf(metric);
    return fields.map((field) => brokenUseRefusal(before.type, field, label, titles.get(Number(metric.values.report_id))));
  });
}
