/** A grouping value (category, module) as a chip, coloured by the column's `color`. */
import Chip from '@mui/material/Chip';
import { cellLabels } from '../support/cell-value.ts';
import type { CellProps, ColumnTypeEntry } from '../column-type.ts';

function GroupCell({ row, column, ctx }: CellProps) {
  const labels = cellLabels(row, column, ctx.type, ctx.translate);
  return (
    <>
      {labels.map((label) => (
        <Chip key={label} size="small" label={label} sx={column.color ? { bgcolor: column.color, color: 'common.white' } : undefined} />
      ))}
    </>
  );
}

export const entry: ColumnTypeEntry = { type: 'group', Cell: GroupCell };
