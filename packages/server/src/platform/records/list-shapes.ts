/**
 * List shapes (issue 18, docs/product/forms-and-lists.md#list-indexes): what a list asks of the
 * database, reduced to what an index can serve — the fields it compares for equality and the
 * field it is sorted by. `category = 'Injury' AND site_id IN (3, 7) AND priority > 2`, sorted by
 * `incident_date desc`, has the shape `category,site_id | incident_date`: values, ranges, text
 * searches and directions do not change which composite index answers it in one range scan.
 *
 * Derived shapes come from the type's definition: its view's default order, the equality
 * conditions of its default and global filters, the fields of its filter form, and the equality
 * conditions the access row filter adds (site, region).
 */
import {
  checkFilter,
  fieldCatalogOf,
  isArrayType,
  lookupField,
  parseFilter,
  parseOrderBy,
  type DocumentSchema,
  type FieldCatalog,
  type FilterNode,
  type OrderTerm,
} from '@docket/shared';
import { isLocatedType } from '../access/grant-rules.ts';

export interface ListShape {
  /** Fields compared for equality (`=`, `IN`), sorted by name. */
  equality: string[];
  /** The first order field. */
  order: string;
}

/** Lists sort newest first unless the view says otherwise (as `defaultOrderOf` in list-params.ts). */
export const DEFAULT_ORDER_FIELD = 'created_date';

/** Fields the access row filter compares for equality (`site_id IN (…)`, `region_id IN (…)`). */
export const ACCESS_EQUALITY_FIELDS = ['site_id', 'region_id'] as const;

export function shapeKey(shape: ListShape): string {
  return `${shape.equality.join(',')}|${shape.order}`;
}

export function parseShapeKey(key: string): ListShape | null {
  const [equality, order, ...rest] = key.split('|');
  if (rest.length > 0 || !order) return null;
  return { equality: equality ? equality.split(',') : [], order };
}

/** A field a B-tree can hold for equality or order: known, scalar, not long text. */
export function isIndexableField(catalog: FieldCatalog, field: string): boolean {
  const info = lookupField(catalog, field);
  return info !== undefined && !isArrayType(info.type) && info.type !== 'text';
}

/** The fields a filter fixes by equality on every row it keeps (the AND-ed `=` and `IN`). */
export function equalityFieldsOf(node: FilterNode | null): string[] {
  if (!node) return [];
  switch (node.type) {
    case 'and':
      return node.children.flatMap(equalityFieldsOf);
    case 'compare':
      return node.op === '=' ? [node.field] : [];
    case 'in':
      return node.negated ? [] : [node.field];
    default:
      return [];
  }
}

/** The fields a filter fixes to one value on every row it keeps (AND-ed `=`, and `IN` of one value). */
export function singleValueFieldsOf(node: FilterNode | null): string[] {
  if (!node) return [];
  switch (node.type) {
    case 'and':
      return node.children.flatMap(singleValueFieldsOf);
    case 'compare':
      return node.op === '=' ? [node.field] : [];
    case 'in':
      return !node.negated && node.values.length === 1 ? [node.field] : [];
    default:
      return [];
  }
}

/**
 * Whether a filter keeps rows by AND-ed `=` and `IN` conditions alone (or keeps every row), and
 * exclusions of a few ids (`id <> 5`, `id NOT IN (…)`): those drop at most the rows they name, so
 * an index read in order still meets a match at nearly every entry.
 */
export function onlyEqualities(node: FilterNode | null): boolean {
  if (!node) return true;
  switch (node.type) {
    case 'and':
      return node.children.every(onlyEqualities);
    case 'compare':
      return node.op === '=' || isIdExclusion(node);
    case 'in':
      return !node.negated || isIdExclusion(node);
    case 'not':
      return isIdExclusion(node);
    default:
      return false;
  }
}

/**
 * Whether an index whose leading columns hold `fixed`, each fixed to one value, decides every
 * condition of a filter on the entries it reads and keeps nearly all of them: equalities on those
 * fields and exclusions of a few ids (every index entry carries its row's id). A read through that
 * index then stops after its LIMIT and OFFSET (document-pages.ts, `boundedByIndex`).
 */
export function decidedByIndex(node: FilterNode | null, fixed: ReadonlySet<string>): boolean {
  if (!node) return true;
  switch (node.type) {
    case 'const':
      return true;
    case 'and':
      return node.children.every((child) => decidedByIndex(child, fixed));
    case 'compare':
      return (node.op === '=' && fixed.has(node.field)) || isIdExclusion(node);
    case 'in':
      return node.negated ? isIdExclusion(node) : node.values.length === 1 && fixed.has(node.field);
    case 'not':
      return isIdExclusion(node);
    default:
      return false;
  }
}

/** `id <> n`, `id NOT IN (…)` or `NOT id IN (…)`: drops at most the rows it names. */
function isIdExclusion(node: FilterNode): boolean {
  switch (node.type) {
    case 'compare':
      return node.op === '!=' && node.field === 'id';
    case 'in':
      return node.negated && node.field === 'id';
    case 'not':
      return (node.child.type === 'in' && !node.child.negated) || (node.child.type === 'compare' && node.child.op === '=')
        ? node.child.field === 'id'
        : false;
    default:
      return false;
  }
}

/** The shape of one list request: its row filter and filter's equality fields, and its first order field. */
export function shapeOf(catalog: FieldCatalog, filters: (FilterNode | null)[], order: readonly OrderTerm[]): ListShape {
  const equality = new Set<string>();
  for (const filter of filters) for (const field of equalityFieldsOf(filter)) if (isIndexableField(catalog, field)) equality.add(field);
  const orderField = order[0]?.field ?? DEFAULT_ORDER_FIELD;
  equality.delete(orderField);
  return { equality: [...equality].sort(), order: orderField };
}

function parsedFilter(text: string | undefined, catalog: FieldCatalog): FilterNode | null {
  if (!text?.trim()) return null;
  try {
    return checkFilter(parseFilter(text), catalog);
  } catch {
    return null;
  }
}

export function defaultOrderFieldOf(type: DocumentSchema, catalog: FieldCatalog): string {
  try {
    return parseOrderBy(type.view?.defaultOrder, catalog)[0]?.field ?? DEFAULT_ORDER_FIELD;
  } catch {
    return DEFAULT_ORDER_FIELD;
  }
}

/**
 * The shapes a type's lists ask for by design: the default order alone, and each equality field
 * (filter form fields, default and global filter conditions, access fields) before it.
 */
export function derivedShapesOf(type: DocumentSchema): ListShape[] {
  const catalog = fieldCatalogOf(type, { canSeeProtected: true });
  const order = defaultOrderFieldOf(type, catalog);
  const candidates = new Set<string>();
  if (isLocatedType(type)) for (const field of ACCESS_EQUALITY_FIELDS) candidates.add(field);
  for (const text of [type.filter?.defaultFilter, type.filter?.globalFilter])
    for (const field of equalityFieldsOf(parsedFilter(text, catalog))) candidates.add(field);
  const formFields = (type.filter?.schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  for (const field of Object.keys(formFields)) candidates.add(field);
  const shapes: ListShape[] = [{ equality: [], order }];
  for (const field of candidates) {
    if (field === order || !isIndexableField(catalog, field)) continue;
    // Dates and timestamps are filtered by ranges, which cannot come before the order field.
    const kind = lookupField(catalog, field)!.type;
    if (kind === 'date' || kind === 'datetime') continue;
    shapes.push({ equality: [field], order });
  }
  return shapes;
}

/** Every field a filter names (leaves of any kind). */
export function filterFieldsOf(node: FilterNode | null): string[] {
  if (!node) return [];
  switch (node.type) {
    case 'and':
    case 'or':
      return node.children.flatMap(filterFieldsOf);
    case 'not':
      return filterFieldsOf(node.child);
    case 'const':
      return [];
    default:
      return [node.field];
  }
}

/** The fields of the type's default filter (what the web's first page of a list asks). */
export function defaultFilterFieldsOf(type: DocumentSchema, catalog: FieldCatalog): string[] {
  return [...new Set(filterFieldsOf(parsedFilter(type.filter?.defaultFilter, catalog)))];
}
