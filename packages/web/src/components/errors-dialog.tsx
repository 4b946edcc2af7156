import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';

export interface FormError {
  field: string;
  label: string;
  message: string;
}

/** The 'Error(s)' dialog of a form (docs/product/forms-and-lists.md#form-screen, docs/product/forms-and-lists.md#validation). */
export function ErrorsDialog({ errors, isOpen, onClose }: { errors: FormError[]; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby="errors-dialog-title" fullWidth maxWidth="xs">
      <DialogTitle id="errors-dialog-title">{t('form.errorsTitle', { count: errors.length })}</DialogTitle>
      <DialogContent>
        <List dense>
          {errors.map((error) => (
            <ListItem key={error.field} disableGutters>
              <ListItemText primary={error.label} secondary={error.message} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
