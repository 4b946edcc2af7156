/**
 * The left side of Manage Period (docs/product/reporting.md#manage-period): the month's items,
 * searchable, with the 'Tally Reports' and 'Editable' toggles and 'Add Report'. Each row shows its
 * scope's icon, its label, 'Updated {time ago}' or 'Never' ('Refreshing...' while refreshing), and
 * the refresh and delete actions — or a lock when the period is closed.
 */
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ApartmentIcon from '@mui/icons-material/Apartment';
import BusinessIcon from '@mui/icons-material/Business';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import LockIcon from '@mui/icons-material/Lock';
import PersonIcon from '@mui/icons-material/PersonOutline';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import PublicIcon from '@mui/icons-material/Public';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import type { ReactNode } from 'react';
import { SCOPE, type ListToggles } from './item-rules.ts';
import { timeAgo } from './time-ago.ts';
import type { ReportDataItem } from './types.ts';

/** One icon per scope: a table, so a new scope adds a row. */
const SCOPE_ICONS: Record<number, ReactNode> = {
  [SCOPE.sites]: <ApartmentIcon />,
  [SCOPE.group]: <BusinessIcon />,
  [SCOPE.region]: <PublicIcon />,
  [SCOPE.site]: <PlaceIcon />,
  [SCOPE.manual]: <PersonIcon />,
};

export interface ItemRow {
  item: ReportDataItem;
  label: string;
  isRefreshing: boolean;
  canDelete: boolean;
}

interface ItemListProps {
  rows: readonly ItemRow[];
  selectedId: number | null;
  toggles: ListToggles;
  onToggles: (next: ListToggles) => void;
  isClosed: boolean;
  canAdd: boolean;
  onAdd: () => void;
  onSelect: (item: ReportDataItem) => void;
  onRefresh: (item: ReportDataItem) => void;
  onDelete: (item: ReportDataItem) => void;
}

export function ItemList({ rows, selectedId, toggles, onToggles, isClosed, canAdd, onAdd, onSelect, onRefresh, onDelete }: ItemListProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const status = (row: ItemRow) => {
    if (row.isRefreshing) return t('managePeriod.refreshing');
    const ago = row.item.last_updated ? timeAgo(row.item.last_updated, language) : undefined;
    return ago ? t('managePeriod.updated', { time: ago }) : t('managePeriod.never');
  };
  return (
    <Paper component="section" aria-labelledby="manage-period-items" sx={{ p: 2 }} data-testid="manage-period-items">
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography id="manage-period-items" variant="subtitle1" component="h2">
            {t('managePeriod.items')}
          </Typography>
          {canAdd && (
            <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={onAdd} disabled={isClosed}>
              {t('managePeriod.addReport')}
            </Button>
          )}
        </Stack>
        <TextField
          size="small"
          type="search"
          label={t('managePeriod.search')}
          value={toggles.search}
          onChange={(event) => onToggles({ ...toggles, search: event.target.value })}
          slotProps={{ input: { startAdornment: <SearchIcon fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} /> } }}
        />
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2 }}>
          <FormControlLabel
            control={
              <Switch
                size="small"
                checked={toggles.showTally}
                onChange={(event) => onToggles({ ...toggles, showTally: event.target.checked })}
              />
            }
            label={t('managePeriod.tallyReports')}
          />
          <FormControlLabel
            control={
              <Switch
                size="small"
                checked={toggles.onlyEditable}
                onChange={(event) => onToggles({ ...toggles, onlyEditable: event.target.checked })}
              />
            }
            label={t('managePeriod.editable')}
          />
        </Stack>
        {rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {t('managePeriod.noItems')}
          </Typography>
        ) : (
          <List dense disablePadding aria-labelledby="manage-period-items">
            {rows.map((row) => (
              <ListItem
                key={row.item.id}
                disablePadding
                data-testid="manage-period-item"
                secondaryAction={
                  isClosed ? (
                    <Tooltip title={t('managePeriod.locked')}>
                      <LockIcon color="action" aria-label={t('managePeriod.locked')} data-testid="period-lock" sx={{ mr: 1 }} />
                    </Tooltip>
                  ) : (
                    <Stack direction="row">
                      <Tooltip title={t('managePeriod.refreshItem', { label: row.label })}>
                        <span>
                          <IconButton
                            size="small"
                            onClick={() => onRefresh(row.item)}
                            disabled={row.isRefreshing}
                            aria-label={t('managePeriod.refreshItem', { label: row.label })}
                          >
                            <RefreshIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      {row.canDelete && (
                        <Tooltip title={t('managePeriod.deleteItemLabel', { label: row.label })}>
                          <IconButton
                            size="small"
                            edge="end"
                            onClick={() => onDelete(row.item)}
                            aria-label={t('managePeriod.deleteItemLabel', { label: row.label })}
                          >
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                    </Stack>
                  )
                }
              >
                <ListItemButton selected={row.item.id === selectedId} onClick={() => onSelect(row.item)} sx={{ pr: 13 }}>
                  <ListItemIcon sx={{ minWidth: 36 }}>{SCOPE_ICONS[row.item.scope] ?? <PlaceIcon />}</ListItemIcon>
                  <ListItemText
                    primary={row.label}
                    secondary={status(row)}
                    slotProps={{ primary: { noWrap: true }, secondary: { 'aria-live': 'polite' } as object }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
