import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';

interface PageHeaderProps {
  title: string;
  displayId?: string;
  /** Where Back goes when there is no history entry to return to (a fresh tab or a shared link). */
  backTo: string;
  actions?: ReactNode;
}

/** Back: to the previous screen, or to `to` when this screen was opened directly (a shared link). */
export function BackButton({ to }: { to: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const goBack = () => void (location.key === 'default' ? navigate(to) : navigate(-1));
  return (
    <Tooltip title={t('common.back')}>
      <IconButton onClick={goBack} aria-label={t('common.back')} data-print="hide">
        <ArrowBackIcon />
      </IconButton>
    </Tooltip>
  );
}

/** The header of a form screen: Back, title, display id and a right-hand action slot. */
export function PageHeader({ title, displayId, backTo, actions }: PageHeaderProps) {
  return (
    <Paper sx={{ px: 1.5, py: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <BackButton to={backTo} />
        <Typography variant="h5" component="h1" sx={{ flex: '1 1 200px', minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {displayId && <Chip label={displayId} size="small" variant="outlined" data-testid="display-id" />}
        {actions && (
          <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
            {actions}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
