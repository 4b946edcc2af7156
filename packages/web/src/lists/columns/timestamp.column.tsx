/** A date and time (en-GB for English); `format` such as `YYYY/MM/DD HH:mm` overrides it. */
import { dateTimeLines, formatWithPattern } from '../../components/format-date.ts';
import { cellValue } from '../support/cell-value.ts';
import type { CellProps, ColumnTypeEntry } from '../column-type.ts';

/** Each part unbroken, a break allowed only between the date and the time (dateTimeLines). */
const unbroken = { whiteSpace: 'nowrap' } as const;

function TimestampCell({ row, column, ctx }: CellProps) {
  const value = cellValue(row, column);
  if (column.format) return <span style={unbroken}>{formatWithPattern(value, column.format)}</span>;
  const [date, time] = dateTimeLines(value, ctx.lang);
  return (
    <span>
      <span style={unbroken}>{date}</span>
      {time !== undefined && (
        <>
          {' '}
          <span style={unbroken}>{time}</span>
        </>
      )}
    </span>
  );
}

export const entry: ColumnTypeEntry = { type: 'timestamp', Cell: TimestampCell };
