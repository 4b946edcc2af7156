/**
 * The list's header (docs/product/forms-and-lists.md#list-view): title, 'N Documents', and the buttons — display
 * modes, filter, options, export, refresh, star, Create.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import FileDownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import FilterListIcon from '@mui/icons-material/FilterList';
import RefreshIcon from '@mui/icons-material/Refresh';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import TuneIcon from '@mui/icons-material/Tune';
import { useTranslation } from 'react-i18next';
import type { ViewMode } from '@docket/shared';
import { listModeOf } from './mode-registry.ts';

export interface ListToolbarProps {
  title: string;
  headingLevel: 'h1' | 'h2';
  total: number | undefined;
  isEstimate: boolean;
  /** The database's estimate of all matches beyond the counted window ("about N"). */
  estimate?: number | undefined;
  modes: ViewMode[];
  mode: ViewMode;
  onMode: (mode: ViewMode) => void;
  filterCount: number;
  onFilter?: () => void;
  onOptions: (anchor: HTMLElement) => void;
  onExport?: () => void;
  onRefresh: () => void;
  isRefreshing: boolean;
  star?: { isStarred: boolean; onToggle: () => void };
  createHref?: string;
  extra?: ReactNode;
}

function IconAction({
  label,
  onClick,
  children,
  disabled,
  pressed,
}: {
  label: string;
  onClick: (event: React.MouseEvent<HTMLElement>) => void;
  children: ReactNode;
  disabled?: boolean;
  pressed?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton onClick={onClick} aria-label={label} disabled={disabled} aria-pressed={pressed}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function ListToolbar(props: ListToolbarProps) {
  const { t } = useTranslation();
  const {
    title,
    headingLevel,
    total,
    isEstimate,
    estimate,
    modes,
    mode,
    onMode,
    filterCount,
    onFilter,
    onOptions,
    onExport,
    onRefresh,
    isRefreshing,
    star,
    createHref,
    extra,
  } = props;
  return (
    <Paper sx={{ px: 2, py: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component={headingLevel} sx={{ flexGrow: 1, flexBasis: { xs: '100%', sm: 0 }, minWidth: 0 }}>
          {title}
        </Typography>
        {total !== undefined && (
          <Chip
            label={
              estimate !== undefined
                ? t('lists.about', { count: estimate })
                : isEstimate
                  ? t('lists.estimate', { count: total })
                  : t('lists.documents', { count: total })
            }
            data-testid="document-count"
          />
        )}
        {modes.length > 1 && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={mode}
            onChange={(_event, next: ViewMode | null) => next && onMode(next)}
            aria-label={t('lists.mode')}
          >
            {modes.map((value) => {
              const entry = listModeOf(value);
              return entry ? (
                <ToggleButton key={value} value={value} aria-label={t(entry.labelKey)} title={t(entry.labelKey)}>
                  {entry.icon}
                </ToggleButton>
              ) : null;
            })}
          </ToggleButtonGroup>
        )}
        {onFilter && (
          <IconAction label={t('lists.filter')} onClick={onFilter}>
            <Badge badgeContent={filterCount} color="secondary">
              <FilterListIcon />
            </Badge>
          </IconAction>
        )}
        <IconAction label={t('lists.options')} onClick={(event) => onOptions(event.currentTarget)}>
          <TuneIcon />
        </IconAction>
        {onExport && (
          <IconAction label={t('lists.export')} onClick={onExport}>
            <FileDownloadIcon />
          </IconAction>
        )}
        <IconAction label={t('common.refresh')} onClick={onRefresh} disabled={isRefreshing}>
          <RefreshIcon />
        </IconAction>
        {star && (
          <IconAction label={star.isStarred ? t('lists.unstar') : t('lists.star')} onClick={star.onToggle} pressed={star.isStarred}>
            {star.isStarred ? <StarIcon color="warning" /> : <StarBorderIcon />}
          </IconAction>
        )}
        {extra}
        {createHref && (
          <Button component={RouterLink} to={createHref} variant="contained" startIcon={<AddIcon />}>
            {t('lists.create')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
