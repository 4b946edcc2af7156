/**
 * The demo's 'Safety Performance' report (demo-report-data.ts) and its two years of periods
 * (docs/product/reporting.md#periods): the report and its metrics go through the document
 * operations (their write hooks check the formulas), the layout names the report once it exists,
 * and the organisation's `default_report_id` (general settings) points the dashboard at it. Each
 * month's period items — the group master, the regions, the sites, as the engine covers them — are
 * written in bulk with the hours worked entered on the site items, and a period refresh job per
 * month (oldest first) computes the figures after the server starts, through the engine's own
 * durable job.
 */
import { formatYearMonth, yearMonthOf, type DocumentSchema, type MonthIndex } from '@docket/shared';
import type { AppContext } from '../../app-context.ts';
import { AccessScope } from '../../platform/access/access-scope.ts';
import type { Principal } from '../../platform/access/principal.ts';
import { readJson, writeJson } from '../../platform/db/json.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repository.ts';
import { formatDisplayId } from '../../platform/records/display-id.ts';
import { blankDocumentRow, insertDocumentRows, type NewDocumentRow } from '../../platform/records/documents.repository.ts';
import { typeRegistryFor } from '../../platform/records/type-registry.ts';
import { createDocument, updateDocument } from '../documents/documents.service.ts';
import { writeProgress } from '../reporting/figures.repository.ts';
import { coveredItems } from '../reporting/period.service.ts';
import { REFRESH_PERIOD_JOB, type RefreshJobPayload } from '../reporting/refresh-job.ts';
import type { SafetyHistory } from './demo-history-data.ts';
import { HOURS_METRIC, SAFETY_METRICS, SAFETY_REPORT, safetyDashboardSchema, storedMetric } from './demo-report-data.ts';

async function typeOrThrow(ctx: AppContext, orgId: number, name: string): Promise<DocumentSchema> {
  const type = await typeRegistryFor(ctx.database).get(orgId, name);
  if (!type) throw new Error(`The ${name} type is missing`);
  return type;
}

/** The report, its metrics and its layout; answers the report's id. */
async function createReport(ctx: AppContext, principal: Principal): Promise<number> {
  const orgId = principal.org.id;
  const reportType = await typeOrThrow(ctx, orgId, 'report');
  const metricType = await typeOrThrow(ctx, orgId, 'report_metric');
  const report = await createDocument(ctx, principal, reportType, { ...SAFETY_REPORT });
  for (const metric of SAFETY_METRICS) await createDocument(ctx, principal, metricType, { ...storedMetric(metric), report_id: report.id });
  await updateDocument(ctx, principal, reportType, report.id, {
    ...SAFETY_REPORT,
    schema: safetyDashboardSchema(report.id),
    meta: { version: report.meta.version },
  });
  return report.id;
}

/** The organisation's default report, which the dashboard opens first (docs/product/administration.md#settings). */
async function setDefaultReport(ctx: AppContext, orgId: number, reportId: number): Promise<void> {
  const row = await ctx.database.db.selectFrom('organisations').select('app_config').where('id', '=', orgId).executeTakeFirstOrThrow();
  const config = readJson<{ general?: Record<string, unknown> } & Record<string, unknown>>(row.app_config, {});
  await ctx.database.db
    .updateTable('organisations')
    .set({ app_config: writeJson({ ...config, general: { ...config.general, default_report_id: reportId } }) })
    .where('id', '=', orgId)
    .execute();
}

/**
 * Every month's period items as the engine would create them (`coveredItems`), the site items
 * holding that month's hours, and one refresh job per month. One transaction.
 */
async function writePeriods(
  ctx: AppContext,
  principal: Principal,
  reportId: number,
  history: SafetyHistory,
  siteIdOf: (code: string) => number,
): Promise<void> {
  const orgId = principal.org.id;
  const rdType = await typeOrThrow(ctx, orgId, 'report_data');
  const reportType = await typeOrThrow(ctx, orgId, 'report');
  const report = { id: reportId, version: 0, values: { ...SAFETY_REPORT, id: reportId } };
  const hours = new Map(history.hours.map((h) => [`${siteIdOf(h.site)}:${h.month}`, h.hours]));
  const now = new Date();
  const stamp = now.toISOString();
  const months: MonthIndex[] = [];
  for (let month = history.months.from; month <= history.months.to; month += 1) months.push(month);
  const perMonth: Awaited<ReturnType<typeof coveredItems>>[] = [];
  for (const month of months) perMonth.push(await coveredItems(ctx, orgId, report, month));

  await ctx.database.db.transaction().execute(async (trx) => {
    const sequence = await trx
      .selectFrom('document_sequences')
      .select('last_seq')
      .where('org_id', '=', orgId)
      .where('doc_type', '=', rdType.type)
      .executeTakeFirst();
    let seq = Number(sequence?.last_seq ?? 0);
    const rows: NewDocumentRow[] = [];
    months.forEach((month, index) => {
      for (const values of perMonth[index]!) {
        const { region_id: regionId, site_id: siteId, ...data } = values;
        const entered = typeof siteId === 'number' ? hours.get(`${siteId}:${month}`) : undefined;
        if (entered !== undefined) data.user = [{ metric: HOURS_METRIC, value: entered }];
        seq += 1;
        rows.push({
          ...blankDocumentRow(orgId, rdType.type, principal.uuid, stamp),
          display_id: formatDisplayId(rdType.idMask, rdType.type, seq, now),
          summary: `${formatYearMonth(yearMonthOf(month))}-01`,
          site_id: typeof siteId === 'number' ? siteId : null,
          region_id: typeof regionId === 'number' ? regionId : null,
          data: writeJson(data),
        });
      }
    });
    await insertDocumentRows(trx, AccessScope.system(orgId, 'create', 'demo reporting periods'), rows);
    await trx
      .insertInto('document_sequences')
      .values({ org_id: orgId, doc_type: rdType.type, last_seq: seq })
      .onConflict((oc) => oc.columns(['org_id', 'doc_type']).doUpdateSet({ last_seq: seq }))
      .execute();
    // The figures are computed by the engine's period refresh once the server runs: oldest month
    // first (jobs are claimed in order), the current month last, so the report ends refreshed.
    await writeProgress(ctx, trx, orgId, reportType, reportId, { refreshing: true, percentComplete: 0 });
    for (const month of months) {
      const payload: RefreshJobPayload = {
        reportId,
        month,
        actor: principal.uuid,
        updateTargets: true,
        reportMetricIds: [],
        startedAt: stamp,
      };
      await enqueueJob(trx, {
        orgId,
        kind: REFRESH_PERIOD_JOB,
        uniqueKey: `${REFRESH_PERIOD_JOB}:${orgId}:${reportId}:demo:${month}`,
        payload: { ...payload },
      });
    }
  });
}

/** The report, its layout, the default-report setting and 24 months of periods with hours; answers the report's id. */
export async function seedSafetyReport(
  ctx: AppContext,
  principal: Principal,
  history: SafetyHistory,
  sites: ReadonlyMap<string, { id: number; regionId: number }>,
): Promise<number> {
  const reportId = await createReport(ctx, principal);
  await setDefaultReport(ctx, principal.org.id, reportId);
  await writePeriods(ctx, principal, reportId, history, (code) => {
    const site = sites.get(code);
    if (!site) throw new Error(`The demo site ${code} is missing`);
    return site.id;
  });
  return reportId;
}
