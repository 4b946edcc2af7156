/**
 * The dashboard toolbar (docs/product/reporting.md#dashboard): report, page and item switchers
 * and the month picker; with `edit` set only 'Editing Report Data'.
 */
import { useTranslation } from 'react-i18next';
import EditNoteIcon from '@mui/icons-material/EditNote';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ItemSwitcher } from './item-switcher.tsx';
import { MonthPicker } from './month-picker.tsx';
import { PageSwitcher } from './page-switcher.tsx';
import { ReportSwitcher } from './report-switcher.tsx';
import type { PageChoices } from '../page-choices.ts';
import type { DashboardPatch, DashboardState } from '../dashboard-state.ts';
import type { ReportDataItem, ReportTitle } from '../../reporting-api/index.ts';

interface Props {
  reportId: number;
  reports: readonly ReportTitle[];
  choices: PageChoices;
  pageName: string;
  items: readonly ReportDataItem[];
  selected: ReportDataItem | undefined;
  state: DashboardState;
  setState: (patch: DashboardPatch) => void;
  onReportChange: (id: number) => void;
  isReportSwitchShown: boolean;
  isItemSwitchShown: boolean;
  isDateSwitchShown: boolean;
  /** Administrators may edit the layout of a card page. */
  layoutEdit: { isOn: boolean; toggle: () => void } | null;
}

export function DashboardToolbar(props: Props) {
  const { t } = useTranslation();
  const { state, setState } = props;
  if (state.edit) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 48 }} data-testid="dashboard-toolbar">
        <Typography variant="h6" component="p">
          {t('dashboard.editingReportData')}
        </Typography>
      </Box>
    );
  }
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        '& .MuiTextField-root': { flex: { xs: '1 1 100%', sm: '0 1 auto' } },
      }}
      data-testid="dashboard-toolbar"
    >
      {props.isReportSwitchShown && <ReportSwitcher reports={props.reports} value={props.reportId} onChange={props.onReportChange} />}
      <PageSwitcher
        pages={props.choices.pages}
        manager={props.choices.manager}
        value={props.pageName}
        onChange={(page) => setState({ page, id: null, edit: false })}
      />
      {props.isItemSwitchShown && <ItemSwitcher items={props.items} value={props.selected?.id} onChange={(id) => setState({ id })} />}
      <Box sx={{ flex: 1 }} />
      {props.layoutEdit && (
        <Button size="small" startIcon={<EditNoteIcon />} onClick={props.layoutEdit.toggle} aria-pressed={props.layoutEdit.isOn}>
          {props.layoutEdit.isOn ? t('dashboard.doneEditing') : t('dashboard.editLayout')}
        </Button>
      )}
      {props.isDateSwitchShown && <MonthPicker value={state.reportDate} onChange={(reportDate) => setState({ reportDate })} />}
    </Box>
  );
}
