/**
 * The versions of an edited event (docs/product/workflow-and-timeline.md#event-history), opened
 * from its "edited" marker: oldest first, each with who wrote it and when; the last is the
 * current text.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../api/describe-error.ts';
import { formatDateTime } from '../../components/format-date.ts';
import { useEventVersions } from './events-api.ts';

interface EventVersionsDialogProps {
  appId: string;
  docId: number;
  eventId: number;
  isOpen: boolean;
  onClose: () => void;
}

export function EventVersionsDialog({ appId, docId, eventId, isOpen, onClose }: EventVersionsDialogProps) {
  const { t, i18n } = useTranslation();
  const versions = useEventVersions(appId, docId, eventId, isOpen);
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby={`event-versions-${eventId}`} fullWidth maxWidth="sm">
      <DialogTitle id={`event-versions-${eventId}`}>{t('activity.versionsTitle')}</DialogTitle>
      <DialogContent>
        {versions.isPending && <LinearProgress />}
        {versions.isError && <Alert severity="error">{describeError(versions.error, t, t('activity.versionsError'))}</Alert>}
        <Box component="ol" sx={{ m: 0, p: 0 }} data-testid="event-versions">
          {[...(versions.data?.dataAr ?? [])].reverse().map((version) => (
            <Box
              component="li"
              key={version.version}
              data-testid="event-version"
              sx={{ listStyle: 'none', py: 1, '& + li': { borderTop: 1, borderColor: 'divider' } }}
            >
              <Typography variant="subtitle2" component="p">
                {t('activity.version', { number: String(version.version) })}
                {version.current ? ` · ${t('activity.currentVersion')}` : ''}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {t('activity.versionBy', {
                  name: version.written_by.display_name,
                  date: formatDateTime(version.written_date, i18n.language),
                })}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>
                {version.descrip}
              </Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('activity.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
