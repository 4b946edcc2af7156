/**
 * The organisation's time zone (`time_zone` in the organisation's settings, default UTC):
 * reporting months and charts by month are those of this zone (docs/product/reporting.md#kpi-maths).
 * A stored name Intl does not know reads as UTC, so a bad setting never breaks a chart.
 */
import { isValidTimeZone } from '@docket/shared';
import type { Database } from '../../platform/db/database.ts';
import { readJson } from '../../platform/db/json.ts';

export const DEFAULT_TIME_ZONE = 'UTC';

export async function organisationTimeZone(database: Database, orgId: number): Promise<string> {
  const row = await database.db.selectFrom('organisations').select('settings').where('id', '=', orgId).executeTakeFirst();
  const zone = readJson<{ time_zone?: unknown }>(row?.settings, {}).time_zone;
  return typeof zone === 'string' && isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}
