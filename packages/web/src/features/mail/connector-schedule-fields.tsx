/**
 * When an organisation's connector is checked and where it may connect
 * (docs/product/mail.md#connector-settings): the poll interval its rules run at, and the
 * allow-list of hosts that narrows the guarded outbound check. One row on a wide screen, stacked
 * on a phone. My Mail has neither: it has no rules, so nothing polls it, and its owner's own
 * settings are checked by the operator's policy alone.
 */
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ChangeDraft, Draft, DraftErrors } from './connector-draft.ts';

interface ConnectorScheduleFieldsProps {
  draft: Draft;
  errors: DraftErrors;
  onChange: ChangeDraft;
}

export function ConnectorScheduleFields({ draft, errors, onChange }: ConnectorScheduleFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
      <TextField
        label={t('mailSettings.pollMinutes')}
        value={draft.pollMinutes}
        onChange={(event) => onChange({ pollMinutes: event.target.value })}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        error={Boolean(errors.pollMinutes)}
        fullWidth
        helperText={errors.pollMinutes ?? t('mailSettings.pollHint')}
        sx={{ maxWidth: { sm: 220 } }}
      />
      <TextField
        label={t('mailSettings.allowHosts')}
        value={draft.allowHosts}
        onChange={(event) => onChange({ allowHosts: event.target.value })}
        helperText={t('mailSettings.allowHostsHint')}
        fullWidth
      />
    </Stack>
  );
}
