/**
 * Date (`format: date`, stored `YYYY-MM-DD`) and date-time (`format: date-time`, stored as ISO
 * UTC) fields with MUI's pickers; en-GB formats for English (docs/product/administration.md#localisation).
 */
import { isDateControl, isDateTimeControl, or, rankWith, type ControlProps } from '@jsonforms/core';
import { withJsonFormsControlProps } from '@jsonforms/react';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import dayjs from 'dayjs';
import { formatDate, formatDateTime } from '../../../components/format-date.ts';
import { useFormServices } from '../../form-services.ts';
import { ReadField } from '../../support/read-field.tsx';
import { domId, firstError, modeOf } from '../../support/control-props.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

export function toStoredDate(value: dayjs.Dayjs | null, isDateTime: boolean): string | undefined {
  if (!value || !value.isValid()) return undefined;
  return isDateTime ? value.toISOString() : value.format('YYYY-MM-DD');
}

function DateControl({
  data,
  handleChange,
  path,
  label,
  required,
  errors,
  enabled,
  visible,
  schema,
  id,
  description,
  config,
}: ControlProps) {
  const { lang } = useFormServices();
  if (!visible) return null;
  const isDateTime = schema.format === 'date-time';
  if (modeOf(config) === 'read')
    return <ReadField label={label}>{isDateTime ? formatDateTime(data, lang) : formatDate(data, lang)}</ReadField>;
  const value = typeof data === 'string' && data ? dayjs(data) : null;
  const error = firstError(errors);
  const slotProps = {
    textField: { id: domId(id, path), required, fullWidth: true, error: error !== '', helperText: error || description || undefined },
    field: { clearable: true },
  };
  const onChange = (next: dayjs.Dayjs | null) => handleChange(path, toStoredDate(next, isDateTime));
  return isDateTime ? (
    <DateTimePicker label={label} value={value} disabled={!enabled} onChange={onChange} slotProps={slotProps} ampm={false} />
  ) : (
    <DatePicker label={label} value={value} disabled={!enabled} onChange={onChange} slotProps={slotProps} />
  );
}

export const entry: FormRendererEntry = {
  tester: rankWith(RANK.choice, or(isDateControl, isDateTimeControl)),
  renderer: withJsonFormsControlProps(DateControl),
};
