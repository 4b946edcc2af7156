/**
 * The drawer's personal theme (docs/product/administration.md#theme): a member's own colours,
 * chart palette and density over the organisation's theme, offered only while the organisation
 * allows personal themes (themeUserAllow; the server refuses it otherwise). Saved in the user's
 * preferences (`PUT /v2/identity/me/prefs`, key `theme`), applied at once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CHART_PALETTE_CHOICES, DEFAULT_THEME, type SessionAnswer } from '@docket/shared';
import { apiClient } from '../api/instance.ts';
import { describeError } from '../api/describe-error.ts';
import { useMessageBar } from './message-bar.tsx';
import { useSession } from './session-context.tsx';

type PersonalTheme = Record<string, unknown>;

function useSaveTheme() {
  const queryClient = useQueryClient();
  // The organisation in context: its theme rule applies, and a person in several must name one.
  const { appId } = useSession();
  return useMutation({
    mutationFn: (theme: PersonalTheme) =>
      apiClient.request<unknown>('/v2/identity/me/prefs', { method: 'PUT', json: { theme }, query: { app: appId } }),
    onSuccess: (_answer, theme) => {
      queryClient.setQueriesData<SessionAnswer>({ queryKey: ['session'] }, (session) =>
        session ? { ...session, user: { ...session.user, preferences: { ...session.user.preferences, theme } } } : session,
      );
    },
  });
}

export function PersonalTheme() {
  const { t } = useTranslation();
  const session = useSession();
  const save = useSaveTheme();
  const showMessage = useMessageBar();
  const { general, themeVersion3: organisation } = session.subscription.app_config;
  const isAllowed = general?.themeUserAllow === true || organisation?.themeUserAllow === true;
  if (!isAllowed) return null;
  const own = session.user.preferences.theme ?? {};
  const value = (key: string, fallback: string) => (typeof own[key] === 'string' ? (own[key] as string) : fallback);
  const change = (key: string, next: string) =>
    save.mutate({ ...own, [key]: next }, { onError: (error) => showMessage(describeError(error, t, t('common.unknownError')), 'error') });

  return (
    <Stack spacing={2} component="section" aria-labelledby="personal-theme-title">
      <Typography id="personal-theme-title" variant="subtitle1" component="h3">
        {t('orgSettings.myTheme')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('orgSettings.myThemeHint')}
      </Typography>
      <Stack direction="row" spacing={2}>
        {(['primaryColor', 'secondaryColor'] as const).map((key) => (
          <TextField
            key={key}
            type="color"
            label={t(key === 'primaryColor' ? 'orgSettings.primaryColour' : 'orgSettings.secondaryColour')}
            value={value(key, organisation?.[key] ?? DEFAULT_THEME[key])}
            onChange={(event) => change(key, event.target.value)}
            sx={{ flex: 1 }}
          />
        ))}
      </Stack>
      <Stack direction="row" spacing={2}>
        <FormControl sx={{ flex: 1 }}>
          <InputLabel id="my-palette-label">{t('orgSettings.chartPalette')}</InputLabel>
          <Select
            labelId="my-palette-label"
            label={t('orgSettings.chartPalette')}
            value={value('chartPalette', organisation?.chartPalette ?? 'default')}
            onChange={(event) => change('chartPalette', event.target.value)}
          >
            {CHART_PALETTE_CHOICES.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl sx={{ flex: 1 }}>
          <InputLabel id="my-density-label">{t('lists.density')}</InputLabel>
          <Select
            labelId="my-density-label"
            label={t('lists.density')}
            value={value('density', organisation?.density ?? 'medium')}
            onChange={(event) => change('density', event.target.value)}
          >
            <MenuItem value="small">{t('lists.densitySmall')}</MenuItem>
            <MenuItem value="medium">{t('lists.densityMedium')}</MenuItem>
            <MenuItem value="large">{t('lists.densityLarge')}</MenuItem>
          </Select>
        </FormControl>
      </Stack>
      <Button
        variant="outlined"
        disabled={Object.keys(own).length === 0 || save.isPending}
        onClick={() => save.mutate({})}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('orgSettings.resetTheme')}
      </Button>
    </Stack>
  );
}
