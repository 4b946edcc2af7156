/** The display id, linking to the document. */
import Link from '@mui/material/Link';
import { cellValue } from '../support/cell-value.ts';
import type { CellProps, ColumnTypeEntry } from '../column-type.ts';

function IdCell({ row, column, ctx }: CellProps) {
  const value = cellValue(row, column) ?? row.display_id ?? row.id;
  const text = value === undefined || value === null ? '' : String(value);
  const href = ctx.hrefOf(row);
  if (!href) return <span style={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{text}</span>;
  return (
    // A plain hash link: the hash router follows it, and a list of 60 rows skips 60 router links' hooks.
    <Link href={`#${href}`} underline="hover" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} onClick={(event) => event.stopPropagation()}>
      {text}
    </Link>
  );
}

export const entry: ColumnTypeEntry = { type: 'id', Cell: IdCell };
