/** Identity pickers (`x-lookup: {identity: true}`): one uuid or a list, from `GET /identities/all`. */
import { useMemo, useState } from 'react';
import { rankWith, schemaMatches, type ControlProps } from '@jsonforms/core';
import { withJsonFormsControlProps } from '@jsonforms/react';
import type { JsonSchema } from '@docket/shared';
import { useIdentityOptions } from '../../../api/lookups-api.ts';
import { useFormServices } from '../../form-services.ts';
import { LookupField } from '../../support/lookup-field.tsx';
import { domId, firstError, modeOf } from '../../support/control-props.ts';
import { lookupOf } from '../../support/schema-options.ts';
import { useDebounced } from '../../support/use-debounced.ts';
import { normalisedLabels } from '../../support/normalised-labels.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

function IdentityPickerControl({
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
  const services = useFormServices();
  const [search, setSearch] = useState('');
  const term = useDebounced(search);
  const mode = modeOf(config);
  const query = useIdentityOptions(services.appId, term);
  const options = useMemo(
    () => (query.data ?? []).map((identity) => ({ value: identity.uuid, label: identity.display_name })),
    [query.data],
  );
  const known = useMemo(() => normalisedLabels(data, services.normalised[path]), [data, services.normalised, path]);
  if (!visible) return null;
  return (
    <LookupField
      id={domId(id, path)}
      label={label}
      value={data}
      isMultiple={(schema as JsonSchema).type === 'array'}
      storesObjects={mode === 'filter' || uischema.options?.returnObject === true}
      options={options}
      knownLabels={known}
      isLoading={query.isFetching}
      isEnabled={enabled}
      isReadOnly={mode === 'read'}
      required={required}
      error={firstError(errors)}
      helper={description}
      onSearch={setSearch}
      onChange={(next) => handleChange(path, next)}
    />
  );
}

const isIdentityLookup = schemaMatches((schema) => lookupOf(schema as JsonSchema)?.identity === true);

export const entry: FormRendererEntry = {
  tester: rankWith(RANK.lookup, isIdentityLookup),
  renderer: withJsonFormsControlProps(IdentityPickerControl),
};
