/**
 * Metric entry's working model (docs/product/reporting.md#report-data): one row per manual
 * metric, the typed text, its number, and the target and deviation warnings of the shared checks
 * (the same functions the server runs on save), computed as the user types.
 */
import {
  checkManualValue,
  deviationBaseline,
  monthIndexOf,
  parseYearMonth,
  type MonthIndex,
  type PartValues,
  type ValueCheckProblem,
} from '@docket/shared';
import type { ManualEntry, MetricEntry, ReportDataItem, ReportMetric } from './types.ts';

export interface EntryRow {
  metric: ReportMetric;
  /** What the user typed (or the stored value as text). */
  text: string;
  reason: string;
}

export interface CheckedRow extends EntryRow {
  value: number | null;
  isNotANumber: boolean;
  problems: ValueCheckProblem[];
  /** A check demands a reason and none was given. */
  needsReason: boolean;
}

export function parseEntry(text: string): { value: number | null; isNotANumber: boolean } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null, isNotANumber: false };
  const value = Number(trimmed);
  return Number.isFinite(value) ? { value, isNotANumber: false } : { value: null, isNotANumber: true };
}

function stored(values: readonly ManualEntry[] | null | undefined, metric: string): ManualEntry | undefined {
  return values?.find((entry) => String(entry.metric) === metric);
}

function entryValue(entries: readonly MetricEntry[] | null | undefined, metric: string): number | null {
  const value = entries?.find((entry) => String(entry.metric) === metric)?.value;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function initialRows(metrics: readonly ReportMetric[], item: ReportDataItem): EntryRow[] {
  return metrics.map((metric) => {
    const found = stored(item.user, metric.name);
    return {
      metric,
      text: typeof found?.value === 'number' ? String(found.value) : '',
      reason: typeof found?.reason === 'string' ? found.reason : '',
    };
  });
}

function monthOfDate(date: string): MonthIndex | undefined {
  const found = parseYearMonth(date.slice(0, 7));
  return found ? monthIndexOf(found) : undefined;
}

/**
 * The comparison value of each metric's deviation check, from the same item's earlier months
 * (`history`: the item's series before `reportDate`): the previous month (ITM) or the average
 * entered month of the twelve before (ROLL12).
 */
export function deviationBaselines(
  metrics: readonly ReportMetric[],
  history: readonly ReportDataItem[],
  reportDate: string,
): Record<string, number | null> {
  const month = monthOfDate(reportDate);
  const facts = new Map<MonthIndex, PartValues>();
  for (const earlier of history) {
    const index = monthOfDate(earlier.report_date);
    if (index === undefined || (month !== undefined && index >= month)) continue;
    const values: Record<string, number | null> = {};
    for (const entry of earlier.user ?? []) values[String(entry.metric)] = typeof entry.value === 'number' ? entry.value : null;
    facts.set(index, values);
  }
  const baselines: Record<string, number | null> = {};
  for (const metric of metrics)
    baselines[metric.name] = month === undefined ? null : deviationBaseline(metric.deviation, facts, metric.name, month);
  return baselines;
}

export function checkRows(
  rows: readonly EntryRow[],
  item: ReportDataItem,
  baselines: Readonly<Record<string, number | null>>,
): CheckedRow[] {
  return rows.map((row) => {
    const { value, isNotANumber } = parseEntry(row.text);
    const problems = checkManualValue({
      metric: row.metric,
      value,
      previous: baselines[row.metric.name] ?? null,
      target: entryValue(item.target, row.metric.name),
      reason: row.reason,
    });
    const needsReason = row.reason.trim() === '' && problems.some((problem) => problem.reasonRequired);
    return { ...row, value, isNotANumber, problems, needsReason };
  });
}

/** Rows that stop a save: not a number, or a reason the checks require. */
export function blockingRows(rows: readonly CheckedRow[]): CheckedRow[] {
  return rows.filter((row) => row.isNotANumber || row.needsReason);
}

/**
 * The item's new `user` list: the entered manual values (a reason only where one was typed),
 * keeping any stored value of a metric this screen does not show.
 */
export function manualValuesOf(rows: readonly CheckedRow[], previous: readonly ManualEntry[] | null | undefined): ManualEntry[] {
  const shown = new Set(rows.map((row) => row.metric.name));
  const kept = (previous ?? []).filter((entry) => !shown.has(String(entry.metric)));
  const entered = rows
    .filter((row) => row.value !== null)
    .map((row) => {
      const reason = row.reason.trim();
      return reason ? { metric: row.metric.name, value: row.value, reason } : { metric: row.metric.name, value: row.value };
    });
  return [...kept, ...entered];
}
