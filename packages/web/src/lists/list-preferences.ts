/**
 * A list's interface preferences (display mode, density, rows per page) and filter, kept in local
 * storage per type (docs/product/forms-and-lists.md#local-storage). Density small/medium/large pads cells by 2/4/8 px (docs/product/forms-and-lists.md#limits).
 */
import { DEFAULT_ROWS_PER_PAGE, ROWS_PER_PAGE_OPTIONS, type ViewMode } from '@docket/shared';
import type { FilterChip } from '../forms/support/filter-expression.ts';
import { useStoredState } from './support/local-store.ts';

export type Density = 'small' | 'medium' | 'large';

export const DENSITY_PADDING_PX: Record<Density, number> = { small: 2, medium: 4, large: 8 };

export interface ListPreferences {
  mode?: ViewMode;
  density: Density;
  rows: number;
}

/** Stored without a density until the member picks one: the theme's density applies meanwhile. */
type StoredListPreferences = Omit<ListPreferences, 'density'> & { density?: Density };

const DEFAULT_PREFERENCES: StoredListPreferences = { rows: DEFAULT_ROWS_PER_PAGE };

export function useListPreferences(key: string, themeDensity: Density = 'medium'): [ListPreferences, (next: ListPreferences) => void] {
  const [stored, setStored] = useStoredState<StoredListPreferences>(`docket.list.${key}`, DEFAULT_PREFERENCES);
  const rows = (ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(stored.rows) ? stored.rows : DEFAULT_ROWS_PER_PAGE;
  const density = stored.density !== undefined && stored.density in DENSITY_PADDING_PX ? stored.density : themeDensity;
  return [{ ...stored, rows, density }, setStored];
}

/** The user's filter of a list: the filter form's data and what it compiled to. */
export interface ListFilter {
  data: Record<string, unknown>;
  expression: string;
  order?: string;
  chips: FilterChip[];
  /** The user removed the organisation's global filter / the type's default filter. */
  skipGlobal?: boolean;
  skipDefault?: boolean;
}

export const EMPTY_FILTER: ListFilter = { data: {}, expression: '', chips: [] };

export function useListFilter(key: string): [ListFilter, (next: ListFilter) => void] {
  return useStoredState<ListFilter>(`docket.filter.${key}`, EMPTY_FILTER);
}

/** The key of a column among a view's columns (a column is its path plus its sub-field). */
export const columnKey = (column: { id: string; subId?: string }): string => (column.subId ? `${column.id}.${column.subId}` : column.id);

/**
 * The columns a user hid with the column chooser (docs/product/forms-and-lists.md#columns), kept
 * per user and list: two people sharing a browser each keep their own.
 */
export function useHiddenColumns(userId: string, key: string): [string[], (next: string[]) => void] {
  const [stored, setStored] = useStoredState<string[]>(`docket.columns.${userId}.${key}`, []);
  return [Array.isArray(stored) ? stored.filter((k) => typeof k === 'string') : [], setStored];
}
