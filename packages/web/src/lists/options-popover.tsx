/**
 * The options popup (docs/product/forms-and-lists.md#limits): density small/medium/large, rows per
 * page 15/30/60, and the column chooser (docs/product/forms-and-lists.md#columns): a checkbox per
 * column; the last shown column cannot be hidden.
 */
import Checkbox from '@mui/material/Checkbox';
import FormGroup from '@mui/material/FormGroup';
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

export interface ChoosableColumn {
  key: string;
  label: string;
}

interface OptionsPopoverProps {
  anchor: HTMLElement | null;
  preferences: ListPreferences;
  onChange: (next: ListPreferences) => void;
  /** The view's columns (table mode); absent where the mode shows none. */
  columns?: ChoosableColumn[];
  hidden?: readonly string[];
  onHidden?: (next: string[]) => void;
  onClose: () => void;
}

const DENSITIES: { value: Density; key: 'lists.densitySmall' | 'lists.densityMedium' | 'lists.densityLarge' }[] = [
  { value: 'small', key: 'lists.densitySmall' },
  { value: 'medium', key: 'lists.densityMedium' },
  { value: 'large', key: 'lists.densityLarge' },
];

export function OptionsPopover({ anchor, preferences, onChange, columns = [], hidden = [], onHidden, onClose }: OptionsPopoverProps) {
  const { t } = useTranslation();
  const shownCount = columns.filter((column) => !hidden.includes(column.key)).length;
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
        {onHidden && columns.length > 1 && (
          <FormControl component="fieldset">
            <FormLabel component="legend">{t('lists.columns')}</FormLabel>
            <FormGroup sx={{ maxHeight: 280, overflowY: 'auto', flexWrap: 'nowrap' }} data-testid="column-chooser">
              {columns.map((column) => {
                const isShown = !hidden.includes(column.key);
                return (
                  <FormControlLabel
                    key={column.key}
                    label={column.label}
                    control={
                      <Checkbox
                        size="small"
                        checked={isShown}
                        disabled={isShown && shownCount <= 1}
                        onChange={(event) =>
                          onHidden(event.target.checked ? hidden.filter((k) => k !== column.key) : [...hidden, column.key])
                        }
                      />
                    }
                  />
                );
              })}
            </FormGroup>
          </FormControl>
        )}
      </Stack>
    </Popover>
  );
}
