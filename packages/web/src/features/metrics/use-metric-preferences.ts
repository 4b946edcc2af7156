/** The user's starred metrics and their save, confirmed 'Preferences Updated' or 'Error saving Preferences'. */
import { useTranslation } from 'react-i18next';
import { useSavePreferences } from '../../api/preferences-api.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { useSession } from '../../app/session-context.tsx';
import { readMetricPreferences, withPreference, withoutPreference, type MetricPreference } from './metric-preferences.ts';

export function useMetricPreferences() {
  const { t } = useTranslation();
  const showMessage = useMessageBar();
  const { user } = useSession();
  const save = useSavePreferences();
  const list = readMetricPreferences(user.preferences.metrics);
  const store = (metrics: MetricPreference[]) =>
    save.mutate(
      { metrics },
      {
        onSuccess: () => showMessage(t('userMetrics.preferencesUpdated'), 'success'),
        onError: () => showMessage(t('userMetrics.preferencesError'), 'error'),
      },
    );
  return {
    list,
    isSaving: save.isPending,
    add: (preference: MetricPreference) => store(withPreference(list, preference)),
    remove: (preference: MetricPreference) => store(withoutPreference(list, preference)),
    /** Removes every category starred for one metric of a report. */
    removeMetric: (reportId: number, metric: string) =>
      store(list.filter((entry) => entry.report_id !== reportId || entry.metric !== metric)),
  };
}
