import type { PageSchema, Report } from '../../reporting-api/index.ts';

/**
 * What every page template receives (docs/product/reporting.md#dashboard). The convention shared
 * with Manage Period (`features/manage-period/index.ts` exports `ManagePeriodPage` with these
 * props):
 * - `report`: the report document as read (title, schema, refreshing, percentComplete, …);
 * - `reportDate`: the selected month as `YYYY-MM-DD`, always the first of the month;
 * - `page`: the page schema (`report.schema[pageName]`), with `template`, `rows`, `title`, …;
 * - `pageName`: the key of that page in `report.schema`.
 * The rest of the dashboard state (selected item `id`, `edit`, `mode`, `metric`, `manager`,
 * `summary`) is read and written with `useDashboardState()` from `features/dashboard/dashboard-state.ts`.
 */
export interface PageTemplateProps {
  report: Report;
  reportDate: string;
  page: PageSchema;
  pageName: string;
}
