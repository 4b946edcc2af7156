/** Numbers, right-aligned and grouped in the user's locale. */
import { localeOf } from '../../components/format-date.ts';
import { cellValue } from '../support/cell-value.ts';
import type { CellProps, ColumnTypeEntry } from '../column-type.ts';

function NumberCell({ row, column, ctx }: CellProps) {
  const value = cellValue(row, column);
  const number = typeof value === 'number' ? value : Number(value);
  if (value === undefined || value === null || value === '' || !Number.isFinite(number)) return null;
  return <span>{new Intl.NumberFormat(localeOf(ctx.lang)).format(number)}</span>;
}

export const entry: ColumnTypeEntry = { type: 'number', align: 'right', Cell: NumberCell };
