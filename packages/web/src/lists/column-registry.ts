/** Column types by name, collected from `columns/*.column.tsx`; unknown types render as text. */
import type { TableColumn } from '@docket/shared';
import type { ColumnTypeEntry } from './column-type.ts';

const modules = import.meta.glob<ColumnTypeEntry>('./columns/*.column.tsx', { eager: true, import: 'entry' });
const byType = new Map(Object.values(modules).map((entry) => [entry.type, entry]));

export function columnTypeOf(column: TableColumn): ColumnTypeEntry {
  const name = column.type ?? (column.numeric ? 'number' : 'text');
  return byType.get(name) ?? (byType.get('text') as ColumnTypeEntry);
}

export function registeredColumnTypes(): string[] {
  return [...byType.keys()].sort();
}
