/**
 * Set-up of the reporting tests (docs/product/reporting.md#kpi-maths): a report with recordables
 * (counted incidents), hours (manual), TRIR (a rate) and lost days (a sum), hand-placed incidents
 * and hours per site and month, and the periods they belong to.
 */
import { eq, REPORT_DATA_TYPE, monthIndexOf, type MonthIndex } from '@docket/shared';
import type { TestApp } from '../../test-support/test-app.ts';
import { incidentRow } from '../../test-support/incident-rows.ts';
import { AccessScope } from '../../platform/access/access-scope.ts';
import { insertDocumentRows, patchDocumentData } from '../../platform/records/documents.repository.ts';
import { writeQueueFor } from '../../platform/records/group-commit.ts';
import { catalogFor } from '../documents/list-params.ts';
import { ensurePeriodItems, itemsOfMonth } from './period.service.ts';
import { itemKeyOf } from './report-items.ts';
import { typeOrThrow, listStored, systemReadScope } from './reporting.repository.ts';

export const month = (year: number, m: number): MonthIndex => monthIndexOf({ year, month: m });

export const KPI_METRICS = [
  { name: 'recordables', label: 'Recordables', type: 1, formula: `count(incident, "recordable = true AND location = 'kpi'")` },
  { name: 'hours', label: 'Hours worked', type: 0 },
  { name: 'trir', label: 'TRIR', type: 1, formula: 'recordables * 200000 / hours', format: 2 },
  { name: 'lost_days', label: 'Lost days', type: 1, formula: `sum(incident, lost_days, "location = 'kpi'")` },
  { name: 'observations', label: 'Observations', type: 0, targets: { value: 10, type: 2, reason_required: true } },
  // A filter on a list field (read from the JSON, not a materialised column): nobody is actionee.
  { name: 'assigned', label: 'Assigned', type: 1, formula: `count(incident, "actionee_ids contains 'nobody' AND location = 'kpi'")` },
];

export interface IncidentSpec {
  site: number;
  region: number;
  at: string;
  recordable?: boolean;
  location?: string;
  lostDays?: number;
}

export async function insertIncidents(t: TestApp, orgId: number, author: string, specs: readonly IncidentSpec[]): Promise<void> {
  const rows = specs.map((spec, index) => {
    const row = incidentRow({
      orgId,
      index,
      prefix: 'KPI',
      summaryPrefix: 'KPI incident',
      author,
      date: spec.at,
      data: { recordable: spec.recordable ?? true, location: spec.location ?? 'kpi', lost_days: spec.lostDays ?? 0 },
    });
    return { ...row, site_id: spec.site, region_id: spec.region };
  });
  await writeQueueFor(t.ctx.database).run((trx) => insertDocumentRows(trx, AccessScope.system(orgId, 'create', 'test incidents'), rows));
}

/** Creates the periods of `months` and sets manual values per item key (`site:7` → metric → value). */
export async function periodsWithValues(
  t: TestApp,
  orgId: number,
  actor: string,
  reportId: number,
  months: readonly MonthIndex[],
  valuesOf: (key: string, m: MonthIndex) => Record<string, number> | undefined,
): Promise<void> {
  const rdType = await typeOrThrow(t.ctx, orgId, REPORT_DATA_TYPE);
  const reportType = await typeOrThrow(t.ctx, orgId, 'report');
  const [report] = await listStored(t.ctx, systemReadScope(orgId, reportType), eq('id', reportId), []);
  const part = { docType: rdType.type, scope: AccessScope.system(orgId, 'update', 'test values'), catalog: catalogFor(null, rdType) };
  for (const m of months) {
    const items = await ensurePeriodItems(t.ctx, orgId, actor, rdType, report!, m);
    await writeQueueFor(t.ctx.database).run(async (trx) => {
      for (const item of items) {
        const values = valuesOf(itemKeyOf(item.values), m);
        if (!values) continue;
        const user = Object.entries(values).map(([metric, value]) => ({ metric, value }));
        await patchDocumentData(t.ctx.database, trx, part, item.id, { user });
      }
    });
  }
}

/** Every item of a report month, by item key, read straight from the table. */
export async function itemsByKey(t: TestApp, orgId: number, reportId: number, m: MonthIndex) {
  const rdType = await typeOrThrow(t.ctx, orgId, REPORT_DATA_TYPE);
  const items = await itemsOfMonth(t.ctx, orgId, rdType, reportId, m);
  return new Map(items.map((item) => [itemKeyOf(item.values), item]));
}

/** The value of `metric` in an item's list (`itm`, `ytd`…). */
export function figure(values: Record<string, unknown>, list: string, metric: string): number | null | undefined {
  const entries = values[list] as { metric: string; value: number | null }[] | undefined;
  return entries?.find((entry) => entry.metric === metric)?.value;
}
