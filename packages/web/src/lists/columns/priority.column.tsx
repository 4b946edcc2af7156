/** Priority: its label, with a flag above 2 that turns red above 5 (docs/product/forms-and-lists.md#columns). */
import Stack from '@mui/material/Stack';
import FlagIcon from '@mui/icons-material/Flag';
import { cellLabels, cellValue } from '../support/cell-value.ts';
import type { CellProps, ColumnTypeEntry } from '../column-type.ts';

export const PRIORITY_FLAG_ABOVE = 2;
export const PRIORITY_RED_ABOVE = 5;

function PriorityCell({ row, column, ctx }: CellProps) {
  const { t } = ctx;
  const value = Number(cellValue(row, column));
  const label = cellLabels(row, column, ctx.type, ctx.translate).join(', ');
  if (!Number.isFinite(value)) return null;
  const hasFlag = value > PRIORITY_FLAG_ABOVE;
  const isRed = value > PRIORITY_RED_ABOVE;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {hasFlag && (
        <FlagIcon
          fontSize="small"
          color={isRed ? 'error' : 'warning'}
          titleAccess={t('columns.priority', { value: String(value) })}
          data-testid={isRed ? 'priority-flag-red' : 'priority-flag'}
        />
      )}
      <span>{label}</span>
    </Stack>
  );
}

export const entry: ColumnTypeEntry = { type: 'priority', Cell: PriorityCell };
