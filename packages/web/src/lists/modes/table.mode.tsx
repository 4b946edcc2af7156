/**
 * Table mode: a sortable header with select-all (limited to the rows the user may select,
 * docs/product/forms-and-lists.md#list-view) and one cell per column from the column-type registry. Density pads cells 2/4/8 px.
 */
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TableChartIcon from '@mui/icons-material/TableChartOutlined';
import { useTranslation } from 'react-i18next';
import type { TableColumn } from '@docket/shared';
import { columnTypeOf } from '../column-registry.ts';
import { DENSITY_PADDING_PX } from '../list-preferences.ts';
import type { ListModeEntry, ListModeProps } from '../list-mode.ts';
import { useClickWithoutDrag } from '../support/click-without-drag.ts';
import type { Row } from '../support/cell-value.ts';

function sortState(order: string | undefined, column: TableColumn): 'asc' | 'desc' | false {
  const [field, direction] = (order ?? '').split(',')[0]?.trim().split(/\s+/) ?? [];
  return field === (column.sortId ?? column.id) ? (direction === 'desc' ? 'desc' : 'asc') : false;
}

/**
 * The sort arrow drawn in the gap between two headers (the cells' 12 px paddings) instead of
 * beside its label: an arrow that takes its own 26 px widened every sortable column, and an 11-
 * column incident list beside the pinned menu scrolled sideways at 1366 px wide, its Status column
 * out of sight (docs/product/forms-and-lists.md#columns). Right-aligned headers keep it on their
 * left, towards the gap they start at. Never moves the label, sorted or not.
 */
/**
 * A cell's padding on each side: the 16 px sort arrow and its 2 px margin fit in the 20 px between
 * two headers. With 12 px, the incident list's eleven columns pushed its status chips beyond a
 * 1366 px screen once its summaries kept two lines (docs/product/forms-and-lists.md#columns).
 */
const CELL_SIDE_PADDING_PX = 10;

function sortArrowInPadding(align: string | undefined) {
  const side = align === 'right' ? { right: '100%', mr: '2px' } : { left: '100%', ml: '2px' };
  return { position: 'relative', '& .MuiTableSortLabel-icon': { position: 'absolute', m: 0, fontSize: 16, ...side } } as const;
}

function TableMode({
  rows,
  columns,
  type,
  cell,
  density,
  order,
  onSort,
  onOpen,
  selectable,
  onSelectAll,
  selectedCount,
  emptyText,
}: ListModeProps) {
  const { t } = useTranslation();
  const click = useClickWithoutDrag<Row>(onOpen);
  const padding = `${DENSITY_PADDING_PX[density]}px ${CELL_SIDE_PADDING_PX}px`;
  const shown =
    cell.selection && !columns.some((c) => c.type === 'selector')
      ? [{ id: '__select', type: 'selector' } as TableColumn, ...columns]
      : columns;
  const isAllSelected = selectable.length > 0 && selectedCount >= selectable.length;
  return (
    <TableContainer component={Paper} data-testid="list-table">
      <Table size={density === 'large' ? 'medium' : 'small'} sx={{ '& td, & th': { p: padding } }}>
        <TableHead>
          <TableRow>
            {shown.map((column) => {
              const entry = columnTypeOf(column);
              const width = entry.width?.(column, type) ?? column['ui:options']?.width;
              const label = cell.translate(column.label ?? '');
              const sorted = sortState(order, column);
              return (
                <TableCell
                  key={`${column.id}-${column.subId ?? ''}`}
                  align={(column['ui:options']?.align as 'left') ?? entry.align}
                  sx={{ width, fontWeight: 600, whiteSpace: 'nowrap' }}
                  sortDirection={sorted}
                >
                  {column.type === 'selector' || column.id === '__select' ? (
                    <Checkbox
                      size="small"
                      checked={isAllSelected}
                      indeterminate={selectedCount > 0 && !isAllSelected}
                      disabled={selectable.length === 0}
                      onChange={(event) => onSelectAll(event.target.checked)}
                      slotProps={{ input: { 'aria-label': t('lists.selectAll') } }}
                    />
                  ) : column.sort ? (
                    <TableSortLabel
                      active={sorted !== false}
                      direction={sorted || 'asc'}
                      onClick={() => onSort(column.sortId ?? column.id)}
                      aria-label={t('lists.sortBy', { label })}
                      sx={sortArrowInPadding(column['ui:options']?.align ?? entry.align)}
                    >
                      {label}
                    </TableSortLabel>
                  ) : (
                    label
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              {/* An empty table keeps its columns: they say what would be listed. */}
              <TableCell colSpan={shown.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                {/* The cell spans a table that may be wider than the screen: the message stays in
                    the visible part (about a screen wide, held at the left edge while scrolling). */}
                <Box component="span" sx={{ display: 'block', position: 'sticky', left: 0, maxWidth: 'calc(100vw - 64px)' }}>
                  {emptyText ?? t('lists.empty')}
                </Box>
              </TableCell>
            </TableRow>
          )}
          {rows.map((row, index) => (
            <TableRow
              key={String(row.id ?? row.uuid ?? index)}
              hover
              onMouseDown={click.onMouseDown}
              onClick={(event) => click.onClick(event, row)}
              sx={{ cursor: 'pointer' }}
              data-testid="list-row"
            >
              {shown.map((column) => {
                const entry = columnTypeOf(column);
                return (
                  <TableCell
                    key={`${column.id}-${column.subId ?? ''}`}
                    align={(column['ui:options']?.align as 'left' | undefined) ?? entry.align}
                  >
                    <entry.Cell row={row} column={column} ctx={cell} />
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export const entry: ListModeEntry = { mode: 'table', labelKey: 'lists.modeTable', icon: <TableChartIcon />, Component: TableMode };
