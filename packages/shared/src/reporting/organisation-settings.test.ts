import { describe, expect, it } from 'vitest';
import { reportingSettingsFrom } from './organisation-settings.ts';

// docs/product/reporting.md#kpi-maths: months of the organisation's time zone, YTD from the fiscal start.
describe('reportingSettingsFrom', () => {
  it('defaults to UTC and a January fiscal year', () => {
    expect(reportingSettingsFrom({})).toEqual({ timeZone: 'UTC', fiscalYearStartMonth: 1 });
    expect(reportingSettingsFrom(null)).toEqual({ timeZone: 'UTC', fiscalYearStartMonth: 1 });
  });

  it('reads a valid zone and fiscal start', () => {
    expect(reportingSettingsFrom({ time_zone: 'Australia/Sydney', fiscal_year_start_month: 7 })).toEqual({
      timeZone: 'Australia/Sydney',
      fiscalYearStartMonth: 7,
    });
  });

  it('reads invalid values as their defaults', () => {
    expect(reportingSettingsFrom({ time_zone: 'Mars/Olympus', fiscal_year_start_month: 13 })).toEqual({
      timeZone: 'UTC',
      fiscalYearStartMonth: 1,
    });
    expect(reportingSettingsFrom({ time_zone: 5, fiscal_year_start_month: 1.5 })).toEqual({ timeZone: 'UTC', fiscalYearStartMonth: 1 });
  });
});
