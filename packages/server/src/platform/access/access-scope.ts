/**
 * The ticket every repository call needs. It is produced only by `authorize()` (a principal's
 * allowed action, with the row filter to AND into the query) or by the named, greppable bypass
 * `AccessScope.system(orgId, action, 'reason')` for seeds, jobs and migrations (docs/engineering.md#habit-4).
 *
 * A scope records the action it was granted for, in its type: `AccessScope<'update'>` is not an
 * `AccessScope<'delete'>`, and a read scope is neither. Repository writes name the action they
 * need, so a write path that only asked to read does not compile. `forPrincipal` is reachable
 * from authorize.ts alone (a lint rule in eslint.config.js).
 */
import type { FilterNode } from '@docket/shared';
import type { Principal } from './principal.ts';

declare const scopeBrand: unique symbol;
declare const actionBrand: unique symbol;

/**
 * What a scope allows. Per type: read, create, update, delete, and `workflow` (acting on a
 * document's workflow: the engine decides the step, the scope keeps the row readable). Per
 * organisation: `merge` (moving one identity's documents to another).
 */
export type ScopeAction = 'read' | 'create' | 'update' | 'delete' | 'workflow' | 'merge';

export interface AccessScope<A extends ScopeAction = ScopeAction> {
  readonly [scopeBrand]: true;
  /** Type-level only: makes scopes of different actions incompatible. */
  readonly [actionBrand]: A;
  readonly action: A;
  readonly orgId: number;
  readonly principal: Principal | null;
  /** Rows outside this filter do not exist for the caller; null means no restriction. */
  readonly rowFilter: FilterNode | null;
  readonly reason: string;
}

export const AccessScope = {
  /** Used only by authorize.ts (lint rule `no-restricted-syntax` in eslint.config.js). */
  forPrincipal<A extends ScopeAction>(principal: Principal, action: A, rowFilter: FilterNode | null): AccessScope<A> {
    return { action, orgId: principal.org.id, principal, rowFilter, reason: 'principal' } as unknown as AccessScope<A>;
  },
  /** The only bypass: unrestricted `action` within one organisation, for a stated reason. */
  system<A extends ScopeAction>(orgId: number, action: A, reason: string): AccessScope<A> {
    return { action, orgId, principal: null, rowFilter: null, reason: `system: ${reason}` } as unknown as AccessScope<A>;
  },
};
