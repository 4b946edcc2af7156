/** A colour swatch of the value (e.g. a category's colour), or of the column's own `color`. */
import Box from '@mui/material/Box';
import { cellValue } from '../support/cell-value.ts';
import type { CellProps, ColumnTypeEntry } from '../column-type.ts';

const COLOR = /^(#[0-9a-f]{3,8}|rgba?\(|hsla?\()/i;

function ColorCell({ row, column }: CellProps) {
  const value = cellValue(row, column);
  const color = typeof value === 'string' && COLOR.test(value) ? value : column.color;
  if (!color) return null;
  return (
    <Box
      title={String(value ?? color)}
      sx={{ width: 20, height: 20, borderRadius: '50%', bgcolor: color, border: 1, borderColor: 'divider' }}
    />
  );
}

export const entry: ColumnTypeEntry = { type: 'color', width: () => 56, align: 'center', Cell: ColorCell };
