/**
 * The organisation settings the reporting engine reads (docs/product/reporting.md#kpi-maths):
 * `time_zone` (an IANA zone, default UTC: the months documents fall in) and
 * `fiscal_year_start_month` (1 = January, the default, … 12: where YTD starts). They are kept in
 * the organisation's settings object beside the other administration settings; a missing or
 * invalid value reads as its default, so a bad stored value never breaks a refresh.
 */
import { isValidTimeZone } from './months.ts';
import type { WindowSettings } from './windows.ts';

export interface ReportingSettings extends WindowSettings {
  timeZone: string;
}

export const DEFAULT_REPORTING_SETTINGS: ReportingSettings = { timeZone: 'UTC', fiscalYearStartMonth: 1 };

/** The reporting settings of an organisation's stored settings object. */
export function reportingSettingsFrom(settings: unknown): ReportingSettings {
  const stored = (settings ?? {}) as { time_zone?: unknown; fiscal_year_start_month?: unknown };
  const zone = stored.time_zone;
  const start = stored.fiscal_year_start_month;
  return {
    timeZone: typeof zone === 'string' && zone !== '' && isValidTimeZone(zone) ? zone : DEFAULT_REPORTING_SETTINGS.timeZone,
    fiscalYearStartMonth:
      typeof start === 'number' && Number.isInteger(start) && start >= 1 && start <= 12
        ? start
        : DEFAULT_REPORTING_SETTINGS.fiscalYearStartMonth,
  };
}
