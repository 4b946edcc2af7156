/** A chosen option or referenced record, by its label (site names, option titles). */
import { cellLabels, isProtectedFor } from '../support/cell-value.ts';
import type { CellProps, ColumnTypeEntry } from '../column-type.ts';

function EnumCell({ row, column, ctx }: CellProps) {
  const { t } = ctx;
  if (isProtectedFor(row, column, ctx.isAdministrator)) return <em>{t('lists.hiddenProtected')}</em>;
  return <span>{cellLabels(row, column, ctx.type, ctx.translate).join(', ')}</span>;
}

export const entry: ColumnTypeEntry = { type: 'enum', Cell: EnumCell };
