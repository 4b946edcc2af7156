/**
 * A report metric's checks on save (docs/product/reporting.md#metrics, #kpi-maths): its name is
 * unique within its report, and a System-Computed metric's formula parses and checks among the
 * report's other metrics — known names, types and fields, no reference cycle. A refused formula
 * answers 400 `invalid_formula` with the metric, reason and position; nothing is stored. A saved
 * metric starts the warming of its report's facts cache.
 */
import { checkMetricInReport, eq, fieldIsNull, FormulaError, type ValidationProblem } from '@docket/shared';
import type { Transaction } from 'kysely';
import type { Tables } from '../../platform/db/tables.ts';
import type { ExistingDocument, HookContext, TypeWriteHooks, WriteEvent } from '../documents/type-hooks.ts';
import { enqueueFactsWarming } from './warm-facts-job.ts';
import { formulaRefusal, metricDefinitionOf, typeCatalogOf } from './report-model.ts';
import { listStored, systemReadScope } from './reporting.repository.ts';

export const METRIC_NAME_TAKEN = (name: string) => `A metric named '${name}' already exists in this report`;

async function validate(
  hook: HookContext,
  values: Record<string, unknown>,
  existing: ExistingDocument | null,
): Promise<ValidationProblem[]> {
  const orgId = hook.principal.org.id;
  const reportId = typeof values.report_id === 'number' ? values.report_id : null;
  // The metrics of the same report (or, for a metric of no report, the others of no report).
  const sameReport = reportId === null ? fieldIsNull('report_id') : eq('report_id', reportId);
  const siblings = (await listStored(hook.ctx, systemReadScope(orgId, hook.type), sameReport, [])).filter(
    (metric) => metric.id !== existing?.id,
  );
  const name = String(values.name ?? '');
  if (siblings.some((metric) => metric.values.name === name))
    return [{ path: 'name', message: METRIC_NAME_TAKEN(name), keyword: 'unique' }];
  const saved = metricDefinitionOf(values);
  if (!saved.formula?.trim()) return [];
  try {
    checkMetricInReport(
      saved,
      siblings.map((metric) => metricDefinitionOf(metric.values)),
      await typeCatalogOf(hook.ctx, orgId, hook.principal),
    );
  } catch (error) {
    if (error instanceof FormulaError) throw formulaRefusal(error);
    throw error;
  }
  return [];
}

/** A saved metric's report gets its facts computed ahead of the next refresh (warm-facts-job.ts). */
async function afterWrite(hook: HookContext, trx: Transaction<Tables>, event: WriteEvent): Promise<void> {
  if (event.action === 'delete' || typeof event.values.report_id !== 'number') return;
  await enqueueFactsWarming(trx, hook.principal.org.id, event.values.report_id);
}

export const reportMetricWriteHooks: TypeWriteHooks = { validate, afterWrite };
