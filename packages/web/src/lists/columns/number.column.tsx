/** Numbers, right-aligned and grouped in the user's locale. */
import { localeOf } from '../../components/format-date.ts';
import { cellValue } from '../support/cell-value.ts';
import type { CellProps, ColumnTypeEntry } from '../column-type.ts';

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string): Intl.NumberFormat {
  let found = numberFormats.get(locale);
  if (!found) numberFormats.set(locale, (found = new Intl.NumberFormat(locale)));
  return found;
}

function NumberCell({ row, column, ctx }: CellProps) {
  const value = cellValue(row, column);
  const number = typeof value === 'number' ? value : Number(value);
  if (value === undefined || value === null || value === '' || !Number.isFinite(number)) return null;
  return <span>{numberFormat(localeOf(ctx.lang)).format(number)}</span>;
}

export const entry: ColumnTypeEntry = { type: 'number', align: 'right', Cell: NumberCell };
