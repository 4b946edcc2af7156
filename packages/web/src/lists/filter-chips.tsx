/** The filters in force as removable chips (docs/product/forms-and-lists.md#filters). */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { truncate, TRUNCATE } from '../components/format-date.ts';

export interface ShownChip {
  key: string;
  label: string;
  onRemove: () => void;
}

export function FilterChips({ chips }: { chips: ShownChip[] }) {
  const { t } = useTranslation();
  if (chips.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} data-testid="filter-chips" aria-label={t('lists.filter')}>
      {chips.map((chip) => (
        <Chip
          key={chip.key}
          label={truncate(chip.label, TRUNCATE.badge * 3)}
          title={chip.label}
          onDelete={chip.onRemove}
          // Named 'Remove filter …': a click or Enter/Space on the chip itself removes it too, not only its ⓧ.
          onClick={chip.onRemove}
          color="primary"
          variant="outlined"
          slotProps={{ root: { 'data-testid': 'filter-chip' } as object }}
          aria-label={t('lists.removeFilter', { label: chip.label })}
        />
      ))}
    </Stack>
  );
}
