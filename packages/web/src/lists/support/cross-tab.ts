/** Group rows (`{category, status, count, data_normalised}`) folded into a cross-tab with totals. */
import type { GroupRow } from '@docket/shared';

export interface CrossTabKey {
  id: string;
  value: string | number | boolean | null;
  label: string;
}

export interface CrossTab {
  rows: CrossTabKey[];
  columns: CrossTabKey[];
  total: number;
  count: (row: CrossTabKey, column: CrossTabKey) => number;
  rowTotal: (row: CrossTabKey) => number;
  columnTotal: (column: CrossTabKey) => number;
}

function keyOf(group: GroupRow, field: string, noneLabel: string): CrossTabKey {
  const raw = group[field];
  const value = raw === undefined || raw === null ? null : (raw as string | number | boolean);
  const named = group.data_normalised?.[field];
  const label = value === null || value === '' ? noneLabel : typeof named === 'string' ? named : String(value);
  return { id: value === null ? '\u0000' : String(value), value, label };
}

export function crossTab(groups: readonly GroupRow[], rowField: string, columnField: string, noneLabel: string): CrossTab {
  const rows = new Map<string, CrossTabKey>();
  const columns = new Map<string, CrossTabKey>();
  const cells = new Map<string, number>();
  for (const group of groups) {
    const row = keyOf(group, rowField, noneLabel);
    const column = keyOf(group, columnField, noneLabel);
    rows.set(row.id, row);
    columns.set(column.id, column);
    const key = `${row.id}\u0001${column.id}`;
    cells.set(key, (cells.get(key) ?? 0) + Number(group.count));
  }
  const byLabel = (a: CrossTabKey, b: CrossTabKey) => (a.value === null ? 1 : b.value === null ? -1 : a.label.localeCompare(b.label));
  const count = (row: CrossTabKey, column: CrossTabKey) => cells.get(`${row.id}\u0001${column.id}`) ?? 0;
  const rowList = [...rows.values()].sort(byLabel);
  const columnList = [...columns.values()].sort(byLabel);
  return {
    rows: rowList,
    columns: columnList,
    count,
    rowTotal: (row) => columnList.reduce((sum, column) => sum + count(row, column), 0),
    columnTotal: (column) => rowList.reduce((sum, row) => sum + count(row, column), 0),
    total: [...cells.values()].reduce((sum, n) => sum + n, 0),
  };
}
