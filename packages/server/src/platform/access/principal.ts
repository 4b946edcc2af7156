/**
 * Who is calling, in which organisation, with which grants. Built once per request by
 * `resolvePrincipal` and passed explicitly to every operation (docs/engineering.md#habit-10).
 */
import type { Grant } from '@docket/shared';

export interface OrganisationContext {
  id: number;
  appId: string;
  company: string;
  /** The organisation's IANA time zone (its setting `time_zone`; absent: UTC): where 'today' starts. */
  timeZone?: string;
}

export interface Principal {
  uuid: string;
  displayName: string;
  email: string;
  org: OrganisationContext;
  /** Every access control entry naming the caller, directly or through a group's members. */
  grants: Grant[];
  /** Union of the roles of every grant; level 6 implies `administrator`. */
  roles: ReadonlySet<string>;
  /**
   * The refresh-token family of the caller's session (`sid` of the access token). A password
   * change ends every *other* session, so the operation needs to know which one is this.
   */
  sessionId?: string;
  /**
   * The one organisation the session may act in (a federated sign-in, a password an
   * administrator set); null or absent: every membership (the person's own password).
   */
  boundOrgId?: number | null;
}

export const ADMINISTRATOR_LEVEL = 6;

export function rolesOf(grants: readonly Grant[]): Set<string> {
  const roles = new Set<string>();
  for (const grant of grants) {
    if (grant.level <= 0) continue;
    for (const role of grant.roles) roles.add(role);
    if (grant.level >= ADMINISTRATOR_LEVEL) roles.add('administrator');
  }
  return roles;
}

export function isAdministrator(principal: Principal): boolean {
  return principal.roles.has('administrator');
}

/**
 * What filters and form defaults resolve `$user`, 'today' and 'now' with: the caller, this
 * instant, and their organisation's day (docs/product/reporting.md#kpi-maths).
 */
export function filterContextOf(principal: Principal): { userId: string; now: Date; timeZone?: string } {
  return { userId: principal.uuid, now: new Date(), ...(principal.org.timeZone ? { timeZone: principal.org.timeZone } : {}) };
}
