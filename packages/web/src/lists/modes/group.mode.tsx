/**
 * Group mode: a cross-tab of category rows by status columns with totals (docs/product/forms-and-lists.md#display-modes), from one
 * `group_by={category},status` call. Choosing a count shows those documents in the table.
 */
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import GridViewIcon from '@mui/icons-material/GridViewOutlined';
import { useTranslation } from 'react-i18next';
import { andAll, eq, fieldIsNull, printFilter, type FilterNode } from '@docket/shared';
import { useGroupCounts } from '../../api/records-api.ts';
import { describeError } from '../../api/describe-error.ts';
import type { ListModeEntry, ListModeProps } from '../list-mode.ts';
import { crossTab, type CrossTabKey } from '../support/cross-tab.ts';

function condition(field: string, key: CrossTabKey): FilterNode {
  return key.value === null ? fieldIsNull(field) : eq(field, key.value);
}

function GroupMode({ group, cell }: ListModeProps) {
  const { t } = useTranslation();
  const query = useGroupCounts(group.api, `${group.groupBy},status`, group.filter, group.useDefaultFilter);
  if (query.isPending) return <Skeleton variant="rounded" height={240} />;
  if (query.isError) return <Alert severity="error">{describeError(query.error, t, t('common.unknownError'))}</Alert>;
  const tab = crossTab(query.data.dataAr, group.groupBy, 'status', t('lists.none'));
  const choose = (row: CrossTabKey | null, column: CrossTabKey | null) => {
    const parts = [row ? condition(group.groupBy, row) : null, column ? condition('status', column) : null].filter(
      (p): p is FilterNode => p !== null,
    );
    const label = [row?.label, column?.label].filter(Boolean).join(' · ');
    group.onChoose(printFilter(andAll(parts)), label);
  };
  const count = (value: number, row: CrossTabKey | null, column: CrossTabKey | null) =>
    value === 0 ? (
      <span aria-hidden>·</span>
    ) : (
      <Link component="button" type="button" onClick={() => choose(row, column)} underline="hover">
        {value}
      </Link>
    );
  return (
    <TableContainer component={Paper} data-testid="list-groups">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell />
            {tab.columns.map((column) => (
              <TableCell key={column.id} align="right" sx={{ fontWeight: 600 }}>
                {cell.translate(column.label)}
              </TableCell>
            ))}
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {t('lists.total')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tab.rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {cell.translate(row.label)}
              </TableCell>
              {tab.columns.map((column) => (
                <TableCell key={column.id} align="right">
                  {count(tab.count(row, column), row, column)}
                </TableCell>
              ))}
              <TableCell align="right">{count(tab.rowTotal(row), row, null)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
              {t('lists.total')}
            </TableCell>
            {tab.columns.map((column) => (
              <TableCell key={column.id} align="right" sx={{ fontWeight: 600 }}>
                {count(tab.columnTotal(column), null, column)}
              </TableCell>
            ))}
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {tab.total}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export const entry: ListModeEntry = { mode: 'group', labelKey: 'lists.modeGroup', icon: <GridViewIcon />, Component: GroupMode };
