import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { isHighlightedScope, itemLabel } from '../../reporting-api/index.ts';
import type { ReportDataItem } from '../../reporting-api/index.ts';
import { useScopeWords } from '../scope-words.ts';
import { testId } from '../test-id.ts';

/**
 * The report data item switcher: hidden when the page disables it or the month has one item at
 * most; group and region items stand out (docs/product/reporting.md#dashboard).
 */
export function ItemSwitcher({
  items,
  value,
  onChange,
}: {
  items: readonly ReportDataItem[];
  value: number | undefined;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation();
  const words = useScopeWords();
  if (items.length < 2 || value === undefined) return null;
  return (
    <TextField
      select
      size="small"
      label={t('dashboard.item')}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 200, maxWidth: { sm: 320 } }}
      slotProps={{ select: { SelectDisplayProps: testId('item-switcher') } }}
    >
      {items.map((item) => (
        <MenuItem
          key={item.id}
          value={item.id}
          sx={isHighlightedScope(item.scope) ? { fontWeight: 700, color: 'primary.main' } : { pl: 4 }}
          data-scope={item.scope}
        >
          {itemLabel(item, words)}
        </MenuItem>
      ))}
    </TextField>
  );
}
