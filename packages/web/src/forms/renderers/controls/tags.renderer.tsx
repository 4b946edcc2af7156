/**
 * Free lists of short strings: tags (`options.tags`, suggestions from `GET /api/tags`) and any
 * other list of plain strings or numbers. Type and press Enter to add; chips to remove.
 */
import { useState } from 'react';
import { and, isPrimitiveArrayControl, optionIs, rankWith, type ControlProps } from '@jsonforms/core';
import { withJsonFormsControlProps } from '@jsonforms/react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { JsonSchema } from '@docket/shared';
import { useTagOptions } from '../../../api/lookups-api.ts';
import { useFormServices } from '../../form-services.ts';
import { ReadField } from '../../support/read-field.tsx';
import { domId, firstError, modeOf } from '../../support/control-props.ts';
import { useDebounced } from '../../support/use-debounced.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

function FreeListControl({
  data,
  handleChange,
  path,
  label,
  required,
  errors,
  enabled,
  visible,
  schema,
  uischema,
  id,
  description,
  config,
}: ControlProps) {
  const { t } = useTranslation();
  const { appId } = useFormServices();
  const [search, setSearch] = useState('');
  const term = useDebounced(search);
  const isTags = uischema.options?.tags === true;
  const suggestions = useTagOptions(appId, term);
  if (!visible) return null;
  const values = (Array.isArray(data) ? data : []).map(String);
  if (modeOf(config) === 'read') {
    return (
      <ReadField label={label}>
        {values.map((value) => (
          <Chip key={value} label={value} size="small" sx={{ mr: 0.5, mb: 0.5 }} />
        ))}
      </ReadField>
    );
  }
  const isNumeric = ['number', 'integer'].includes(String((schema as JsonSchema).items?.type));
  const error = firstError(errors);
  const store = (next: string[]) => {
    const cleaned = [...new Set(next.map((value) => value.trim()).filter(Boolean))];
    const typed = isNumeric ? cleaned.map(Number).filter(Number.isFinite) : cleaned;
    handleChange(path, typed.length ? typed : undefined);
  };
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      autoSelect
      id={domId(id, path)}
      options={isTags ? (suggestions.data ?? []).map((tag) => tag.value) : []}
      value={values}
      disabled={!enabled}
      onInputChange={(_event, next) => setSearch(next)}
      onChange={(_event, next) => store(next)}
      renderValue={(items, getItemProps) =>
        items.map((item, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={item} size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={error !== ''}
          helperText={error || description || t('forms.freeListHelp')}
        />
      )}
    />
  );
}

export const entry: FormRendererEntry = {
  tester: (uischema, schema, context) =>
    Math.max(
      rankWith(RANK.lookup, optionIs('tags', true))(uischema, schema, context),
      rankWith(RANK.base - 1, and(isPrimitiveArrayControl))(uischema, schema, context),
    ),
  renderer: withJsonFormsControlProps(FreeListControl),
};
