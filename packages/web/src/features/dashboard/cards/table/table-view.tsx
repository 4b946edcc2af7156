/** The Table card's grid: a sticky first column, figures right-aligned with their change and warnings. */
import { useTranslation } from 'react-i18next';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { metricLabel } from '../../../reporting-api/index.ts';
import type { ReportMetric } from '../../../reporting-api/index.ts';
import { DeltaText, FigureWarnings, useValueText } from '../figure-parts.tsx';
import type { TableModel } from './table-model.ts';

interface Props {
  model: TableModel;
  firstHeader: string;
  stars?: { isStarred: (metric: ReportMetric) => boolean; toggle: (metric: ReportMetric) => void };
  onOpenMetric?: (metric: ReportMetric) => void;
}

export function TableView({ model, firstHeader, stars, onOpenMetric }: Props) {
  const { t } = useTranslation();
  const valueText = useValueText();
  return (
    <TableContainer sx={{ maxHeight: 520, overflowX: 'auto' }} tabIndex={0} aria-label={firstHeader}>
      <Table size="small" stickyHeader data-testid="report-table">
        <TableHead>
          <TableRow>
            <TableCell sx={{ position: 'sticky', left: 0, zIndex: 3, bgcolor: 'background.paper', minWidth: 140 }}>{firstHeader}</TableCell>
            {model.columns.map((column) => (
              <TableCell
                key={column.key}
                align="right"
                sx={column.width ? { width: column.width, minWidth: column.width, maxWidth: column.width } : { whiteSpace: 'nowrap' }}
              >
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {model.rows.map((row) => (
            <TableRow key={row.key} hover data-testid="report-table-row">
              <TableCell
                component="th"
                scope="row"
                sx={{
                  position: 'sticky',
                  left: 0,
                  zIndex: 1,
                  bgcolor: 'background.paper',
                  fontWeight: row.isHighlighted ? 700 : undefined,
                }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                  {stars && row.metric && <StarButton metric={row.metric} stars={stars} />}
                  {onOpenMetric && row.metric ? (
                    <Link
                      component="button"
                      type="button"
                      onClick={() => row.metric && onOpenMetric(row.metric)}
                      aria-label={t('reportTable.openMetric', { metric: row.label })}
                      sx={{ textAlign: 'left' }}
                    >
                      {row.label}
                    </Link>
                  ) : (
                    row.label
                  )}
                </Box>
              </TableCell>
              {row.cells.map((cell, index) => (
                <TableCell key={model.columns[index]?.key ?? index} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {valueText(cell.value, cell.metric)}
                  {cell.previous !== undefined && <DeltaText current={cell.value} previous={cell.previous} metric={cell.metric} />}
                  {cell.isChecked && (
                    <FigureWarnings
                      value={cell.value}
                      previous={cell.deviationBase ?? null}
                      target={cell.target ?? null}
                      metric={cell.metric}
                    />
                  )}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function StarButton({ metric, stars }: { metric: ReportMetric; stars: NonNullable<Props['stars']> }) {
  const { t, i18n } = useTranslation();
  const isOn = stars.isStarred(metric);
  const label = t(isOn ? 'reportTable.unstar' : 'reportTable.star', { metric: metricLabel(metric, i18n.language) });
  return (
    <IconButton size="small" onClick={() => stars.toggle(metric)} aria-label={label} aria-pressed={isOn} sx={{ p: 0.25 }}>
      {isOn ? <StarIcon fontSize="small" sx={{ color: 'warning.main' }} /> : <StarBorderIcon fontSize="small" />}
    </IconButton>
  );
}
