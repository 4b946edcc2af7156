/**
 * Date ranges (docs/product/forms-and-lists.md#field-values): `{startDate, endDate, valueMask, label}` with
 * date-only or date-time values. Every date field of a filter form is a range (documents
 * "from … to …"); elsewhere `options.dateRange` asks for one.
 */
import { and, isDateControl, isDateTimeControl, optionIs, or, rankWith, type ControlProps, type Tester } from '@jsonforms/core';
import { withJsonFormsControlProps } from '@jsonforms/react';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useFormServices } from '../../form-services.ts';
import { ReadField } from '../../support/read-field.tsx';
import { domId, firstError, modeOf } from '../../support/control-props.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

interface DateRange {
  startDate?: string;
  endDate?: string;
  valueMask?: string;
  label?: string;
}

const DATE_MASK = 'DD/MM/YYYY';

export function rangeLabel(range: DateRange): string {
  const show = (value?: string) => (value ? dayjs(value).format(DATE_MASK) : '…');
  return `${show(range.startDate)} – ${show(range.endDate)}`;
}

function DateRangeControl({ data, handleChange, path, label, errors, enabled, visible, id, description, config }: ControlProps) {
  const { t } = useTranslation();
  const { lang } = useFormServices();
  if (!visible) return null;
  const range: DateRange = data && typeof data === 'object' ? (data as DateRange) : {};
  if (modeOf(config) === 'read') return <ReadField label={label}>{range.startDate || range.endDate ? rangeLabel(range) : ''}</ReadField>;
  const set = (key: 'startDate' | 'endDate', next: dayjs.Dayjs | null) => {
    const updated: DateRange = { ...range, [key]: next?.isValid() ? next.format('YYYY-MM-DD') : undefined };
    if (!updated.startDate && !updated.endDate) return handleChange(path, undefined);
    handleChange(path, { ...updated, valueMask: DATE_MASK, label: rangeLabel(updated) });
  };
  const error = firstError(errors);
  const baseId = domId(id, path);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} lang={lang}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <DatePicker
          label={t('forms.from')}
          value={range.startDate ? dayjs(range.startDate) : null}
          disabled={!enabled}
          onChange={(next) => set('startDate', next)}
          slotProps={{ textField: { id: `${baseId}-from`, fullWidth: true, size: 'small' }, field: { clearable: true } }}
        />
        <DatePicker
          label={t('forms.to')}
          value={range.endDate ? dayjs(range.endDate) : null}
          disabled={!enabled}
          onChange={(next) => set('endDate', next)}
          slotProps={{ textField: { id: `${baseId}-to`, fullWidth: true, size: 'small' }, field: { clearable: true } }}
        />
      </Stack>
      {(error || description) && <FormHelperText error={error !== ''}>{error || description}</FormHelperText>}
    </Box>
  );
}

const isFilterForm: Tester = (_uischema, _schema, context) => (context?.config as { mode?: string } | undefined)?.mode === 'filter';
const isDateField = or(isDateControl, isDateTimeControl);

export const entry: FormRendererEntry = {
  tester: rankWith(RANK.specialised, and(isDateField, or(isFilterForm, optionIs('dateRange', true)))),
  renderer: withJsonFormsControlProps(DateRangeControl),
};
