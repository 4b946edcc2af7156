/**
 * A document's region follows from its site: region-scoped grants filter on `region_id`, so a
 * document stored with a site but no region (or with a region that is not its site's) would be
 * invisible to, or wrongly visible to, region readers. The site must be a site of the caller's
 * organisation (400 otherwise).
 */
import type { Kysely } from 'kysely';
import type { Tables } from '../../platform/db/tables.ts';
import { HttpError } from '../../http/http-error.ts';

export const SITE_NOT_FOUND = 'The site cannot be found.';

export interface Location {
  site_id: number | null;
  region_id: number | null;
}

export async function resolveLocationOrThrow(db: Kysely<Tables>, orgId: number, location: Location): Promise<Location> {
  if (location.site_id === null) return location;
  const site = await db
    .selectFrom('documents')
    .select('region_id')
    .where('org_id', '=', orgId)
    .where('doc_type', '=', 'site')
    .where('id', '=', location.site_id)
    .executeTakeFirst();
  if (!site) throw new HttpError('bad_request', SITE_NOT_FOUND, { details: [{ path: 'site_id', message: SITE_NOT_FOUND }] });
  return { site_id: location.site_id, region_id: site.region_id };
}
