/**
 * A list's filter and page live in its address (docs/product/forms-and-lists.md#list-view), so a
 * list can be shared as a link and Back / Forward step through the filters and pages the user
 * went through: `#/docs/incident?filter={…}&page=3` (page counted from 1, the filter form's data
 * and the removed default or organisation filter as JSON).
 *
 * The address wins over what the browser remembers (local storage); without a filter in the
 * address the remembered one applies. Picker lists inside a dialog keep no address of their own.
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { DocumentSchema, FieldCatalog } from '@docket/shared';
import { filterSchemaOf } from '@docket/shared';
import { filterFromData } from '../forms/support/filter-expression.ts';
import type { Translate } from '../forms/schema-i18n.ts';
import type { ListFilter } from './list-preferences.ts';

/** What of a filter the address carries; expression and chips are rebuilt from it. */
interface FilterInAddress {
  data?: Record<string, unknown>;
  skipDefault?: boolean;
  skipGlobal?: boolean;
  order?: string;
}

export function filterToAddress(filter: ListFilter): string {
  const carried: FilterInAddress = { data: filter.data };
  if (filter.skipDefault) carried.skipDefault = true;
  if (filter.skipGlobal) carried.skipGlobal = true;
  if (filter.order) carried.order = filter.order;
  return JSON.stringify(carried);
}

export function filterFromAddress(
  text: string | null,
  type: DocumentSchema,
  catalog: FieldCatalog,
  isAdministrator: boolean,
  translate: Translate,
): ListFilter | null {
  if (!text) return null;
  let carried: FilterInAddress;
  try {
    carried = JSON.parse(text) as FilterInAddress;
  } catch {
    return null; // a hand-edited link that is not JSON: the remembered filter applies
  }
  if (!carried || typeof carried !== 'object') return null;
  const data = carried.data && typeof carried.data === 'object' && !Array.isArray(carried.data) ? carried.data : {};
  const schema = filterSchemaOf(type, { isAdministrator }).schema;
  const built = filterFromData(data, schema, catalog, translate);
  return {
    data,
    expression: built.expression,
    order: typeof carried.order === 'string' ? carried.order : built.order,
    chips: built.chips,
    skipDefault: carried.skipDefault === true || undefined,
    skipGlobal: carried.skipGlobal === true || undefined,
  };
}

export interface ListLocation {
  /** The page shown, from 0. */
  page: number;
  /** The filter the address names, or null. */
  filter: ListFilter | null;
  /** A new page: a new history entry. */
  setPage: (page: number) => void;
  /** A new filter (page back to the first): a new history entry. */
  setFilter: (filter: ListFilter) => void;
  /** Writes the remembered filter into an address that has none, without a history entry. */
  adopt: (filter: ListFilter) => void;
}

export function useListLocation(
  isEnabled: boolean,
  type: DocumentSchema,
  catalog: FieldCatalog,
  isAdministrator: boolean,
  translate: Translate,
  fallbackPage: [number, (page: number) => void],
): ListLocation {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const filterText = isEnabled ? params.get('filter') : null;
  const filter = useMemo(
    () => filterFromAddress(filterText, type, catalog, isAdministrator, translate),
    [filterText, type, catalog, isAdministrator, translate],
  );
  const pageText = isEnabled ? params.get('page') : null;
  const pageNumber = Number(pageText);
  const page = pageText !== null && Number.isSafeInteger(pageNumber) && pageNumber >= 1 ? pageNumber - 1 : isEnabled ? 0 : fallbackPage[0];
  const [, setFallbackPage] = fallbackPage;
  const setPage = useCallback(
    (next: number) => {
      if (!isEnabled) return setFallbackPage(next);
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next > 0) updated.set('page', String(next + 1));
        else updated.delete('page');
        return updated;
      });
    },
    [isEnabled, setParams, setFallbackPage],
  );
  const setFilter = useCallback(
    (next: ListFilter) => {
      if (!isEnabled) return setFallbackPage(0);
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set('filter', filterToAddress(next));
        updated.delete('page');
        return updated;
      });
    },
    [isEnabled, setParams, setFallbackPage],
  );
  const hasFilter = filterText !== null;
  const adopt = useCallback(
    (remembered: ListFilter) => {
      if (!isEnabled || hasFilter) return;
      // React renders a navigation in a transition, so a list can commit, and adopt, after the
      // user has already gone elsewhere (a menu entry clicked while the list loaded): written
      // then, the list's address would take them back to it.
      if (addressPathname() !== pathname) return;
      // Nor while a click's navigation is still on its way: React runs this effect as it handles
      // the click that leaves the list, before the router has written the new address (it does
      // so a few microtasks later), and this navigation would then replace the user's. A task
      // later the address says where the user is going.
      setTimeout(() => {
        if (addressPathname() !== pathname) return;
        setParams(
          (current) => {
            // A filter the user chose in the meantime stays.
            if (current.has('filter')) return current;
            const updated = new URLSearchParams(current);
            updated.set('filter', filterToAddress(remembered));
            return updated;
          },
          { replace: true },
        );
      }, 0);
    },
    [isEnabled, hasFilter, pathname, setParams],
  );
  return { page, filter, setPage, setFilter, adopt };
}

/** The path the address names now (the router keeps it in the hash), ahead of what React has rendered. */
function addressPathname(): string {
  return new URL(window.location.hash.slice(1) || '/', 'http://address').pathname;
}
