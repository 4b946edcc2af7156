/**
 * Lists picked from known values, not typed (docs/product/access.md#grants): an access control
 * entry's roles (the built-in roles plus every role a type asks for) and document types (the
 * organisation's types, shown by their translated titles). `options.choices` names the source.
 * A value already stored that the source no longer names stays shown, so nothing is lost.
 */
import { useMemo } from 'react';
import { and, isPrimitiveArrayControl, rankWith, type ControlProps, type UISchemaElement } from '@jsonforms/core';
import { withJsonFormsControlProps } from '@jsonforms/react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { BUILTIN_ROLES } from '@docket/shared';
import { useDocumentTypes, type TypeCatalog } from '../../../api/document-types.ts';
import { schemaTranslator } from '../../schema-i18n.ts';
import { useFormServices } from '../../form-services.ts';
import { ReadField } from '../../support/read-field.tsx';
import { domId, firstError, modeOf } from '../../support/control-props.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

interface Choice {
  value: string;
  label: string;
}

type Source = (catalog: TypeCatalog | undefined, lang: string) => Choice[];

/** The sources a control may name in `options.choices` (a registry, not a branch per source). */
const SOURCES: Record<string, Source> = {
  roles: (catalog) => {
    const roles = new Set(BUILTIN_ROLES);
    for (const type of catalog?.types ?? [])
      for (const role of [...(type.requiredRoles ?? []), ...(type.requiredRolesForCreate ?? []), ...(type.requiredRolesForEdit ?? [])])
        roles.add(role);
    return [...roles].sort().map((role) => ({ value: role, label: role }));
  },
  docTypes: (catalog, lang) =>
    (catalog?.types ?? [])
      .map((type) => {
        const title = schemaTranslator(type, lang)(type.form?.title ?? type.view?.title ?? type.type);
        return { value: type.type, label: title === type.type ? title : `${title} (${type.type})` };
      })
      .sort((a, b) => a.label.localeCompare(b.label)),
};

const sourceOf = (uischema: UISchemaElement): string | undefined => {
  const name = (uischema.options as { choices?: unknown } | undefined)?.choices;
  return typeof name === 'string' && Object.hasOwn(SOURCES, name) ? name : undefined;
};

function ChoiceListControl({
  data,
  handleChange,
  path,
  label,
  required,
  errors,
  enabled,
  visible,
  uischema,
  id,
  description,
  config,
}: ControlProps) {
  const { t } = useTranslation();
  const { appId, lang } = useFormServices();
  const types = useDocumentTypes(appId, true);
  const source = SOURCES[sourceOf(uischema) ?? ''];
  const choices = useMemo(() => source?.(types.data, lang) ?? [], [source, types.data, lang]);
  if (!visible) return null;
  const values = (Array.isArray(data) ? data : []).map(String);
  const labelOf = (value: string) => choices.find((choice) => choice.value === value)?.label ?? value;
  if (modeOf(config) === 'read') {
    return (
      <ReadField label={label}>
        {values.map((value) => (
          <Chip key={value} label={labelOf(value)} size="small" sx={{ mr: 0.5, mb: 0.5 }} />
        ))}
      </ReadField>
    );
  }
  const error = firstError(errors);
  return (
    <Autocomplete<string, true>
      multiple
      id={domId(id, path)}
      options={choices.map((choice) => choice.value)}
      getOptionLabel={labelOf}
      value={values}
      disabled={!enabled}
      loading={types.isPending}
      filterSelectedOptions
      noOptionsText={t('forms.noOptions')}
      onChange={(_event, next) => handleChange(path, next.length ? next : undefined)}
      renderValue={(items, getItemProps) =>
        items.map((item, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={labelOf(item)} size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} error={error !== ''} helperText={error || description || undefined} />
      )}
    />
  );
}

export const entry: FormRendererEntry = {
  tester: rankWith(
    RANK.lookup,
    and(isPrimitiveArrayControl, (uischema) => sourceOf(uischema) !== undefined),
  ),
  renderer: withJsonFormsControlProps(ChoiceListControl),
};
