/**
 * A report as the engine computes it: the report document, its metrics in order, the compiled
 * formulas (every formula parsed and checked once per refresh, not per item) and the
 * organisation's reporting settings (docs/product/reporting.md#kpi-maths).
 */
import {
  compileReport,
  FormulaError,
  type CompiledReport,
  type DocumentSchema,
  type MetricDefinition,
  type ReportingSettings,
  type TypeCatalog,
} from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { HttpError } from '../../http/http-error.ts';
import { catalogFor } from '../documents/list-params.ts';
import { metricsOf, type StoredDocument } from './reporting.repository.ts';
import { reportingSettingsOf } from './reporting-settings.ts';

/** Metric type 1: System-Computed, the one kind whose `formula` is evaluated (docs/product/reporting.md#metrics). */
export const COMPUTED_METRIC_TYPES: ReadonlySet<number> = new Set([1]);

export interface ReportModel {
  orgId: number;
  report: StoredDocument;
  metrics: StoredDocument[];
  /** Metric names in the report's order (`order`, then creation). */
  metricOrder: string[];
  compiled: CompiledReport;
  /**
   * Metrics whose stored formula no longer checks (a field removed from its type before schema
   * saves were checked against metrics), with the reason: their figures are unknown, the others
   * compute (docs/product/reporting.md#kpi-maths).
   */
  unavailable: ReadonlyMap<string, string>;
  settings: ReportingSettings;
}

export function metricNameOf(metric: StoredDocument): string {
  return String(metric.values.name ?? '');
}

/** What the formula compiler reads of a stored metric: a formula only for System-Computed metrics. */
export function metricDefinitionOf(values: Record<string, unknown>): MetricDefinition {
  const formula = typeof values.formula === 'string' && COMPUTED_METRIC_TYPES.has(Number(values.type)) ? values.formula : null;
  return { name: String(values.name ?? ''), formula };
}

/**
 * The document types formulas may aggregate, with the fields each may use: the caller's view
 * (protected fields hidden from those who may not see them) when saving a metric, the full one
 * (`null`) when computing.
 */
export async function typeCatalogOf(ctx: AppContext, orgId: number, principal: Principal | null): Promise<TypeCatalog> {
  const types: DocumentSchema[] = await typeRegistryFor(ctx.database).list(orgId);
  const catalog: Record<string, ReturnType<typeof catalogFor>> = {};
  for (const type of types) catalog[type.type] = catalogFor(principal, type);
  return catalog;
}

/** A FormulaError as the 400 the issue asks for: the metric, the reason and the position. */
export function formulaRefusal(error: FormulaError): HttpError {
  const extra: Record<string, unknown> = { reason: error.reason };
  if (error.position !== undefined) extra.position = error.position;
  if (error.metric !== undefined) extra.metric = error.metric;
  return new HttpError('invalid_formula', error.message, { extra });
}

export async function loadReportModel(ctx: AppContext, orgId: number, report: StoredDocument): Promise<ReportModel> {
  const [metrics, settings, types] = await Promise.all([
    metricsOf(ctx, orgId, report.id),
    reportingSettingsOf(ctx.database, orgId),
    typeCatalogOf(ctx, orgId, null),
  ]);
  let compiled: CompiledReport;
  try {
    // One metric that no longer checks must not stop the report's other figures.
    compiled = compileReport(
      metrics.map((metric) => metricDefinitionOf(metric.values)),
      types,
      { tolerates: () => true },
    );
  } catch (error) {
    if (error instanceof FormulaError) throw formulaRefusal(error);
    throw error;
  }
  const unavailable = new Map(compiled.metrics.flatMap((metric) => (metric.kind === 'unavailable' ? [[metric.name, metric.reason]] : [])));
  return { orgId, report, metrics, metricOrder: metrics.map(metricNameOf), compiled, unavailable, settings };
}
