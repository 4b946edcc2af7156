/**
 * The user's starred metrics (docs/product/reporting.md#user-drawer), kept in the profile's
 * `preferences.metrics`: each names a report, a metric (its name) and a category (itm, ytd,
 * roll12 or target), and `virtual` for a virtual series. Read defensively: a preference written
 * by an older client never breaks the drawer.
 */
export const METRIC_PREFERENCE_CATEGORIES = ['itm', 'ytd', 'roll12', 'target'] as const;
export type MetricPreferenceCategory = (typeof METRIC_PREFERENCE_CATEGORIES)[number];

export interface MetricPreference {
  metric: string;
  cat: MetricPreferenceCategory;
  report_id: number;
  virtual?: boolean;
}

function isCategory(value: unknown): value is MetricPreferenceCategory {
  return typeof value === 'string' && (METRIC_PREFERENCE_CATEGORIES as readonly string[]).includes(value);
}

export function readMetricPreferences(stored: unknown): MetricPreference[] {
  if (!Array.isArray(stored)) return [];
  const found: MetricPreference[] = [];
  for (const entry of stored as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { metric, cat, report_id: reportId, virtual } = entry as Record<string, unknown>;
    if ((typeof metric !== 'string' && typeof metric !== 'number') || typeof reportId !== 'number' || !Number.isInteger(reportId)) continue;
    const preference: MetricPreference = { metric: String(metric), cat: isCategory(cat) ? cat : 'itm', report_id: reportId };
    if (virtual === true) preference.virtual = true;
    found.push(preference);
  }
  return found;
}

export function isSamePreference(a: MetricPreference, b: MetricPreference): boolean {
  return a.report_id === b.report_id && a.metric === b.metric && a.cat === b.cat && (a.virtual === true) === (b.virtual === true);
}

/** Adds a preference once (a second star of the same metric and category changes nothing). */
export function withPreference(list: readonly MetricPreference[], added: MetricPreference): MetricPreference[] {
  return list.some((entry) => isSamePreference(entry, added)) ? [...list] : [...list, added];
}

export function withoutPreference(list: readonly MetricPreference[], removed: MetricPreference): MetricPreference[] {
  return list.filter((entry) => !isSamePreference(entry, removed));
}

/** Whether a metric of a report is starred in any category. */
export function isStarred(list: readonly MetricPreference[], reportId: number, metric: string): boolean {
  return list.some((entry) => entry.report_id === reportId && entry.metric === metric);
}

/** The pending items the account badge counts (docs/product/reporting.md#user-drawer). */
const PENDING = ['Pending Completion', 'Pending Approval'];

export function countPending(items: readonly { id: number; doc_type: string; status: string }[]): number {
  const seen = new Set<string>();
  for (const item of items) if (PENDING.some((word) => item.status.includes(word))) seen.add(`${item.doc_type}:${item.id}`);
  return seen.size;
}
