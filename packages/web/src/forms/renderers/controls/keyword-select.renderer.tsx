/**
 * Keyword selects (`x-lookup: {keyword: key}`) from `GET /api/$$keywords?value=key`: options with
 * children listed under their parent and greyed until the parent is chosen (investigation causes,
 * docs/product/forms-and-lists.md#field-values), and options whose dependencies (`{property, value}`) the form does not meet greyed.
 */
import { useMemo, useState } from 'react';
import { rankWith, schemaMatches, type ControlProps } from '@jsonforms/core';
import { useJsonForms, withJsonFormsControlProps } from '@jsonforms/react';
import type { JsonSchema } from '@docket/shared';
import { useKeywordOptions } from '../../../api/lookups-api.ts';
import { useFormServices } from '../../form-services.ts';
import { LookupField } from '../../support/lookup-field.tsx';
import { keywordChoices } from '../../support/keyword-choices.ts';
import { domId, firstError, modeOf } from '../../support/control-props.ts';
import { lookupOf, plainValue } from '../../support/schema-options.ts';
import { parentPathOf } from '../../support/value-parsing.ts';
import { useDebounced } from '../../support/use-debounced.ts';
import { normalisedLabels } from '../../support/normalised-labels.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

function KeywordSelectControl({
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
  const rootData = useJsonForms().core?.data;
  const [search, setSearch] = useState('');
  const term = useDebounced(search);
  const mode = modeOf(config);
  const key = String(lookupOf(schema as JsonSchema)?.keyword ?? '');
  const isMultiple = (schema as JsonSchema).type === 'array';
  const query = useKeywordOptions(services.appId, key, term);
  const chosen = useMemo(() => new Set((Array.isArray(data) ? data : [data]).map((v) => String(plainValue(v)))), [data]);
  const options = useMemo(
    () => keywordChoices(query.data ?? [], chosen, isMultiple, rootData, parentPathOf(path)),
    [query.data, chosen, isMultiple, rootData, path],
  );
  const known = useMemo(() => normalisedLabels(data, services.normalised[path]), [data, services.normalised, path]);
  if (!visible) return null;
  return (
    <LookupField
      id={domId(id, path)}
      label={label}
      value={data}
      isMultiple={isMultiple}
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

const isKeywordLookup = schemaMatches((schema) => typeof lookupOf(schema as JsonSchema)?.keyword === 'string');

export const entry: FormRendererEntry = {
  tester: rankWith(RANK.lookup, isKeywordLookup),
  renderer: withJsonFormsControlProps(KeywordSelectControl),
};
