/**
 * A report's `refreshing` and `percentComplete` belong to the period refresh
 * (docs/product/reporting.md#manage-period): a write body never sets them, an update keeps the
 * stored values (saving the dashboard layout mid-refresh does not end the refresh).
 */
import { REPORT_CALCULATED_FIELDS } from '@docket/shared';
import type { TypeWriteHooks } from '../documents/type-hooks.ts';

export const reportWriteHooks: TypeWriteHooks = {
  async writableBody(_hook, body, existing) {
    const kept: Record<string, unknown> = { ...body };
    for (const field of REPORT_CALCULATED_FIELDS) {
      delete kept[field];
      if (existing?.values[field] !== undefined) kept[field] = existing.values[field];
    }
    return kept;
  },
};
