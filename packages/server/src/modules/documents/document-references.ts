/**
 * References a document body makes to other records, checked against the document's own
 * organisation before anything is stored (docs/product/documents-and-schemas.md):
 * - a zone must be a zone of the document's site (and so of its organisation);
 * - a module must be a module document of the organisation, or module 1: every organisation's
 *   built-in default module (the default of the investigation and the safety visit), which has
 *   no document;
 * - every person field (a form property looking up identities: actionees, approvers, visitors,
 *   reviewers, …) names members of the organisation only. An identity shared with another
 *   organisation is no member here until it joins: naming it would show this organisation's
 *   document to a stranger. Values with an `@` are external e-mail recipients, not identities.
 */
import type { Kysely } from 'kysely';
import type { DocumentSchema, JsonSchema } from '@docket/shared';
import type { Tables } from '../../platform/db/tables.ts';
import { HttpError } from '../../http/http-error.ts';

export const ZONE_NOT_OF_SITE = "The zone cannot be found at the document's site.";
export const MODULE_NOT_FOUND = 'The module cannot be found.';
export const NOT_A_MEMBER = 'is not a member of this organisation';

function refusal(path: string, message: string): HttpError {
  return new HttpError('bad_request', message, { details: [{ path, message }] });
}

/** A reference document (a zone, a module) of the organisation, with the site it belongs to. */
function referenceOf(db: Kysely<Tables>, orgId: number, docType: string, id: number) {
  return db
    .selectFrom('documents')
    .select(['id', 'site_id'])
    .where('org_id', '=', orgId)
    .where('doc_type', '=', docType)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The zone must be a zone document of the organisation whose site is the document's site. */
export async function checkZoneOrThrow(db: Kysely<Tables>, orgId: number, zoneId: number | null, siteId: number | null): Promise<void> {
  if (zoneId === null) return;
  const zone = await referenceOf(db, orgId, 'zone', zoneId);
  if (!zone || zone.site_id !== siteId) throw refusal('zone_id', ZONE_NOT_OF_SITE);
}

export const DEFAULT_MODULE_ID = 1;

export async function checkModuleOrThrow(db: Kysely<Tables>, orgId: number, moduleId: number | null): Promise<void> {
  if (moduleId === null || moduleId === DEFAULT_MODULE_ID) return;
  const found = await referenceOf(db, orgId, 'module', moduleId);
  if (!found) throw refusal('module_id', MODULE_NOT_FOUND);
}

interface PersonValue {
  path: string;
  uuid: string;
  title: string;
}

function isIdentityLookup(schema: JsonSchema): boolean {
  const lookup = schema['x-lookup'];
  return lookup !== undefined && 'identity' in lookup && lookup.identity === true;
}

/** Every identity a value names through person fields of `schema`, with its path. */
function personValues(schema: JsonSchema, value: unknown, path: string, found: PersonValue[]): PersonValue[] {
  if (value === null || value === undefined) return found;
  if (isIdentityLookup(schema)) {
    const values = Array.isArray(value) ? value : [value];
    values.forEach((item, index) => {
      if (typeof item === 'string' && item !== '' && !item.includes('@'))
        found.push({ path: Array.isArray(value) ? `${path}/${index}` : path, uuid: item, title: schema.title ?? path });
    });
    return found;
  }
  if (schema.properties && typeof value === 'object' && !Array.isArray(value)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      if (Object.hasOwn(value, name))
        personValues(property, (value as Record<string, unknown>)[name], path ? `${path}/${name}` : name, found);
    }
  }
  if (schema.items && Array.isArray(value)) value.forEach((item, index) => personValues(schema.items!, item, `${path}/${index}`, found));
  return found;
}

/** Refuses a body naming, in any person field, someone who is not a member of the organisation. */
export async function checkPeopleOrThrow(
  db: Kysely<Tables>,
  orgId: number,
  type: DocumentSchema,
  values: Record<string, unknown>,
): Promise<void> {
  const schema = type.form?.schema;
  if (!schema) return;
  const named = personValues(schema, values, '', []);
  if (named.length === 0) return;
  const uuids = [...new Set(named.map((p) => p.uuid))];
  const members = new Set(
    (
      await db.selectFrom('memberships').select('identity_uuid').where('org_id', '=', orgId).where('identity_uuid', 'in', uuids).execute()
    ).map((m) => m.identity_uuid),
  );
  const strangers = named.filter((p) => !members.has(p.uuid));
  if (strangers.length === 0) return;
  const details = strangers.map((p) => ({ path: p.path, message: `${p.title}: ${p.uuid} ${NOT_A_MEMBER}.` }));
  throw new HttpError('bad_request', details[0]!.message, { details });
}
