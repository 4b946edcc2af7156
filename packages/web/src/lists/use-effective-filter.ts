/**
 * What a list asks the server for, from the user's filter, the organisation's global filter, the
 * type's default filter and a group chosen in group mode, each shown as a removable chip:
 * - the user's filter when there is one, else the global filter, else the default filter
 *   ('created after 2023-01-01', docs/product/forms-and-lists.md#filters) unless the user removed it;
 * - a chosen group narrows whichever applies.
 * Chips read as sentences in the user's language (filter-sentences.ts).
 */
import { useTranslation } from 'react-i18next';
import type { DocumentSchema, FieldCatalog, JsonSchema } from '@docket/shared';
import { filterFromData } from '../forms/support/filter-expression.ts';
import { filterSchemaOf } from '@docket/shared';
import type { Translate } from '../forms/schema-i18n.ts';
import type { ShownChip } from './filter-chips.tsx';
import type { ListFilter } from './list-preferences.ts';
import { describeExpression, describeFormChip, type Say, type SentenceContext } from './filter-sentences.ts';

/** Record fields every type has, named in the chips' own words. */
const RECORD_FIELDS: Record<string, string> = {
  created_date: 'lists.chip.created',
  updated_date: 'lists.chip.updated',
  created_by: 'lists.chip.createdBy',
  status: 'lists.colStatus',
};

function optionTitle(schema: JsonSchema | undefined, value: unknown): string | undefined {
  const options = schema?.oneOf ?? (schema?.type === 'array' ? schema.items?.oneOf : undefined);
  return options?.find((option) => option.const === value)?.title;
}

export interface ChosenGroup {
  expression: string;
  label: string;
}

export interface EffectiveFilter {
  filter: string | undefined;
  useDefaultFilter: boolean;
  chips: ShownChip[];
  /** Required filter fields (view.requiredFilters) the user has not set yet. */
  missingRequired: string[];
}

interface Options {
  type: DocumentSchema;
  filter: ListFilter;
  setFilter: (next: ListFilter) => void;
  group: ChosenGroup | null;
  setGroup: (next: ChosenGroup | null) => void;
  catalog: FieldCatalog;
  isAdministrator: boolean;
  supportsDefault: boolean;
  translate: Translate;
}

const and = (parts: string[]) => (parts.length > 1 ? parts.map((p) => `(${p})`).join(' AND ') : (parts[0] ?? ''));

export function useEffectiveFilter({
  type,
  filter,
  setFilter,
  group,
  setGroup,
  catalog,
  isAdministrator,
  supportsDefault,
  translate,
}: Options): EffectiveFilter {
  const { t, i18n } = useTranslation();
  const say = t as unknown as Say;
  const properties = type.form?.schema.properties ?? {};
  const sentences: SentenceContext = {
    say,
    lang: i18n.resolvedLanguage ?? 'en',
    fieldLabel: (field) => {
      const own = RECORD_FIELDS[field];
      if (own) return say(own);
      const title = properties[field]?.title ?? type.view?.table.schema.find((column) => column.id === field)?.label;
      return title ? translate(title) : field;
    },
    valueLabel: (field, value) => {
      if (field === 'status' && typeof value === 'string') return say(`statuses.${value}`, { defaultValue: value });
      const title = optionTitle(properties[field], value);
      return title ? translate(title) : undefined;
    },
  };
  const filterSchema = filterSchemaOf(type, { isAdministrator }).schema;
  const chips: ShownChip[] = filter.chips.map((chip) => ({
    key: `field-${chip.field}`,
    label: describeFormChip(
      sentences.fieldLabel(chip.field) === chip.field ? chip.label : sentences.fieldLabel(chip.field),
      chip.value,
      filter.data[chip.field],
      filterSchema.properties?.[chip.field] ?? properties[chip.field],
      sentences,
    ),
    onRemove: () => {
      const data = { ...filter.data };
      delete data[chip.field];
      const { expression, order, chips: next } = filterFromData(data, filterSchema, catalog, translate);
      setFilter({ ...filter, data, expression, order, chips: next });
    },
  }));
  const parts: string[] = [];
  let useDefaultFilter = false;
  const globalFilter = type.filter?.globalFilter?.trim();
  const defaultFilter = type.filter?.defaultFilter?.trim();
  if (filter.expression) parts.push(filter.expression);
  else if (globalFilter && !filter.skipGlobal) {
    parts.push(globalFilter);
    chips.push({
      key: 'global',
      label: t('lists.chip.global', { filter: describeExpression(globalFilter, sentences) }),
      onRemove: () => setFilter({ ...filter, skipGlobal: true }),
    });
  } else if (defaultFilter && !filter.skipDefault) {
    // Document lists apply it with `args=default`; other lists take it spelled out.
    if (supportsDefault) useDefaultFilter = true;
    else parts.push(defaultFilter);
    chips.push({
      key: 'default',
      label: t('lists.chip.default', { filter: describeExpression(defaultFilter, sentences) }),
      onRemove: () => setFilter({ ...filter, skipDefault: true }),
    });
  }
  if (group) {
    // The server applies the default filter only without a filter of ours: spell it out.
    if (useDefaultFilter && defaultFilter) parts.push(defaultFilter);
    useDefaultFilter = false;
    parts.push(group.expression);
    chips.push({ key: 'group', label: group.label, onRemove: () => setGroup(null) });
  }
  const missingRequired = (type.view?.requiredFilters ?? []).filter((field) => {
    const value = filter.data[field];
    return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  });
  return { filter: parts.length ? and(parts) : undefined, useDefaultFilter, chips, missingRequired };
}
