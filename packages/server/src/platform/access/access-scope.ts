/**
 * The ticket every repository call needs. It is produced only by `authorize()` (a principal's
 * allowed action, with the row filter to AND into the query) or by the named, greppable bypass
 * `AccessScope.system(orgId, 'reason')` for seeds, jobs and migrations (GUIDE habit 4).
 */
import type { FilterNode } from '@docket/shared';
import type { Principal } from './principal.ts';

declare const scopeBrand: unique symbol;

export interface AccessScope {
  readonly [scopeBrand]: true;
  readonly orgId: number;
  readonly principal: Principal | null;
  /** Rows outside this filter do not exist for the caller; null means no restriction. */
  readonly rowFilter: FilterNode | null;
  readonly reason: string;
}

export const AccessScope = {
  /** Used only by authorize(); constructing a scope anywhere else is a review finding. */
  forPrincipal(principal: Principal, rowFilter: FilterNode | null): AccessScope {
    return { orgId: principal.org.id, principal, rowFilter, reason: 'principal' } as AccessScope;
  },
  /** The only bypass: unrestricted access within one organisation, for a stated reason. */
  system(orgId: number, reason: string): AccessScope {
    return { orgId, principal: null, rowFilter: null, reason: `system: ${reason}` } as AccessScope;
  },
};
