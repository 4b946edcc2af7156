/** The Table card's controls: mode, period, search, 'Show All Data', 'Show Selected Only', manager grouping and copy. */
import { useTranslation } from 'react-i18next';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { Period } from '../../../reporting-api/index.ts';
import { PeriodToggle } from '../period-toggle.tsx';
import { TABLE_MODES } from './table-model.ts';
import type { TableMode } from './table-model.ts';
import { testId } from '../../test-id.ts';

interface Props {
  mode: TableMode;
  onMode: (mode: TableMode) => void;
  period: Period;
  onPeriod: (period: Period) => void;
  isPeriodShown: boolean;
  search: string;
  onSearch: (text: string) => void;
  isShowingAll: boolean;
  onShowAll: (on: boolean) => void;
  isSelectedOnly: boolean;
  onSelectedOnly: (on: boolean) => void;
  isManager: boolean;
  onManager: (on: boolean) => void;
  onCopy: () => void;
}

/**
 * A small switch's label. MUI pulls every label 11 px left so a medium switch's track lines up
 * with the text above it; a small switch has less padding, so its thumb stuck out past the card's
 * edge when the toolbar wrapped.
 */
const SMALL_SWITCH_LABEL = { ml: '-6px', mr: 1 } as const;

export function TableToolbar(props: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
      <TextField
        select
        size="small"
        label={t('reportTable.mode')}
        value={props.mode}
        onChange={(event) => props.onMode(event.target.value as TableMode)}
        sx={{ minWidth: 150 }}
        slotProps={{ select: { SelectDisplayProps: testId('table-mode') } }}
      >
        {TABLE_MODES.map((mode) => (
          <MenuItem key={mode} value={mode}>
            {t(`reportTable.modes.${mode}`)}
          </MenuItem>
        ))}
      </TextField>
      {props.isPeriodShown && <PeriodToggle periods={['itm', 'ytd', 'roll12']} value={props.period} onChange={props.onPeriod} />}
      <TextField
        size="small"
        placeholder={t('reportTable.search')}
        value={props.search}
        onChange={(event) => props.onSearch(event.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': t('reportTable.search') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ width: { xs: '100%', sm: 180 } }}
      />
      <FormControlLabel
        sx={SMALL_SWITCH_LABEL}
        control={<Switch size="small" checked={props.isShowingAll} onChange={(_event, on) => props.onShowAll(on)} />}
        label={t('reportTable.showAll')}
      />
      <FormControlLabel
        sx={SMALL_SWITCH_LABEL}
        control={<Switch size="small" checked={props.isSelectedOnly} onChange={(_event, on) => props.onSelectedOnly(on)} />}
        label={t('reportTable.selectedOnly')}
      />
      <FormControlLabel
        sx={SMALL_SWITCH_LABEL}
        control={<Switch size="small" checked={props.isManager} onChange={(_event, on) => props.onManager(on)} />}
        label={t('reportTable.manager')}
      />
      <Tooltip title={t('reportTable.copy')}>
        <IconButton aria-label={t('reportTable.copy')} onClick={props.onCopy} size="small">
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
