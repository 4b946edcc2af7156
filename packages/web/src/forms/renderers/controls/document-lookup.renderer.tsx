/**
 * A reference to documents of another type (`x-lookup: {doc_type, filterBy}`): options from
 * `GET /v3/{appId}/{type}/options`, 100 on the first load and 10 per search (docs/product/forms-and-lists.md#limits).
 * `filterBy` narrows by another field of the same form (a zone's site); the select stays greyed
 * until that field is chosen, and says which field to choose first even when it is required and
 * Save showed its error (docs/product/forms-and-lists.md#field-values). A new document's site and
 * region pickers offer only places where the user may create that type.
 */
import { useMemo, useState } from 'react';
import { rankWith, schemaMatches, type ControlProps } from '@jsonforms/core';
import { useJsonForms, withJsonFormsControlProps } from '@jsonforms/react';
import { useTranslation } from 'react-i18next';
import { andAll, eq, printFilter, type JsonSchema } from '@docket/shared';
import { useDocumentOptions } from '../../../api/lookups-api.ts';
import { useFormServices } from '../../form-services.ts';
import { LookupField } from '../../support/lookup-field.tsx';
import { domId, firstError, modeOf } from '../../support/control-props.ts';
import { labelAtPath } from '../../support/schema-at-path.ts';
import { lookupOf, plainValue } from '../../support/schema-options.ts';
import { parentPathOf, readPath } from '../../support/value-parsing.ts';
import { useDebounced } from '../../support/use-debounced.ts';
import { normalisedLabels } from '../../support/normalised-labels.ts';
import { RANK, type FormRendererEntry } from '../../renderer-entry.ts';

/** Lookups of these types narrow to where the user may create (docs/product/forms-and-lists.md#field-values). */
const PLACE_TYPES: ReadonlySet<string> = new Set(['site', 'region']);

interface Narrowing {
  filter: string | undefined;
  /** Labels of the form fields that must be chosen first. */
  missing: string[];
}

function narrowing(
  filterBy: Record<string, string> | undefined,
  rootData: unknown,
  basePath: string,
  rootSchema: JsonSchema,
  translate: (t: string) => string,
): Narrowing {
  const parts = [];
  const missing: string[] = [];
  for (const [lookupField, formField] of Object.entries(filterBy ?? {})) {
    const fieldPath = basePath ? `${basePath}.${formField}` : formField;
    const value = plainValue(readPath(rootData, fieldPath));
    if (typeof value === 'string' || typeof value === 'number') parts.push(eq(lookupField, value));
    else missing.push(translate(labelAtPath(rootSchema, fieldPath)));
  }
  return { filter: parts.length ? printFilter(andAll(parts)) : undefined, missing };
}

function DocumentLookupControl({
  data,
  handleChange,
  path,
  label,
  required,
  errors,
  enabled,
  visible,
  schema,
  rootSchema,
  uischema,
  id,
  description,
  config,
}: ControlProps) {
  const { t } = useTranslation();
  const services = useFormServices();
  const rootData = useJsonForms().core?.data;
  const [search, setSearch] = useState('');
  const term = useDebounced(search);
  const mode = modeOf(config);
  const lookup = lookupOf(schema as JsonSchema) as { doc_type: string; filterBy?: Record<string, string> };
  const { filter, missing } = narrowing(lookup.filterBy, rootData, parentPathOf(path), rootSchema as JsonSchema, services.translate);
  const selected = (Array.isArray(data) ? data : data === undefined || data === null ? [] : [data])
    .map(plainValue)
    .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
  const isWaiting = missing.length > 0 && mode !== 'filter';
  const query = useDocumentOptions(services.appId, {
    type: lookup.doc_type,
    searchTerm: term,
    selected,
    filter,
    creatableFor: mode === 'edit' && PLACE_TYPES.has(lookup.doc_type) ? services.creatingType : undefined,
    isEnabled: visible && mode !== 'read',
  });
  const options = useMemo(() => (query.data ?? []).map((option) => ({ value: option.value, label: option.label })), [query.data]);
  const known = useMemo(() => normalisedLabels(data, services.normalised[path]), [data, services.normalised, path]);
  if (!visible) return null;
  const chooseFirst = isWaiting ? t('forms.chooseFirst', { fields: missing.join(', ') }) : undefined;
  const error = firstError(errors);
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
      isEnabled={enabled && !isWaiting}
      isReadOnly={mode === 'read'}
      required={required}
      error={error && chooseFirst ? `${error} — ${chooseFirst}` : error}
      helper={chooseFirst ?? description}
      onSearch={setSearch}
      onChange={(next) => handleChange(path, next)}
      onBrowse={
        services.pickDocuments && mode === 'edit'
          ? () => services.pickDocuments!(lookup.doc_type, (schema as JsonSchema).type === 'array')
          : undefined
      }
    />
  );
}

const isDocumentLookup = schemaMatches((schema) => typeof lookupOf(schema as JsonSchema)?.doc_type === 'string');

export const entry: FormRendererEntry = {
  tester: rankWith(RANK.lookup, isDocumentLookup),
  renderer: withJsonFormsControlProps(DocumentLookupControl),
};
