import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { APP_VERSION, REQUIRED_SERVER_VERSION } from '@docket/shared';
import { useHealthQuery } from '../api/queries.ts';

/** The Version menu entry (docs/product/administration.md#version: app version 3.10.0314, required server version 3.0.0). */
export function VersionDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const health = useHealthQuery(isOpen);
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby="version-dialog-title">
      <DialogTitle id="version-dialog-title">{t('version.title')}</DialogTitle>
      <DialogContent>
        <Typography>{t('version.app', { version: APP_VERSION })}</Typography>
        <Typography>{t('version.required', { version: REQUIRED_SERVER_VERSION })}</Typography>
        <Typography data-testid="server-version">
          {health.data
            ? t('version.server', { version: health.data.version })
            : health.isError
              ? t('version.serverUnknown')
              : t('common.loading')}
        </Typography>
        {health.data && (
          <Typography variant="body2" color="text.secondary">
            {t('version.database', { name: health.data.database })}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
