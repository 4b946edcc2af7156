/**
 * The month picker (docs/product/reporting.md#dashboard): previous/next arrows and a button that
 * opens a year view, then a month view. The earliest month is 2000-01; future months are allowed.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { EARLIEST_REPORT_MONTH, parseYearMonth } from '@docket/shared';
import { reportDateOf, shiftReportDate } from '../../reporting-api/report-dates.ts';
import { monthNames, monthTitle } from './month-format.ts';

const EARLIEST = reportDateOf(EARLIEST_REPORT_MONTH);
/** Years offered beyond this one (future months are allowed). */
const YEARS_AHEAD = 5;

interface Props {
  value: string;
  onChange: (reportDate: string) => void;
}

export function MonthPicker({ value, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [view, setView] = useState<'year' | 'month'>('month');
  const selected = parseYearMonth(value) ?? { year: new Date().getFullYear(), month: 1 };
  const [year, setYear] = useState(selected.year);
  const lastYear = Math.max(new Date().getFullYear(), selected.year) + YEARS_AHEAD;
  const years = Array.from({ length: lastYear - EARLIEST_REPORT_MONTH.year + 1 }, (_, index) => lastYear - index);
  const isAtEarliest = value <= EARLIEST;
  const title = monthTitle(value, i18n.language);

  const open = (element: HTMLElement) => {
    setYear(selected.year);
    setView('month');
    setAnchor(element);
  };
  const pick = (month: number) => {
    setAnchor(null);
    onChange(reportDateOf({ year, month }));
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }} data-testid="month-picker">
      <Tooltip title={t('dashboard.previousMonth')}>
        <span>
          <IconButton
            aria-label={t('dashboard.previousMonth')}
            disabled={isAtEarliest}
            onClick={() => onChange(shiftReportDate(value, -1))}
            size="small"
          >
            <ChevronLeftIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Button
        onClick={(event) => open(event.currentTarget)}
        aria-label={t('dashboard.chooseMonth', { month: title })}
        aria-haspopup="dialog"
        sx={{ textTransform: 'none', minWidth: 140 }}
        data-testid="month-picker-button"
      >
        {title}
      </Button>
      <Tooltip title={t('dashboard.nextMonth')}>
        <IconButton aria-label={t('dashboard.nextMonth')} onClick={() => onChange(shiftReportDate(value, 1))} size="small">
          <ChevronRightIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        transformOrigin={{ vertical: 'top', horizontal: 'center' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': t('dashboard.month') } }}
      >
        <Box sx={{ p: 1.5, width: 280 }}>
          <Button
            onClick={() => setView(view === 'year' ? 'month' : 'year')}
            aria-label={t('dashboard.chooseYear')}
            data-testid="month-picker-year"
          >
            <Typography variant="subtitle1" component="span">
              {year}
            </Typography>
          </Button>
          {view === 'year' ? (
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 0.5, maxHeight: 240, overflowY: 'auto', mt: 1 }}>
              {years.map((candidate) => (
                <Button
                  key={candidate}
                  size="small"
                  variant={candidate === year ? 'contained' : 'text'}
                  onClick={() => {
                    setYear(candidate);
                    setView('month');
                  }}
                >
                  {candidate}
                </Button>
              ))}
            </Box>
          ) : (
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 0.5, mt: 1 }}>
              {monthNames(i18n.language).map((name, index) => {
                const month = index + 1;
                const isSelected = year === selected.year && month === selected.month;
                return (
                  <Button
                    key={name}
                    size="small"
                    variant={isSelected ? 'contained' : 'text'}
                    aria-pressed={isSelected}
                    disabled={reportDateOf({ year, month }) < EARLIEST}
                    onClick={() => pick(month)}
                  >
                    {name}
                  </Button>
                );
              })}
            </Box>
          )}
        </Box>
      </Popover>
    </Box>
  );
}
