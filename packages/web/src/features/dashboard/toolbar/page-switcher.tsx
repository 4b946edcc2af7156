import { useTranslation } from 'react-i18next';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { PageChoice } from '../page-choices.ts';
import { testId } from '../test-id.ts';

/**
 * The page switcher: the report's pages, 'dashboard' first, then a divider and Manage Period
 * labelled 'Edit/Manage Report Data' (docs/product/reporting.md#dashboard).
 */
export function PageSwitcher({
  pages,
  manager,
  value,
  onChange,
}: {
  pages: readonly PageChoice[];
  manager: PageChoice | null;
  value: string;
  onChange: (page: string) => void;
}) {
  const { t } = useTranslation();
  if (pages.length + (manager ? 1 : 0) < 2) return null;
  return (
    <TextField
      select
      size="small"
      label={t('dashboard.page')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 180 }}
      slotProps={{ select: { SelectDisplayProps: testId('page-switcher') } }}
    >
      {pages.map((page) => (
        <MenuItem key={page.name} value={page.name}>
          {page.title}
        </MenuItem>
      ))}
      {manager && pages.length > 0 && <Divider />}
      {manager && <MenuItem value={manager.name}>{t('dashboard.manageReportData')}</MenuItem>}
    </TextField>
  );
}
