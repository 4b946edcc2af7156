import { describe, expect, it } from 'vitest';
import { dashboardReportIdOf } from './landing.ts';

const session = (defaultId?: number) =>
  ({
    subscription: { settings: {}, app_config: { general: defaultId ? { default_report_id: defaultId } : {} } },
  }) as unknown as Parameters<typeof dashboardReportIdOf>[1];

describe('dashboardReportIdOf', () => {
  it('reads the report of /dashboard/{id}', () => {
    expect(dashboardReportIdOf('/dashboard/12', session(3))).toBe(12);
  });

  it('takes the default report for /dashboard and the index', () => {
    expect(dashboardReportIdOf('/dashboard', session(3))).toBe(3);
    expect(dashboardReportIdOf('/', session(3))).toBe(3);
  });

  it('prefetches nothing elsewhere, without a default, or for an id that is not one', () => {
    expect(dashboardReportIdOf('/docs/incident', session(3))).toBeNull();
    expect(dashboardReportIdOf('/dashboard', session())).toBeNull();
    expect(dashboardReportIdOf('/dashboard/0', session(3))).toBeNull();
  });
});
