/**
 * What a column shows for a row (docs/product/forms-and-lists.md#columns): the value at `id` (a dotted path),
 * each item's `arrayId` for lists of objects, the `subId` of an object (a risk's criticality),
 * else the column's `defaultValue`. Labels of referenced ids come from the server's
 * `data_normalised`, else from the schema's option titles (or a plain enum's value), translated
 * with the type's own translations.
 */
import type { DocumentSchema, JsonSchema, TableColumn } from '@docket/shared';

export type Row = Record<string, unknown>;

function readPath(row: unknown, path: string): unknown {
  let current = row;
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/**
 * Record dates a view names as columns (`created_date`, the Created column) that the server answers
 * under `meta`, not among the document's fields.
 */
const META_COLUMNS: ReadonlySet<string> = new Set(['created_date', 'updated_date']);

export function cellValue(row: Row, column: TableColumn): unknown {
  let value = readPath(row, column.id);
  if (value === undefined && META_COLUMNS.has(column.id)) value = readPath(row.meta, column.id);
  if (column.arrayId && Array.isArray(value))
    value = value.map((item) => (item && typeof item === 'object' ? (item as Row)[column.arrayId as string] : undefined));
  if (column.subId && value && typeof value === 'object' && !Array.isArray(value)) value = (value as Row)[column.subId];
  if ((value === undefined || value === null) && column.defaultValue !== undefined) value = column.defaultValue;
  return value;
}

/**
 * The English text to show for a value: its option title (`oneOf`), or the value itself when it is
 * one of a plain `enum`'s strings (those are written in English too and translated the same way).
 */
function optionTitle(schema: JsonSchema | undefined, value: unknown): string | undefined {
  const options = schema?.oneOf ?? (schema?.type === 'array' ? schema.items?.oneOf : undefined);
  const title = options?.find((option) => option.const === value)?.title;
  if (title !== undefined) return title;
  const values = schema?.enum ?? (schema?.type === 'array' ? schema.items?.enum : undefined);
  return typeof value === 'string' && values?.includes(value) ? value : undefined;
}

/** A display text for each value (one per item for lists). */
export function cellLabels(row: Row, column: TableColumn, type: DocumentSchema | undefined, translate: (text: string) => string): string[] {
  const value = cellValue(row, column);
  const values = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];
  const normalised = !column.subId ? (row.data_normalised as Row | undefined)?.[column.id] : undefined;
  if (normalised !== undefined && normalised !== null) {
    const names = Array.isArray(normalised) ? normalised : [normalised];
    return names.map(String);
  }
  const schema = type?.form?.schema.properties?.[column.id];
  return values.map((item) => {
    if (item && typeof item === 'object' && 'label' in item) return String((item as { label: unknown }).label);
    const title = optionTitle(column.subId ? schema?.properties?.[column.subId] : schema, item);
    return title ? translate(title) : typeof item === 'object' ? JSON.stringify(item) : String(item);
  });
}

/** Whether the row's protected values are hidden from this user ('Hidden (Protected)', '?'). */
export function isProtectedFor(row: Row, column: TableColumn, isAdministrator: boolean): boolean {
  if (!column.protected || isAdministrator) return false;
  const access = (row.meta as { access?: { editor?: boolean } } | undefined)?.access;
  return access?.editor !== true;
}
