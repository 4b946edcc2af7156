/**
 * Shown when a save finds the document changed since the form opened (edit-conflict.ts): who
 * changed it and when, the fields the user changed, and the two ways on: Reload (discard my
 * changes) or Re-apply my changes (onto the current document, saved with its new version).
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/format-date.ts';
import type { EditConflict } from './edit-conflict.ts';

interface EditConflictDialogProps {
  conflict: EditConflict;
  /** Labels of the fields the user changed. */
  changed: string[];
  isSaving: boolean;
  onReload: () => void;
  onReapply: () => void;
  onClose: () => void;
}

export function EditConflictDialog({ conflict, changed, isSaving, onReload, onReapply, onClose }: EditConflictDialogProps) {
  const { t, i18n } = useTranslation();
  const who = conflict.changedBy?.display_name || t('form.conflictSomeone');
  const when = formatDateTime(conflict.changedDate, i18n.resolvedLanguage ?? 'en');
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="edit-conflict-title" data-testid="edit-conflict">
      <DialogTitle id="edit-conflict-title">{t('form.conflictTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('form.conflictText', { who, when })}</DialogContentText>
        {changed.length > 0 && (
          <DialogContentText sx={{ mt: 1 }}>{t('form.conflictYourChanges', { fields: changed.join(', ') })}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onReload} disabled={isSaving}>
          {t('form.conflictReload')}
        </Button>
        <Button variant="contained" onClick={onReapply} disabled={isSaving}>
          {t('form.conflictReapply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
