/** A calendar date; `format` (e.g. `DD/MM/YYYY`) overrides the locale's form. */
import { formatDate, formatWithPattern } from '../../components/format-date.ts';
import { cellValue } from '../support/cell-value.ts';
import type { CellProps, ColumnTypeEntry } from '../column-type.ts';

function DateCell({ row, column, ctx }: CellProps) {
  const value = cellValue(row, column);
  return <span>{column.format ? formatWithPattern(value, column.format) : formatDate(value, ctx.lang)}</span>;
}

export const entry: ColumnTypeEntry = { type: 'date', Cell: DateCell };
