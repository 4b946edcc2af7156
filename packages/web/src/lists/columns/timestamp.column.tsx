/** A date and time (en-GB for English); `format` such as `YYYY/MM/DD HH:mm` overrides it. */
import { formatDateTime, formatWithPattern } from '../../components/format-date.ts';
import { cellValue } from '../support/cell-value.ts';
import type { CellProps, ColumnTypeEntry } from '../column-type.ts';

function TimestampCell({ row, column, ctx }: CellProps) {
  const value = cellValue(row, column);
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {column.format ? formatWithPattern(value, column.format) : formatDateTime(value, ctx.lang)}
    </span>
  );
}

export const entry: ColumnTypeEntry = { type: 'timestamp', Cell: TimestampCell };
