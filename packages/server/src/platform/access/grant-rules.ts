/**
 * How one access control entry (a grant) applies to a document type, and the row filter of a set
 * of grants. `authorize()` unions these per action; nothing here decides on its own.
 *
 * - A grant applies to a type when its level is above 0, its `doc_types` (granular) list is empty
 *   or names the type, and its `module` is empty or equals the type's module or category.
 * - A grant holding the `administrator` role (level 6 gives it) counts as level 6 in its scope.
 * - Scope (docs/product/access.md#grants): 1 group (every row), 2 region (`region_id` = the grant's region),
 *   3 site (`site_id` = the grant's site). A region or site grant without its id matches nothing.
 * - Scope restricts only *located* types, those whose form has a `site_id` field (incidents,
 *   actions, risk assessments…). Organisation-wide types (posts, reference data, reports,
 *   currencies…) have no location, so a member's grant reaches all their rows.
 *
 * Scopes become `site_id IN (…)` / `region_id IN (…)` on the promoted, indexed columns, never an
 * OR per grant over JSON, so a restricted list costs about what an unrestricted one does.
 */
import {
  andAll,
  eq,
  falseNode,
  inList,
  orAny,
  trueNode,
  currentUser,
  type DocumentSchema,
  type FilterNode,
  type Grant,
} from '@docket/shared';
import { ADMINISTRATOR_LEVEL } from './principal.ts';

export const DEPOSITOR_LEVEL = 1;
export const READER_LEVEL = 2;
export const AUTHOR_LEVEL = 3;
export const EDITOR_LEVEL = 4;
export const ACL_LEVELS = [0, 1, 2, 3, 4, 6] as const;
export const SCOPE_GROUP = 1;
export const SCOPE_REGION = 2;
export const SCOPE_SITE = 3;

/** Reference data is read by every member whatever their scope (it feeds selects and scopes). */
export const REFERENCE_TYPES: ReadonlySet<string> = new Set(['region', 'site', 'zone', 'module', 'client', 'project']);

/** The level a grant acts with: the administrator role lifts it to 6 within its own scope. */
export function effectiveLevel(grant: Grant): number {
  if (grant.level <= 0) return 0;
  return grant.roles.includes('administrator') ? ADMINISTRATOR_LEVEL : grant.level;
}

export function grantAppliesTo(grant: Grant, type: DocumentSchema): boolean {
  if (grant.level <= 0) return false;
  if (grant.doc_types && grant.doc_types.length > 0 && !grant.doc_types.includes(type.type)) return false;
  if (grant.module && grant.module !== type.module && grant.module !== type.category) return false;
  return true;
}

export function isLocatedType(type: DocumentSchema): boolean {
  if (REFERENCE_TYPES.has(type.type)) return false;
  return Object.hasOwn(type.form?.schema.properties ?? {}, 'site_id');
}

/**
 * Rows the grants reach together: TRUE if any reaches the whole organisation, else one
 * `site_id IN` and one `region_id IN` over all their sites and regions.
 */
export function scopeFilter(grants: readonly Grant[], located: boolean): FilterNode {
  if (grants.length === 0) return falseNode;
  if (!located) return trueNode;
  const sites = new Set<number>();
  const regions = new Set<number>();
  for (const grant of grants) {
    if (grant.scope === SCOPE_SITE) {
      if (grant.site_id !== null) sites.add(grant.site_id);
    } else if (grant.scope === SCOPE_REGION) {
      if (grant.region_id !== null) regions.add(grant.region_id);
    } else {
      return trueNode;
    }
  }
  const parts: FilterNode[] = [];
  if (sites.size > 0)
    parts.push(
      inList(
        'site_id',
        [...sites].sort((a, b) => a - b),
      ),
    );
  if (regions.size > 0)
    parts.push(
      inList(
        'region_id',
        [...regions].sort((a, b) => a - b),
      ),
    );
  return orAny(parts);
}

/** `created_by = $user`: rows the caller created. */
export const ownRows: FilterNode = eq('created_by', currentUser);

/**
 * The row filter of "full" grants (every row in scope) and "own" grants (only the caller's rows in
 * scope), unioned.
 */
export function unionFilter(full: readonly Grant[], own: readonly Grant[], located: boolean): FilterNode {
  return orAny([scopeFilter(full, located), andAll([ownRows, scopeFilter(own, located)])]);
}
