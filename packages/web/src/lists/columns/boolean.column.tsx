/** true as a tick, false as nothing (a column of ticks scans faster than Yes/No). */
import CheckIcon from '@mui/icons-material/Check';
import { cellValue } from '../support/cell-value.ts';
import type { CellProps, ColumnTypeEntry } from '../column-type.ts';

function BooleanCell({ row, column, ctx }: CellProps) {
  const { t } = ctx;
  const value = cellValue(row, column);
  return value === true || value === 1 ? <CheckIcon fontSize="small" color="success" titleAccess={t('columns.yes')} /> : null;
}

export const entry: ColumnTypeEntry = { type: 'boolean', align: 'center', Cell: BooleanCell };
