/**
 * The organisation's time zone (a general setting, `app_config.general.time_zone`, default UTC):
 * reporting months, charts by month and 'today' are those of this zone
 * (docs/product/reporting.md#kpi-maths). A stored name Intl does not know reads as UTC, so a bad
 * setting never breaks a chart.
 */
import { isValidTimeZone } from '@docket/shared';
import type { Database } from '../../platform/db/database.ts';
import { readJson } from '../../platform/db/json.ts';

export const DEFAULT_TIME_ZONE = 'UTC';

export async function organisationTimeZone(database: Database, orgId: number): Promise<string> {
  const row = await database.db.selectFrom('organisations').select('app_config').where('id', '=', orgId).executeTakeFirst();
  const config = readJson<{ general?: { time_zone?: unknown } }>(row?.app_config, {});
  const zone = config.general?.time_zone;
  return typeof zone === 'string' && isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}
