/**
 * A choice among the schema's options (`enum`, or `oneOf` of `{const, title}`): a select, with an
 * empty entry unless the field is required. `options.returnObject` stores `{value, valueMask,
 * label}` instead of the bare value (docs/product/forms-and-lists.md#field-values).
 */
import { isEnumControl, isOneOfEnumControl, or, rankWith, type ControlProps } from '@jsonforms/core';
import { withJsonFormsControlProps } from '@jsonforms/react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { JsonSchema } from '@docket/shared';
import { useFormServices } from '../../form-services.ts';
import { ReadField } from '../../support/read-field.tsx';
import { domId, firstError, modeOf } from '../../support/control-props.ts';
import { choicesOf, plainValue } from '../../support/schema-options.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

function EnumSelectControl({
  data,
  handleChange,
  path,
  label,
  required,
  errors,
  enabled,
  visible,
  uischema,
  schema,
  id,
  description,
  config,
}: ControlProps) {
  const { translate } = useFormServices();
  if (!visible) return null;
  const choices = choicesOf(schema as unknown as JsonSchema, translate);
  const current = plainValue(data);
  const index = choices.findIndex((choice) => choice.value === current);
  const mode = modeOf(config);
  if (mode === 'read')
    return <ReadField label={label}>{index >= 0 ? choices[index]?.label : current === undefined ? '' : String(current)}</ReadField>;
  const isReturnObject = uischema.options?.returnObject === true && mode !== 'filter';
  const error = firstError(errors);
  const select = (position: string) => {
    const choice = position === '' ? undefined : choices[Number(position)];
    if (!choice) return handleChange(path, undefined);
    handleChange(path, isReturnObject ? { value: choice.value, valueMask: choice.label, label: choice.label } : choice.value);
  };
  return (
    <TextField
      id={domId(id, path)}
      select
      label={label}
      required={required}
      fullWidth
      disabled={!enabled}
      value={index >= 0 ? String(index) : ''}
      error={error !== ''}
      helperText={error || description || undefined}
      onChange={(event) => select(event.target.value)}
    >
      {(!required || index < 0) && (
        <MenuItem value="">
          <em>—</em>
        </MenuItem>
      )}
      {choices.map((choice, position) => (
        <MenuItem key={String(choice.value)} value={String(position)}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export const entry: FormRendererEntry = {
  tester: rankWith(RANK.choice, or(isEnumControl, isOneOfEnumControl)),
  renderer: withJsonFormsControlProps(EnumSelectControl),
};
