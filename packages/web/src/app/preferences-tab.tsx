import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { sessionStore } from '../api/instance.ts';
import { ReportingPreferences } from '../features/metrics/reporting-preferences.tsx';
import { useSavePreferences } from '../api/preferences-api.ts';
import { LANGUAGES, changeLanguage, isLanguage } from '../i18n/index.ts';
import { useColorMode } from './color-mode.tsx';
import { PersonalTheme } from './personal-theme.tsx';
import { useSession } from './session-context.tsx';

/**
 * Preferences: language (en, fr, es), dark mode, the organisation when the user has several, and
 * the reporting preferences (mail alerts, weekly summary, default site and currency).
 */
export function PreferencesTab() {
  const { t, i18n } = useTranslation();
  const { mode, setMode } = useColorMode();
  const { organisations, appId } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const savePreferences = useSavePreferences();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';

  const switchOrganisation = (next: string) => {
    for (const key of ['records', 'types', 'lookup', 'search']) queryClient.removeQueries({ queryKey: [key] });
    sessionStore.setAppId(next);
    void navigate('/docs/post');
  };

  return (
    <Stack spacing={3}>
      <FormControl fullWidth>
        <InputLabel id="pref-language-label">{t('user.language')}</InputLabel>
        <Select
          labelId="pref-language-label"
          label={t('user.language')}
          value={language}
          onChange={(event) => {
            if (!isLanguage(event.target.value)) return;
            changeLanguage(event.target.value);
            // The profile keeps the choice for other browsers; a failure here changes nothing for this one.
            savePreferences.mutate({ lang: event.target.value }, { onError: () => undefined });
          }}
        >
          {LANGUAGES.map((code) => (
            <MenuItem key={code} value={code} lang={code}>
              {t(`languages.${code}`)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {organisations.length > 1 && (
        <FormControl fullWidth>
          <InputLabel id="pref-organisation-label">{t('user.organisation')}</InputLabel>
          <Select
            labelId="pref-organisation-label"
            label={t('user.organisation')}
            value={appId}
            onChange={(event) => switchOrganisation(event.target.value)}
          >
            {organisations.map((organisation) => (
              <MenuItem key={organisation.app_id} value={organisation.app_id}>
                {organisation.company}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      )}
      <FormControlLabel
        control={<Switch checked={mode === 'dark'} onChange={(event) => setMode(event.target.checked ? 'dark' : 'light')} />}
        label={t('user.darkMode')}
      />
      <ReportingPreferences />
      <PersonalTheme />
    </Stack>
  );
}
