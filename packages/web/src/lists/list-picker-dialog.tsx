/**
 * The list in picker mode, inside a dialog (docs/product/forms-and-lists.md#list-view "A picker context shows the list inside a
 * dialog"): a row click picks it; with several allowed, the rows are selected and Choose picks
 * them. Used by reference fields ("Browse…") to choose documents with the list's own filters.
 */
import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useTranslation } from 'react-i18next';
import type { DocumentSchema } from '@docket/shared';
import { documentRecordApi } from '../api/record-api.ts';
import type { Viewer } from './filter-dialog.tsx';
import { ListView } from './list-view.tsx';
import type { Row } from './support/cell-value.ts';

interface ListPickerDialogProps {
  type: DocumentSchema | null;
  viewer: Viewer;
  isMultiple: boolean;
  onPick: (rows: Row[]) => void;
  onClose: () => void;
  onMessage: (text: string, severity: 'success' | 'error' | 'info' | 'warning') => void;
}

export function ListPickerDialog({ type, viewer, isMultiple, onPick, onClose, onMessage }: ListPickerDialogProps) {
  const { t } = useTranslation();
  const api = useMemo(() => (type ? documentRecordApi(viewer.appId, type.type) : null), [type, viewer.appId]);
  return (
    <Dialog
      open={type !== null}
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      aria-label={type ? t('lists.pickTitle', { title: type.view?.title ?? type.type }) : undefined}
    >
      <DialogContent sx={{ bgcolor: 'background.default' }} data-testid="list-picker">
        {type && api && (
          <ListView
            type={type}
            api={api}
            storageKey={`${viewer.appId}.picker.${type.type}`}
            viewer={viewer}
            hrefOf={() => undefined}
            onOpen={(row) => (isMultiple ? undefined : onPick([row]))}
            onMessage={onMessage}
            isPicker
            selectionActions={
              isMultiple
                ? (selected) => (
                    <Button variant="contained" onClick={() => onPick(selected)}>
                      {t('lists.pick')}
                    </Button>
                  )
                : undefined
            }
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
