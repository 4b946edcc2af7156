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

/** The header of a document or form screen: Back, title, display id and a right-hand action slot. */
export function PageHeader({ title, displayId, backTo, actions }: PageHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const goBack = () => void (location.key === 'default' ? navigate(backTo) : navigate(-1));
  return (
    <Paper sx={{ px: 1.5, py: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Tooltip title={t('common.back')}>
          <IconButton onClick={goBack} aria-label={t('common.back')}>
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
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
