/**
 * Which fields of a type hold references whose labels `data_normalised` carries: the promoted
 * location columns (site, region, zone, module) and every form property with an
 * `x-lookup` (documents of a type, identities, keyword-list options), single or list.
 */
import type { DocumentSchema, JsonSchema, LookupSource } from '@docket/shared';

export type LabelField =
  /** `docType`: the referenced document must be of that type (a module id that is a region's has no label). */
  | { field: string; kind: 'doc'; many: boolean; docType?: string }
  | { field: string; kind: 'identity'; many: boolean }
  | { field: string; kind: 'keyword'; key: string; many: boolean };

const PROMOTED_REFERENCES: LabelField[] = [
  { field: 'site_id', kind: 'doc', many: false, docType: 'site' },
  { field: 'region_id', kind: 'doc', many: false, docType: 'region' },
  { field: 'zone_id', kind: 'doc', many: false, docType: 'zone' },
  { field: 'module_id', kind: 'doc', many: false, docType: 'module' },
];

function lookupOf(property: JsonSchema): { source: LookupSource; many: boolean } | undefined {
  const own = property['x-lookup'];
  if (own) return { source: own, many: property.type === 'array' };
  const item = property.type === 'array' ? property.items?.['x-lookup'] : undefined;
  return item ? { source: item, many: true } : undefined;
}

const cache = new WeakMap<DocumentSchema, LabelField[]>();

export function labelFieldsOf(type: DocumentSchema): LabelField[] {
  let fields = cache.get(type);
  if (fields) return fields;
  const byName = new Map(PROMOTED_REFERENCES.map((f) => [f.field, f]));
  for (const [field, property] of Object.entries(type.form?.schema.properties ?? {})) {
    const lookup = lookupOf(property);
    if (!lookup) continue;
    const { source, many } = lookup;
    if ('doc_type' in source) byName.set(field, { field, kind: 'doc', many, docType: source.doc_type });
    else if ('identity' in source) byName.set(field, { field, kind: 'identity', many });
    else if ('keyword' in source) byName.set(field, { field, kind: 'keyword', key: source.keyword, many });
  }
  fields = [...byName.values()];
  cache.set(type, fields);
  return fields;
}
