/** Plain text, cut at 100 characters in a cell (docs/product/forms-and-lists.md#limits); the full text is the tooltip. */
import { truncate, TRUNCATE } from '../../components/format-date.ts';
import { cellLabels, isProtectedFor } from '../support/cell-value.ts';
import type { CellProps, ColumnTypeEntry } from '../column-type.ts';

function TextCell({ row, column, ctx }: CellProps) {
  const { t } = ctx;
  if (isProtectedFor(row, column, ctx.isAdministrator)) return <em>{t('lists.hiddenProtected')}</em>;
  const text = cellLabels(row, column, ctx.type, ctx.translate).join(', ');
  return <span title={text.length > TRUNCATE.tableDescription ? text : undefined}>{truncate(text, TRUNCATE.tableDescription)}</span>;
}

export const entry: ColumnTypeEntry = { type: 'text', Cell: TextCell };
