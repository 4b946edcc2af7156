/**
 * The selection checkbox. Rows are selectable with edit rights, or by anyone when the column
 * allows read-select (docs/product/forms-and-lists.md#list-view); the table adds this column when a view lists none.
 */
import Checkbox from '@mui/material/Checkbox';
import type { CellProps, ColumnTypeEntry } from '../column-type.ts';

function SelectorCell({ row, ctx }: CellProps) {
  const { t } = ctx;
  const selection = ctx.selection;
  if (!selection) return null;
  const name = String(row.display_id ?? row.summary ?? row.id ?? '');
  return (
    <Checkbox
      size="small"
      disableRipple
      checked={selection.isSelected(row)}
      disabled={!selection.canSelect(row)}
      onClick={(event) => event.stopPropagation()}
      onChange={() => selection.toggle(row)}
      slotProps={{ input: { 'aria-label': t('lists.selectRow', { name }) } }}
    />
  );
}

export const entry: ColumnTypeEntry = { type: 'selector', width: () => 48, align: 'center', Cell: SelectorCell };
