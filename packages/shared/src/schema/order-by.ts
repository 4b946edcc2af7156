/**
 * The list API's `order` ('created_date desc, summary asc') and `group_by` ('category,status')
 * parameters, checked against the same field catalog as filters: a field the caller may not read
 * cannot be sorted or grouped on either (docs/product/security.md#lesson-8: sort and aggregates are oracles too).
 */
import { isValidFieldPath } from '../filter/field-path.ts';
import { isArrayType, lookupField, type FieldCatalog } from '../filter/field-catalog.ts';

export interface OrderTerm {
  field: string;
  direction: 'asc' | 'desc';
}

export const MAX_ORDER_TERMS = 3;
export const MAX_GROUP_FIELDS = 3;

export class QueryParameterError extends Error {
  override readonly name = 'QueryParameterError';
}

/** Scalar, readable fields: long text (descrip) and arrays have no useful order or groups. */
export function isSortableField(catalog: FieldCatalog, field: string): boolean {
  if (!isValidFieldPath(field)) return false;
  const info = lookupField(catalog, field);
  return info !== undefined && info.readable !== false && info.type !== 'text' && !isArrayType(info.type);
}

export function parseOrderBy(text: string | undefined, catalog: FieldCatalog): OrderTerm[] {
  if (!text?.trim()) return [];
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length > MAX_ORDER_TERMS) throw new QueryParameterError(`Invalid order: at most ${MAX_ORDER_TERMS} fields`);
  const seen = new Set<string>();
  return parts.map((part) => {
    const [field = '', direction = 'asc', ...rest] = part.split(/\s+/);
    const dir = direction.toLowerCase();
    if (rest.length > 0 || (dir !== 'asc' && dir !== 'desc')) throw new QueryParameterError(`Invalid order: ${part.slice(0, 100)}`);
    if (!isSortableField(catalog, field)) throw new QueryParameterError(`Cannot order by field: ${field.slice(0, 100)}`);
    if (seen.has(field)) throw new QueryParameterError(`Invalid order: ${field} appears twice`);
    seen.add(field);
    return { field, direction: dir };
  });
}

export function parseGroupBy(text: string | undefined, catalog: FieldCatalog): string[] {
  if (!text?.trim()) return [];
  const fields = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (fields.length > MAX_GROUP_FIELDS) throw new QueryParameterError(`Invalid group_by: at most ${MAX_GROUP_FIELDS} fields`);
  for (const field of fields) {
    if (!isSortableField(catalog, field)) throw new QueryParameterError(`Cannot group by field: ${field.slice(0, 100)}`);
  }
  if (new Set(fields).size !== fields.length) throw new QueryParameterError('Invalid group_by: a field appears twice');
  return fields;
}
