/**
 * What a filter may refer to: one entry per field path, built from a document type's schema (plus
 * the promoted columns) and the caller's field permissions. The checker and the SQL compiler take
 * names from here only, never from the filter text (docs/product/security.md#lesson-1, #lesson-2).
 */
export type FieldType =
  | 'string'
  | 'text'
  | 'number'
  | 'integer'
  | 'boolean'
  /** ISO date `YYYY-MM-DD`. */
  | 'date'
  /** ISO UTC timestamp `YYYY-MM-DDTHH:mm:ss.sssZ`. */
  | 'datetime'
  | 'string[]'
  | 'number[]';

export interface FieldInfo {
  type: FieldType;
  /** Promoted SQL column holding the value; without it the value lives in the JSON `data` column at the same path. */
  column?: string;
  /**
   * A field of `data` whose typed value a column holds as well (the server's stored order values
   * on PostgreSQL): ordered and compared through that column, tested for presence in `data`.
   */
  orderColumn?: string;
  /** false: the caller may not reference the field (protected/private); it behaves as unknown. */
  readable?: boolean;
}

export type FieldCatalog = Readonly<Record<string, FieldInfo>>;

/** The scalar kind a value of this field has (element kind for arrays). */
export type ScalarKind = 'string' | 'number' | 'boolean';

export function scalarKindOf(type: FieldType): ScalarKind {
  switch (type) {
    case 'number':
    case 'integer':
    case 'number[]':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return 'string';
  }
}

export function isArrayType(type: FieldType): boolean {
  return type === 'string[]' || type === 'number[]';
}

export function isTextType(type: FieldType): boolean {
  return type === 'string' || type === 'text';
}

export function isDateType(type: FieldType): boolean {
  return type === 'date' || type === 'datetime';
}

/** Types with a meaningful order for < <= > >= and BETWEEN. Long text and booleans have none. */
export function isOrderedType(type: FieldType): boolean {
  return type === 'string' || type === 'number' || type === 'integer' || isDateType(type);
}

/**
 * Own-property lookup: a plain `catalog[name]` would find `constructor` or `toString` on
 * Object.prototype and treat them as fields.
 */
export function lookupField(catalog: FieldCatalog, field: string): FieldInfo | undefined {
  return Object.hasOwn(catalog, field) ? catalog[field] : undefined;
}
