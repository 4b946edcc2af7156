/** The row's menu of actions (Open, Edit, Delete…), provided by the screen that shows the list. */
import type { CellProps, ColumnTypeEntry } from '../column-type.ts';

function ActionsCell({ row, ctx }: CellProps) {
  return <>{ctx.renderActions?.(row) ?? null}</>;
}

export const entry: ColumnTypeEntry = { type: 'actions', width: () => 56, align: 'right', Cell: ActionsCell };
