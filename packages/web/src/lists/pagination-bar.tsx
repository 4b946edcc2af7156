/**
 * Pagination (docs/product/forms-and-lists.md#limits): pages with no siblings and one boundary page on wide screens, rows
 * per page 15 / 30 / 60, and 'from–to of total' (of more than, or about, a total beyond the counted window: pagination-label.ts).
 */
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { ROWS_PER_PAGE_OPTIONS } from '@docket/shared';
import { displayedRows, type PaginationTotal } from './pagination-label.ts';

interface PaginationBarProps extends PaginationTotal {
  page: number;
  rows: number;
  onPage: (page: number) => void;
  onRows: (rows: number) => void;
}

export function PaginationBar({ page, rows, total, isEstimate, estimate, onPage, onRows }: PaginationBarProps) {
  const { t } = useTranslation();
  const isWide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const pages = Math.max(1, Math.ceil(total / rows));
  const from = total === 0 ? 0 : page * rows + 1;
  const to = Math.min(total, (page + 1) * rows);
  const label = displayedRows(from, to, { total, isEstimate, estimate });
  return (
    <Paper sx={{ px: 2, py: 1 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" id="rows-per-page-label">
            {t('lists.rowsPerPage')}
          </Typography>
          <Select
            size="small"
            variant="standard"
            labelId="rows-per-page-label"
            value={rows}
            onChange={(event) => onRows(Number(event.target.value))}
          >
            {ROWS_PER_PAGE_OPTIONS.map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </Select>
        </Stack>
        <Typography variant="body2">{t(label.key, label.values)}</Typography>
        <Pagination
          count={pages}
          page={page + 1}
          onChange={(_event, next) => onPage(next - 1)}
          siblingCount={isWide ? 0 : 0}
          boundaryCount={isWide ? 1 : 0}
          shape="rounded"
          aria-label={t('lists.pagination')}
        />
      </Stack>
    </Paper>
  );
}
