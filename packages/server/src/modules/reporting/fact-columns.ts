/**
 * The fields a report's aggregates read, each read from a document once. In the facts query's
 * materialised step every scalar field the filters and sums use becomes a column (`c0`, `c1`…, its
 * typed JSON read or promoted column, booleans as 1/0); the filters are then compiled against a
 * catalog that places those fields in the columns, so a field several filters test is read once
 * per document instead of once per filter. Array fields stay in the JSON (`data` is carried along
 * then), since a column holds one value.
 */
import { sql, type RawBuilder } from 'kysely';
import { isArrayType, lookupField, type FieldCatalog, type FieldInfo, type FilterNode } from '@docket/shared';
import type { DialectName } from '../../platform/db/database.ts';
import { fieldSql } from '../../platform/records/field-sql.ts';

type Sql = RawBuilder<unknown>;

export interface FactColumns {
  /** Select items of the materialised step (`<expression> AS c0`…; `d.data AS data` when needed). */
  selects: Sql[];
  /** The catalog the filters and sums compile against, reading from the materialised step. */
  catalog: FieldCatalog;
}

function collectFields(node: FilterNode, into: Set<string>): void {
  if (node.type === 'and' || node.type === 'or') for (const child of node.children) collectFields(child, into);
  else if (node.type === 'not') collectFields(node.child, into);
  else if ('field' in node) into.add(node.field);
}

export function factColumnsOf(
  dialect: DialectName,
  catalog: FieldCatalog,
  filters: readonly (FilterNode | null)[],
  sumFields: readonly string[],
): FactColumns {
  const fields = new Set<string>(sumFields);
  for (const filter of filters) if (filter) collectFields(filter, fields);
  const derived: Record<string, FieldInfo> = { ...catalog };
  const selects: Sql[] = [];
  let needsData = false;
  let index = 0;
  for (const field of [...fields].sort()) {
    const info = lookupField(catalog, field);
    if (!info) continue; // the compiler reports it
    if (isArrayType(info.type)) {
      needsData = true;
      continue;
    }
    const column = `c${index++}`;
    const { expr } = fieldSql(dialect, catalog, field, 'd');
    // The compiler compares a column's booleans with 1 and 0 (as it does for promoted flags).
    const value = info.type === 'boolean' && dialect === 'postgres' ? sql`cast(${expr} as integer)` : expr;
    selects.push(sql`${value} AS ${sql.ref(column)}`);
    derived[field] = { ...info, column };
  }
  if (needsData) selects.push(sql`d.data AS data`);
  return { selects, catalog: derived };
}
