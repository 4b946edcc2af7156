/**
 * The years a report month may fall in (docs/product/reporting.md#api): a month's series reaches
 * five years back and its span a month ahead, all within four-digit years.
 */
export const REPORT_YEARS = { first: 1900, last: 9998 } as const;
export const DATE_RANGE_MESSAGE = `The date must be between ${REPORT_YEARS.first}-01-01 and ${REPORT_YEARS.last}-12-31.`;
