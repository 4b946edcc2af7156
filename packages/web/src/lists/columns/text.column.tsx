/**
 * Plain text, cut at 100 characters in a cell (docs/product/forms-and-lists.md#limits) and held
 * to two lines, never a column of nine (docs/product/forms-and-lists.md#columns): the cell keeps
 * a readable width and the full text is its tooltip.
 */
import Box from '@mui/material/Box';
import { truncate, TRUNCATE } from '../../components/format-date.ts';
import { cellLabels, isProtectedFor } from '../support/cell-value.ts';
import type { CellProps, ColumnTypeEntry } from '../column-type.ts';

/** Lines a text cell shows at most. */
export const TEXT_CELL_LINES = 2;

function TextCell({ row, column, ctx }: CellProps) {
  const { t } = ctx;
  if (isProtectedFor(row, column, ctx.isAdministrator)) return <em>{t('lists.hiddenProtected')}</em>;
  const text = cellLabels(row, column, ctx.type, ctx.translate).join(', ');
  const isLong = text.length > 40;
  return (
    <Box
      component="span"
      title={isLong ? text : undefined}
      data-testid="text-cell"
      sx={
        isLong
          ? {
              display: '-webkit-box',
              WebkitLineClamp: TEXT_CELL_LINES,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              minWidth: { xs: '10rem', md: '14rem' },
              maxWidth: '28rem',
            }
          : twoLinesWide(text)
      }
    >
      {truncate(text, TRUNCATE.tableDescription)}
    </Box>
  );
}

/**
 * A text of a few words keeps the width of half its characters, so it takes two
 * lines rather than one word a line when the table is short of room: without it, a 30-character
 * summary beside ten other columns took four lines of one or two words (1366 px, pinned menu).
 * A `ch` is the width of a digit, a little wider than the average letter.
 */
function twoLinesWide(text: string) {
  if (text.length <= 12 || !text.includes(' ')) return undefined;
  return { display: 'inline-block', minWidth: `${Math.ceil(text.length / TEXT_CELL_LINES)}ch` };
}

export const entry: ColumnTypeEntry = { type: 'text', Cell: TextCell };
