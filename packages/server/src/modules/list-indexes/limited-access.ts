/**
 * Which access fields some of an organisation's members are limited by on a type (issue 18 item 1,
 * docs/product/forms-and-lists.md#list-indexes). A member whose grants on a located type reach only
 * some sites reads it through `site_id IN (…)` (grant-rules.ts, `scopeFilter`), so each of their
 * list shapes holds `site_id` as well: an index added for the administrator's shape serves them
 * only by reading past every other site's entries (2.8 times slower on 1,000,000 documents,
 * bench/README.md). The Indexes tab offers the same shape with that field for them.
 */
import type { DocumentSchema, Grant } from '@docket/shared';
import type { Database } from '../../platform/db/database.ts';
import { GRANT_COLUMNS, toGrant } from '../../platform/access/grants.repository.ts';
import { grantAppliesTo, isLocatedType, scopeFilter } from '../../platform/access/grant-rules.ts';
import { equalityFieldsOf } from '../../platform/records/list-shapes.ts';

/**
 * `site_id` when some member's grants on `type` are all site-scoped, `region_id` when some
 * member's are all region-scoped. A member with both kinds reads `site_id IN … OR region_id IN …`,
 * which no one index serves in order; a member with a grant on the whole organisation is not limited.
 */
export async function limitedAccessFields(database: Database, orgId: number, type: DocumentSchema): Promise<string[]> {
  if (!isLocatedType(type)) return [];
  const db = database.db;
  const [entries, members] = await Promise.all([
    db
      .selectFrom('acl_entries as a')
      .select(['a.id', 'a.identity_uuid', ...GRANT_COLUMNS])
      .where('a.org_id', '=', orgId)
      .execute(),
    db.selectFrom('acl_members').select(['acl_id', 'identity_uuid']).where('org_id', '=', orgId).execute(),
  ]);
  const grantsOf = new Map<string, Grant[]>();
  const add = (identity: string, grant: Grant) => {
    const grants = grantsOf.get(identity);
    if (grants) grants.push(grant);
    else grantsOf.set(identity, [grant]);
  };
  const byId = new Map<number, Grant>();
  for (const entry of entries) {
    const grant = toGrant(entry);
    if (!grantAppliesTo(grant, type)) continue;
    byId.set(entry.id, grant);
    if (entry.identity_uuid) add(entry.identity_uuid, grant);
  }
  for (const member of members) {
    const grant = byId.get(member.acl_id);
    if (grant) add(member.identity_uuid, grant);
  }
  return fieldsLimiting(grantsOf.values());
}

/**
 * The access fields that limit some member, from each member's grants that apply to a located type:
 * the fields their scope's row filter fixes by equality (the shape's own rule, list-shapes.ts).
 */
export function fieldsLimiting(members: Iterable<readonly Grant[]>): string[] {
  const fields = new Set<string>();
  for (const grants of members) for (const field of equalityFieldsOf(scopeFilter(grants, true))) fields.add(field);
  return [...fields].sort();
}
