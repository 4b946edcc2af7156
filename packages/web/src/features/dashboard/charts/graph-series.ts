/**
 * Shapes a chart-counts answer (docs/product/reporting.md#charts) into categories and series:
 * by month alone, one series over the months; by a field alone, one series over its values; by a
 * field and month, a series per field value over the months (a stacked picture of categories).
 */
import type { GraphAnswer, GraphRow } from '@docket/shared';
import type { Series } from './chart-options.ts';

export interface GraphSeries {
  categories: string[];
  series: Series[];
  /** True when categories are months ('YYYY-MM'). */
  isByMonth: boolean;
}

export function groupTermsOf(groupBy: string): string[] {
  return groupBy
    .split(',')
    .map((term) => term.trim())
    .filter(Boolean);
}

const isMonthTerm = (term: string) => term === 'month' || term.startsWith('month(');

function labelOf(row: GraphRow, field: string, translate: (text: string) => string): string {
  const readable = row.data_normalised?.[field];
  const value = typeof readable === 'string' || typeof readable === 'number' ? readable : row[field];
  return value === null || value === undefined || value === '' ? '–' : translate(String(value));
}

/**
 * `translate`: the counted type's dictionary (its `i18n`), so a category reads as the type's lists
 * show it in the user's language ('Near Miss' is 'Presque-accident' in French).
 */
export function graphSeriesOf(
  answer: GraphAnswer,
  groupBy: string,
  name: string,
  translate: (text: string) => string = (text) => text,
): GraphSeries {
  const terms = groupTermsOf(groupBy);
  const field = terms.find((term) => !isMonthTerm(term));
  const byMonth = terms.some(isMonthTerm);
  if (byMonth) {
    const months = answer.months ?? [...new Set(answer.dataAr.map((row) => String(row.month)))].sort();
    if (!field) {
      const counts = new Map(answer.dataAr.map((row) => [String(row.month), row.count]));
      return { categories: months, series: [{ name, values: months.map((month) => counts.get(month) ?? 0) }], isByMonth: true };
    }
    const groups = new Map<string, Map<string, number>>();
    for (const row of answer.dataAr) {
      const label = labelOf(row, field, translate);
      const counts = groups.get(label) ?? new Map<string, number>();
      counts.set(String(row.month), (counts.get(String(row.month)) ?? 0) + row.count);
      groups.set(label, counts);
    }
    const series = [...groups.entries()].map(([label, counts]) => ({ name: label, values: months.map((month) => counts.get(month) ?? 0) }));
    return { categories: months, series, isByMonth: true };
  }
  const rows = field ? answer.dataAr : [];
  return {
    categories: rows.map((row) => labelOf(row, field ?? '', translate)),
    series: [{ name, values: rows.map((row) => row.count) }],
    isByMonth: false,
  };
}
