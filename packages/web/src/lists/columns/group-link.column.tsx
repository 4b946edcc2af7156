/**
 * A link to the document this row belongs to (its parent or group). The column's `format` names
 * the linked type, e.g. `{id: 'parent_id', type: 'groupLink', format: 'incident'}`; the label is
 * the server's `data_normalised` text, else the id.
 */
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { cellLabels, cellValue } from '../support/cell-value.ts';
import type { CellProps, ColumnTypeEntry } from '../column-type.ts';

function GroupLinkCell({ row, column, ctx }: CellProps) {
  const value = cellValue(row, column);
  if (value === undefined || value === null || value === '') return null;
  const label = cellLabels(row, column, ctx.type, ctx.translate).join(', ') || String(value);
  if (!column.format) return <span>{label}</span>;
  return (
    <Link
      component={RouterLink}
      to={`/docs/${encodeURIComponent(column.format)}/${encodeURIComponent(String(value))}`}
      onClick={(event) => event.stopPropagation()}
    >
      {label}
    </Link>
  );
}

export const entry: ColumnTypeEntry = { type: 'groupLink', Cell: GroupLinkCell };
