/**
 * The type catalog the screens read (pure: no requests, so it is tested without a browser): the
 * built-in definitions with an organisation's stored `$$schema` documents layered on top
 * (administrators), or exactly the types `$$types` answered (other members), and the types the
 * server lets the caller create (`access.create`, never worked out here: docs/product/access.md).
 */
import { builtinTypes, SCHEMA_TYPE, schemaDocumentType, type ClientDocumentType, type DocumentSchema } from '@docket/shared';

export interface TypeCatalog {
  types: readonly DocumentSchema[];
  byName: ReadonlyMap<string, DocumentSchema>;
  /** type → id of the stored `$$schema` document that overrides or defines it. */
  storedIds: ReadonlyMap<string, number>;
  /** True when stored schemas could not be read and the built-in ones serve. */
  isFallback: boolean;
  /** Built-in types the server did not answer: the caller may not see them ('Not Authorised', not 'Not Found'). */
  withheld: ReadonlySet<string>;
  /** Types the server lets the caller create (`access.create` in `$$types`); empty when it could not be asked. */
  creatable: ReadonlySet<string>;
}

/** The types a `$$types` answer lets the caller create. */
export function creatableTypes(served: readonly ClientDocumentType[]): ReadonlySet<string> {
  return new Set(served.filter((type) => type.access?.create === true).map((type) => type.type));
}

/** Document fields of a stored `$$schema` row that are not part of the definition. */
const DOCUMENT_FIELDS = new Set([
  'id',
  'display_id',
  'doc_type',
  'summary',
  'descrip',
  'status',
  'parent_id',
  'site_id',
  'region_id',
  'zone_id',
  'module_id',
  'data_normalised',
  'meta',
  'created_by',
  'created_date',
  'updated_date',
]);

/** The definition a stored `$$schema` document holds. */
export function definitionOfSchemaDocument(row: Record<string, unknown>): DocumentSchema {
  const definition: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (!DOCUMENT_FIELDS.has(key)) definition[key] = value;
  return { ...definition, version: 3 } as DocumentSchema;
}

export function buildTypeCatalog(
  stored: readonly Record<string, unknown>[],
  isFallback: boolean,
  creatable: ReadonlySet<string> = new Set(),
): TypeCatalog {
  const byName = new Map<string, DocumentSchema>(builtinTypes.map((type) => [type.type, type]));
  const storedIds = new Map<string, number>();
  for (const row of stored) {
    const definition = definitionOfSchemaDocument(row);
    if (typeof definition.type !== 'string' || definition.type === SCHEMA_TYPE) continue;
    byName.set(definition.type, definition);
    storedIds.set(definition.type, Number(row.id));
  }
  byName.set(SCHEMA_TYPE, schemaDocumentType);
  return { types: [...byName.values()], byName, storedIds, isFallback, withheld: new Set(), creatable };
}

/** The catalog of the types the server answered for this member (`$$types`): those, and nothing else. */
export function servedTypeCatalog(served: readonly ClientDocumentType[]): TypeCatalog {
  const byName = new Map<string, DocumentSchema>(served.map(({ access: _access, ...type }) => [type.type, type]));
  const withheld = new Set(builtinTypes.map((type) => type.type).filter((name) => !byName.has(name)));
  return { types: [...byName.values()], byName, storedIds: new Map(), isFallback: false, withheld, creatable: creatableTypes(served) };
}
