/**
 * The shared reporting client (docs/product/reporting.md#api): typed calls, query hooks and the
 * readers of report data items. The dashboard, Manage Period, metric entry and the user drawer
 * import from here only.
 */
export * from './types.ts';
export * from './report-dates.ts';
export * from './reporting-calls.ts';
export * from './reporting-queries.ts';
export * from './report-items.ts';
export * from './translated-text.ts';
