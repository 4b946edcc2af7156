/** Manage Period, the 'manager' page template of a report's dashboard (docs/product/reporting.md#manage-period). */
export { ManagePeriodPage, type ManagePeriodPageProps } from './manage-period-page.tsx';
export { canManagePeriod, MANAGE_PERIOD_ROLES } from './item-rules.ts';
