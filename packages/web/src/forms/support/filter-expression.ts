/**
 * A filter form's data → a filter-language expression (docs/filter-language.md), built as a
 * syntax tree with the shared builders and printed, so user text is always a quoted literal and
 * never part of the syntax. Each field also gives a chip the list shows and can remove.
 *
 * Field by field: lists become IN (or CONTAINS-any on list fields), booleans and numbers `=`,
 * free text CONTAINS (case-insensitive), chosen options `=`, date ranges `>=`/`<=`. Values kept
 * as `{value, label}` (returnObject, and every lookup in filter mode) filter on `value` and show
 * `label`. `orderBy` is the sort, not a condition.
 */
import {
  andAll,
  compareField,
  containsValue,
  eq,
  inList,
  isArrayType,
  lookupField,
  orAny,
  printFilter,
  type FieldCatalog,
  type FieldInfo,
  type FilterNode,
  type JsonSchema,
} from '@docket/shared';

export interface FilterChip {
  field: string;
  label: string;
  value: string;
}

export interface FilterOutcome {
  expression: string;
  order: string | undefined;
  chips: FilterChip[];
}

export interface DateRangeValue {
  startDate?: string;
  endDate?: string;
  label?: string;
}

type Scalar = string | number | boolean;

const ORDER_FIELDS = new Set(['orderBy', 'order']);

function isDateRange(value: unknown): value is DateRangeValue {
  return !!value && typeof value === 'object' && ('startDate' in value || 'endDate' in value);
}

function scalarOf(value: unknown): Scalar | undefined {
  if (value && typeof value === 'object' && 'value' in value) return scalarOf((value as { value: unknown }).value);
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
}

function labelOf(value: unknown, schema: JsonSchema | undefined, translate: (text: string) => string): string {
  if (value && typeof value === 'object' && 'label' in value && typeof (value as { label: unknown }).label === 'string')
    return (value as { label: string }).label;
  const scalar = scalarOf(value);
  const options = schema?.oneOf ?? (schema?.type === 'array' ? schema.items?.oneOf : undefined);
  const titled = options?.find((option) => option.const === scalar);
  if (titled?.title) return translate(titled.title);
  return scalar === undefined ? '' : String(scalar);
}

function isChoice(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  return Boolean(schema.enum || schema.oneOf || schema['x-lookup'] || schema.const !== undefined);
}

function endOfDay(date: string, info: FieldInfo): string {
  return info.type === 'datetime' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T23:59:59.999Z` : date;
}

function rangeNode(field: string, range: DateRangeValue, info: FieldInfo): FilterNode | null {
  const parts: FilterNode[] = [];
  if (range.startDate) parts.push(compareField(field, '>=', range.startDate));
  if (range.endDate) parts.push(compareField(field, '<=', endOfDay(range.endDate, info)));
  return parts.length ? andAll(parts) : null;
}

function nodeFor(field: string, value: unknown, info: FieldInfo, schema: JsonSchema | undefined): FilterNode | null {
  if (isDateRange(value)) return rangeNode(field, value, info);
  if (Array.isArray(value)) {
    const values = value.map(scalarOf).filter((v): v is Scalar => v !== undefined);
    if (values.length === 0) return null;
    return isArrayType(info.type) ? orAny(values.map((v) => containsValue(field, v))) : inList(field, values);
  }
  const scalar = scalarOf(value);
  if (scalar === undefined || scalar === '') return null;
  if (isArrayType(info.type)) return containsValue(field, scalar);
  if (typeof scalar === 'string' && (info.type === 'string' || info.type === 'text') && !isChoice(schema))
    return containsValue(field, scalar);
  if (info.type === 'datetime' && typeof scalar === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(scalar))
    return rangeNode(field, { startDate: scalar, endDate: scalar }, info);
  return eq(field, scalar);
}

function chipValue(value: unknown, schema: JsonSchema | undefined, translate: (text: string) => string): string {
  if (isDateRange(value)) return value.label ?? [value.startDate, value.endDate].filter(Boolean).join(' – ');
  if (Array.isArray(value)) return value.map((item) => labelOf(item, schema, translate)).join(', ');
  return labelOf(value, schema, translate);
}

function orderOf(value: unknown): string | undefined {
  const text = scalarOf(value);
  return typeof text === 'string' && text.trim() ? text.trim() : undefined;
}

export function filterFromData(
  data: Readonly<Record<string, unknown>> | undefined,
  schema: JsonSchema,
  catalog: FieldCatalog,
  translate: (text: string) => string,
): FilterOutcome {
  const nodes: FilterNode[] = [];
  const chips: FilterChip[] = [];
  let order: string | undefined;
  for (const [field, value] of Object.entries(data ?? {})) {
    if (ORDER_FIELDS.has(field)) {
      order = orderOf(value) ?? order;
      continue;
    }
    const info = lookupField(catalog, field);
    const propertySchema = schema.properties?.[field];
    if (!info || info.readable === false) continue;
    const node = nodeFor(field, value, info, propertySchema);
    if (!node) continue;
    nodes.push(node);
    chips.push({ field, label: translate(propertySchema?.title ?? field), value: chipValue(value, propertySchema, translate) });
  }
  // One flat AND reads better than nested ones: a range's two bounds join the other conditions.
  const flat = nodes.flatMap((node) => (node.type === 'and' ? node.children : [node]));
  return { expression: flat.length ? printFilter(andAll(flat)) : '', order, chips };
}
