/**
 * Number and integer fields. The text is kept as typed (so "1." or "-" survive while typing) and
 * the document stores the parsed number, or undefined when empty (docs/product/forms-and-lists.md#field-values).
 */
import { useEffect, useState } from 'react';
import { isIntegerControl, isNumberControl, or, rankWith, type ControlProps } from '@jsonforms/core';
import { withJsonFormsControlProps } from '@jsonforms/react';
import TextField from '@mui/material/TextField';
import { ReadField } from '../../support/read-field.tsx';
import { domId, firstError, modeOf } from '../../support/control-props.ts';
import { parseNumberInput } from '../../support/value-parsing.ts';
import { ConvertedAmount } from '../../support/converted-amount.tsx';
import { CURRENCY_FIELD_KEYWORD } from '@docket/shared';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

const textOf = (value: unknown) => (value === undefined || value === null ? '' : String(value));

function NumberControl({
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
  const [text, setText] = useState(() => textOf(data));
  useEffect(() => {
    // Follow outside changes (raw JSON edits, resets) without clobbering what is being typed.
    setText((current) => (parseNumberInput(current, false) === data ? current : textOf(data)));
  }, [data]);
  if (!visible) return null;
  // An amount with a currency field shows beside it what it is worth in the user's currency.
  const currencyField = (schema as Record<string, unknown>)[CURRENCY_FIELD_KEYWORD];
  const converted =
    typeof currencyField === 'string' ? <ConvertedAmount amount={data} path={path} currencyField={currencyField} /> : undefined;
  if (modeOf(config) === 'read')
    return (
      <ReadField label={label}>
        {textOf(data)} {converted}
      </ReadField>
    );
  const isInteger = schema.type === 'integer';
  const error = firstError(errors);
  return (
    <TextField
      id={domId(id, path)}
      label={label}
      required={required}
      fullWidth
      disabled={!enabled}
      value={text}
      error={error !== ''}
      helperText={error || description || converted}
      onChange={(event) => {
        setText(event.target.value);
        handleChange(path, parseNumberInput(event.target.value, isInteger));
      }}
      slotProps={{ htmlInput: { inputMode: isInteger ? 'numeric' : 'decimal' } }}
    />
  );
}

export const entry: FormRendererEntry = {
  tester: rankWith(RANK.base, or(isNumberControl, isIntegerControl)),
  renderer: withJsonFormsControlProps(NumberControl),
};
