import { describe, expect, it } from 'vitest';
import { defaultReportIdOf, landingReportId } from './landing.ts';

const session = (settings: Record<string, unknown>, general: Record<string, unknown> = {}) =>
  ({ subscription: { settings, app_config: { general } } }) as never;

// docs/product/reporting.md#dashboard: the default report, else the first the user may read.
describe('dashboard landing', () => {
  it('reads the default report from the settings, then the general configuration', () => {
    expect(defaultReportIdOf(session({ default_report_id: 2 }))).toBe(2);
    expect(defaultReportIdOf(session({ default_report_id: '3' }))).toBe(3);
    expect(defaultReportIdOf(session({}, { default_report_id: 4 }))).toBe(4);
    expect(defaultReportIdOf(session({ default_report_id: 'x' }))).toBeNull();
  });

  it('falls back to the first readable report, and to nothing', () => {
    const readable = [
      { id: 1, title: 'A' },
      { id: 5, title: 'B' },
    ];
    expect(landingReportId(5, readable)).toBe(5);
    expect(landingReportId(2, readable)).toBe(1);
    expect(landingReportId(null, readable)).toBe(1);
    expect(landingReportId(2, [])).toBeNull();
  });
});
