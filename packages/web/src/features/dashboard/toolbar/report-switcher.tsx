import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { reportTitle } from '../../reporting-api/index.ts';
import type { ReportTitle } from '../../reporting-api/index.ts';
import { testId } from '../test-id.ts';

/** The report switcher: goes to `/dashboard/{id}` (docs/product/reporting.md#dashboard). */
export function ReportSwitcher({
  reports,
  value,
  onChange,
}: {
  reports: readonly ReportTitle[];
  value: number;
  onChange: (id: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const options = reports.some((report) => report.id === value) ? reports : [...reports, { id: value, title: String(value) }];
  return (
    <TextField
      select
      size="small"
      label={t('dashboard.report')}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 200, maxWidth: { sm: 320 } }}
      slotProps={{ select: { SelectDisplayProps: testId('report-switcher') } }}
    >
      {options.map((report) => (
        <MenuItem key={report.id} value={report.id}>
          {reportTitle(report, i18n.language)}
        </MenuItem>
      ))}
    </TextField>
  );
}
