/**
 * What a list asks the server for, from the user's filter, the organisation's global filter, the
 * type's default filter and a group chosen in group mode, each shown as a removable chip:
 * - the user's filter when there is one, else the global filter, else the default filter
 *   ('created after 2023-01-01', docs/product/forms-and-lists.md#filters) unless the user removed it;
 * - a chosen group narrows whichever applies.
 */
import { useTranslation } from 'react-i18next';
import type { DocumentSchema, FieldCatalog } from '@docket/shared';
import { filterFromData } from '../forms/support/filter-expression.ts';
import { filterSchemaOf } from '@docket/shared';
import type { Translate } from '../forms/schema-i18n.ts';
import type { ShownChip } from './filter-chips.tsx';
import type { ListFilter } from './list-preferences.ts';

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
  const { t } = useTranslation();
  const chips: ShownChip[] = filter.chips.map((chip) => ({
    key: `field-${chip.field}`,
    label: `${chip.label}: ${chip.value}`,
    onRemove: () => {
      const data = { ...filter.data };
      delete data[chip.field];
      const schema = filterSchemaOf(type, { isAdministrator }).schema;
      const { expression, order, chips: next } = filterFromData(data, schema, catalog, translate);
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
      label: `${t('lists.globalFilter')}: ${globalFilter}`,
      onRemove: () => setFilter({ ...filter, skipGlobal: true }),
    });
  } else if (defaultFilter && !filter.skipDefault) {
    // Document lists apply it with `args=default`; other lists take it spelled out.
    if (supportsDefault) useDefaultFilter = true;
    else parts.push(defaultFilter);
    chips.push({
      key: 'default',
      label: `${t('lists.defaultFilter')}: ${defaultFilter}`,
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
