/**
 * The preferences tab's reporting part (docs/product/reporting.md#user-drawer): mail alerts and
 * the weekly summary (default off), the default site and currency (default 0, none). Each change
 * is stored at once and confirmed 'Preferences Updated' or 'Error saving Preferences'.
 */
import { useTranslation } from 'react-i18next';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useDocumentOptions } from '../../api/lookups-api.ts';
import { useSavePreferences, type PreferencesPatch } from '../../api/preferences-api.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { useSession } from '../../app/session-context.tsx';

/** docs/product/reporting.md#limits: the preference defaults. */
export const PREFERENCE_DEFAULTS = { mailAlerts: false, mailSummaryWeekly: false, site_id: 0, currency_id: 0 } as const;

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}

function ReferenceSelect({
  type,
  label,
  value,
  onChange,
}: {
  type: string;
  label: string;
  value: number;
  onChange: (next: number) => void;
}) {
  const { t } = useTranslation();
  const { appId } = useSession();
  const options = useDocumentOptions(appId, { type, searchTerm: '', selected: value > 0 ? [value] : [] });
  const known = options.data ?? [];
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={known.some((option) => Number(option.value) === value) ? value : 0}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      <MenuItem value={0}>{t('userMetrics.none_option')}</MenuItem>
      {known.map((option) => (
        <MenuItem key={option.value} value={Number(option.value)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function ReportingPreferences() {
  const { t } = useTranslation();
  const { user } = useSession();
  const showMessage = useMessageBar();
  const save = useSavePreferences();
  const preferences = user.preferences;
  const store = (patch: PreferencesPatch) =>
    save.mutate(patch, {
      onSuccess: () => showMessage(t('userMetrics.preferencesUpdated'), 'success'),
      onError: () => showMessage(t('userMetrics.preferencesError'), 'error'),
    });
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={preferences.mailAlerts ?? PREFERENCE_DEFAULTS.mailAlerts}
            onChange={(event) => store({ mailAlerts: event.target.checked })}
            disabled={save.isPending}
          />
        }
        label={t('userMetrics.mailAlerts')}
      />
      <FormControlLabel
        control={
          <Switch
            checked={preferences.mailSummaryWeekly ?? PREFERENCE_DEFAULTS.mailSummaryWeekly}
            onChange={(event) => store({ mailSummaryWeekly: event.target.checked })}
            disabled={save.isPending}
          />
        }
        label={t('userMetrics.mailSummaryWeekly')}
      />
      <ReferenceSelect
        type="site"
        label={t('userMetrics.defaultSite')}
        value={numberOr(preferences.site_id, PREFERENCE_DEFAULTS.site_id)}
        onChange={(site_id) => store({ site_id })}
      />
      <ReferenceSelect
        type="currency"
        label={t('userMetrics.currency')}
        value={numberOr(preferences.currency_id, PREFERENCE_DEFAULTS.currency_id)}
        onChange={(currency_id) => store({ currency_id })}
      />
    </>
  );
}
