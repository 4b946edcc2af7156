/** The options popup (docs/product/forms-and-lists.md#limits): density small/medium/large and rows per page 15/30/60. */
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Popover from '@mui/material/Popover';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ROWS_PER_PAGE_OPTIONS } from '@docket/shared';
import type { Density, ListPreferences } from './list-preferences.ts';

interface OptionsPopoverProps {
  anchor: HTMLElement | null;
  preferences: ListPreferences;
  onChange: (next: ListPreferences) => void;
  onClose: () => void;
}

const DENSITIES: { value: Density; key: 'lists.densitySmall' | 'lists.densityMedium' | 'lists.densityLarge' }[] = [
  { value: 'small', key: 'lists.densitySmall' },
  { value: 'medium', key: 'lists.densityMedium' },
  { value: 'large', key: 'lists.densityLarge' },
];

export function OptionsPopover({ anchor, preferences, onChange, onClose }: OptionsPopoverProps) {
  const { t } = useTranslation();
  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Stack spacing={2} sx={{ p: 2, minWidth: 220 }} data-testid="list-options">
        <FormControl>
          <FormLabel id="list-density-label">{t('lists.density')}</FormLabel>
          <RadioGroup
            aria-labelledby="list-density-label"
            value={preferences.density}
            onChange={(event) => onChange({ ...preferences, density: event.target.value as Density })}
          >
            {DENSITIES.map((density) => (
              <FormControlLabel key={density.value} value={density.value} control={<Radio size="small" />} label={t(density.key)} />
            ))}
          </RadioGroup>
        </FormControl>
        <FormControl>
          <FormLabel id="list-rows-label">{t('lists.rowsPerPage')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="list-rows-label"
            value={String(preferences.rows)}
            onChange={(event) => onChange({ ...preferences, rows: Number(event.target.value) })}
          >
            {ROWS_PER_PAGE_OPTIONS.map((rows) => (
              <FormControlLabel key={rows} value={String(rows)} control={<Radio size="small" />} label={String(rows)} />
            ))}
          </RadioGroup>
        </FormControl>
      </Stack>
    </Popover>
  );
}
