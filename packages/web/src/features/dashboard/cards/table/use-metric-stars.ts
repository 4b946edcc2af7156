/**
 * The star per metric of the Table card: the user's metrics (`preferences.metrics`, entries of
 * `{metric, cat, report_id}`) that the drawer's metrics tab shows. A failure says 'Error saving
 * Preferences' (docs/product/reporting.md#cards).
 */
import { useTranslation } from 'react-i18next';
import { useSavePreferences } from '../../../../api/preferences-api.ts';
import { useMessageBar } from '../../../../app/message-bar.tsx';
import { useSession } from '../../../../app/session-context.tsx';
import type { ReportMetric } from '../../../reporting-api/index.ts';

export interface MetricPreference {
  metric: string | number;
  cat?: string;
  report_id?: number;
}

const isPreference = (value: unknown): value is MetricPreference =>
  Boolean(value) && typeof value === 'object' && ['string', 'number'].includes(typeof (value as MetricPreference).metric);

export function useMetricStars(reportId: number, category: string) {
  const { t } = useTranslation();
  const session = useSession();
  const save = useSavePreferences();
  const showMessage = useMessageBar();
  const preferences = (session.user.preferences.metrics ?? []).filter(isPreference);
  const matches = (entry: MetricPreference, metric: ReportMetric) =>
    entry.report_id === reportId && (entry.metric === metric.name || String(entry.metric) === String(metric.id));
  const isStarred = (metric: ReportMetric) => preferences.some((entry) => matches(entry, metric));
  const toggle = (metric: ReportMetric) => {
    const next = isStarred(metric)
      ? preferences.filter((entry) => !matches(entry, metric))
      : [...preferences, { metric: metric.name, cat: category, report_id: reportId }];
    save.mutate({ metrics: next }, { onError: () => showMessage(t('reportTable.preferencesError'), 'error') });
  };
  return { isStarred, toggle, isSaving: save.isPending };
}
