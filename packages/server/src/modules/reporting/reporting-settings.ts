/**
 * The organisation's reporting settings — `time_zone` and `fiscal_year_start_month`, kept in the
 * organisation's settings beside storage and the others (docs/product/reporting.md#kpi-maths).
 */
import { reportingSettingsFrom, type ReportingSettings } from '@docket/shared';
import type { Database } from '../../platform/db/database.ts';
import { readJson } from '../../platform/db/json.ts';

export async function reportingSettingsOf(database: Database, orgId: number): Promise<ReportingSettings> {
  const row = await database.db.selectFrom('organisations').select('settings').where('id', '=', orgId).executeTakeFirst();
  return reportingSettingsFrom(readJson<unknown>(row?.settings, {}));
}
