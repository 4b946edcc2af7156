/**
 * Shown while rows are selected: the count, Delete selected (only the rows the user may delete,
 * after the spec's confirmation) and extra actions from the screen.
 */
import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';

interface SelectionBarProps {
  count: number;
  deletableCount: number;
  onDelete?: () => Promise<void>;
  onClear: () => void;
  children?: ReactNode;
}

export function SelectionBar({ count, deletableCount, onDelete, onClear, children }: SelectionBarProps) {
  const { t } = useTranslation();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  if (count === 0) return null;
  const confirm = async () => {
    setIsBusy(true);
    await onDelete?.();
    setIsBusy(false);
    setIsConfirming(false);
  };
  return (
    <Paper sx={{ px: 2, py: 1, bgcolor: 'action.selected' }} data-testid="selection-bar">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography sx={{ flexGrow: 1 }}>{t('lists.selected', { count })}</Typography>
        {children}
        {onDelete && deletableCount > 0 && (
          <Button color="error" startIcon={<DeleteIcon />} onClick={() => setIsConfirming(true)}>
            {t('lists.deleteSelected')}
          </Button>
        )}
        <Button onClick={onClear}>{t('common.cancel')}</Button>
      </Stack>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('documents.deleteTitle')}
        confirmLabel={t('documents.delete')}
        isDestructive
        isBusy={isBusy}
        onConfirm={() => void confirm()}
        onClose={() => setIsConfirming(false)}
      >
        <Typography gutterBottom>{t('documents.deleteConfirm')}</Typography>
        <Alert severity="warning">{t('lists.deleteSelectedConfirm', { count: deletableCount })}</Alert>
      </ConfirmDialog>
    </Paper>
  );
}
