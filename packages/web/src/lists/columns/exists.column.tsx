/** A tick when the field has any value (e.g. "has an action"). */
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import { cellValue } from '../support/cell-value.ts';
import type { CellProps, ColumnTypeEntry } from '../column-type.ts';

function ExistsCell({ row, column, ctx }: CellProps) {
  const { t } = ctx;
  const value = cellValue(row, column);
  const isPresent = !(value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0));
  return isPresent ? <CheckCircleIcon fontSize="small" color="action" titleAccess={t('columns.exists')} /> : null;
}

export const entry: ColumnTypeEntry = { type: 'exists', align: 'center', Cell: ExistsCell };
