/** A list of choices from the schema's options (e.g. SafeStart states, the status filter): chips. */
import { and, rankWith, schemaMatches, schemaTypeIs, type ControlProps } from '@jsonforms/core';
import { withJsonFormsControlProps } from '@jsonforms/react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { JsonSchema } from '@docket/shared';
import { useFormServices } from '../../form-services.ts';
import { ReadField } from '../../support/read-field.tsx';
import { domId, firstError, modeOf } from '../../support/control-props.ts';
import { choicesOf, hasChoices, type Choice } from '../../support/schema-options.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

function MultiEnumControl({
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
  const { translate } = useFormServices();
  if (!visible) return null;
  const choices = choicesOf((schema as JsonSchema).items, translate);
  const values = Array.isArray(data) ? data : [];
  const selected = values.map((value) => choices.find((choice) => choice.value === value) ?? { value, label: String(value) });
  if (modeOf(config) === 'read') {
    return (
      <ReadField label={label}>
        {selected.map((choice) => (
          <Chip key={String(choice.value)} label={choice.label} size="small" sx={{ mr: 0.5, mb: 0.5 }} />
        ))}
      </ReadField>
    );
  }
  const error = firstError(errors);
  return (
    <Autocomplete<Choice, true>
      multiple
      id={domId(id, path)}
      options={choices}
      value={selected as Choice[]}
      disabled={!enabled}
      disableCloseOnSelect
      isOptionEqualToValue={(option, value) => option.value === value.value}
      getOptionLabel={(option) => option.label}
      onChange={(_event, next) => handleChange(path, next.length ? next.map((choice) => choice.value) : undefined)}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} error={error !== ''} helperText={error || description || undefined} />
      )}
    />
  );
}

const isEnumList = and(
  schemaTypeIs('array'),
  schemaMatches(
    (schema) =>
      !(schema as JsonSchema)['x-lookup'] && hasChoices((schema as JsonSchema).items) && !(schema as JsonSchema).items?.['x-lookup'],
  ),
);

export const entry: FormRendererEntry = {
  tester: rankWith(RANK.specialised, isEnumList),
  renderer: withJsonFormsControlProps(MultiEnumControl),
};
