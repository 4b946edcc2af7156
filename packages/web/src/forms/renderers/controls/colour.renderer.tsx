/**
 * Colour fields (docs/product/administration.md#theme): a text field for `#rrggbb` beside the
 * browser's own colour picker, for any string whose schema asks for a colour (COLOUR_PATTERN).
 * A wrong value shows the schema's own words ('must be a colour such as #263238').
 */
import { and, isStringControl, rankWith, schemaMatches, type ControlProps } from '@jsonforms/core';
import { withJsonFormsControlProps } from '@jsonforms/react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { COLOUR_PATTERN } from '@docket/shared';
import { ReadField } from '../../support/read-field.tsx';
import { domId, fieldError, modeOf } from '../../support/control-props.ts';
import { textOrUndefined } from '../../support/value-parsing.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

/** The picker only takes `#rrggbb`: a short `#rgb` is widened for it. */
function pickerValue(value: string): string {
  if (/^#[0-9a-f]{6}$/i.test(value)) return value;
  if (/^#[0-9a-f]{3}$/i.test(value)) return `#${[...value.slice(1)].map((c) => c + c).join('')}`;
  return '#000000';
}

function ColourControl({
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
  if (!visible) return null;
  const value = typeof data === 'string' ? data : '';
  if (modeOf(config) === 'read') return <ReadField label={label}>{value}</ReadField>;
  const error = fieldError(errors, schema);
  const inputId = domId(id, path);
  return (
    <TextField
      id={inputId}
      label={label}
      required={required}
      fullWidth
      disabled={!enabled}
      value={value}
      error={error !== ''}
      helperText={error || description || undefined}
      placeholder="#263238"
      onChange={(event) => handleChange(path, textOrUndefined(event.target.value))}
      slotProps={{
        htmlInput: { maxLength: 7, spellCheck: false },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <input
                type="color"
                aria-label={`${label} (picker)`}
                disabled={!enabled}
                value={pickerValue(value)}
                onChange={(event) => handleChange(path, event.target.value)}
                style={{ width: 28, height: 28, padding: 0, border: 'none', background: 'none', cursor: 'pointer' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

const isColour = schemaMatches((schema) => (schema as { pattern?: unknown }).pattern === COLOUR_PATTERN);

export const entry: FormRendererEntry = {
  tester: rankWith(RANK.specialised, and(isStringControl, isColour)),
  renderer: withJsonFormsControlProps(ColourControl),
};
