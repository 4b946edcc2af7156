/**
 * A document's actions from the registry: header buttons, the 'More actions' menu, and the
 * dialogs they open (delete confirmation, review). Used on the document page and in list rows.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useTranslation } from 'react-i18next';
import type { DocumentSchema } from '@docket/shared';
import { describeError } from '../../api/describe-error.ts';
import { documentRecordApi } from '../../api/record-api.ts';
import { useDeleteRecord, useSaveRecord, type RecordRow } from '../../api/records-api.ts';
import { useMessageBar } from '../../app/message-bar.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PdfPreviewDialog, type PdfSource } from '../../components/pdf-preview/pdf-preview-dialog.tsx';
import { documentActions } from './action-registry.ts';
import type { DocumentActionContext, DocumentActionItem } from './document-action.ts';
import { listHref } from './document-links.ts';
import { ReviewDialog } from './review-dialog.tsx';
import { useDocumentType } from './use-document-type.ts';

interface DocumentMenuProps {
  doc: RecordRow;
  type: DocumentSchema;
  place: 'page' | 'row';
}

export function DocumentMenu({ doc, type, place }: DocumentMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showMessage = useMessageBar();
  const { viewer, translate, catalog } = useDocumentType(type.type);
  const api = documentRecordApi(viewer.appId, type.type);
  const remove = useDeleteRecord(api);
  const save = useSaveRecord(api);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [isReviewing, setIsReviewing] = useState(false);
  const [pdfSource, setPdfSource] = useState<PdfSource | null>(null);
  const ctx: DocumentActionContext = {
    doc,
    type,
    types: catalog.data,
    viewer,
    translate,
    t,
    place,
    navigate: (to) => void navigate(to),
    showMessage,
    askDelete: () => setIsDeleting(true),
    openReview: () => setIsReviewing(true),
    previewPdf: setPdfSource,
    togglePdfCover: () =>
      save.mutate(
        { id: String(doc.id), data: { ...doc, pdfCover: doc.pdfCover !== true } },
        {
          onSuccess: (saved) => showMessage(saved.pdfCover === true ? t('documents.pdfCoverOn') : t('documents.pdfCoverOff'), 'success'),
          onError: (error) => showMessage(describeError(error, t, t('form.updateError')), 'error'),
        },
      ),
  };
  const header = place === 'page' ? documentActions.filter((a) => a.placement === 'header').flatMap((a) => a.items(ctx)) : [];
  const menu = documentActions.filter((a) => place === 'row' || a.placement === 'menu').flatMap((a) => a.items(ctx));
  const run = (item: DocumentActionItem) => {
    setAnchor(null);
    item.run();
  };
  const confirmDelete = () =>
    remove.mutate(String(doc.id), {
      onSuccess: () => {
        setIsDeleting(false);
        showMessage(t('documents.deleted'), 'success');
        if (place === 'page') void navigate(listHref(type.type), { replace: true });
      },
      onError: (error) => {
        setIsDeleting(false);
        showMessage(describeError(error, t, t('documents.deleteError')), 'error');
      },
    });
  const name = String(doc.display_id ?? doc.summary ?? doc.id);
  return (
    <>
      {header.map((item) => (
        <Button key={item.key} startIcon={item.icon} color={item.isDestructive ? 'error' : 'primary'} onClick={() => run(item)}>
          {item.label}
        </Button>
      ))}
      {menu.length > 0 && (
        <IconButton
          aria-label={place === 'row' ? t('lists.actions', { name }) : t('documents.more')}
          aria-haspopup="menu"
          onClick={(event) => {
            event.stopPropagation();
            setAnchor(event.currentTarget);
          }}
        >
          <MoreVertIcon />
        </IconButton>
      )}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} onClick={(event) => event.stopPropagation()}>
        {menu.map((item) => (
          <MenuItem key={item.key} onClick={() => run(item)} sx={item.isDestructive ? { color: 'error.main' } : undefined}>
            <ListItemIcon sx={item.isDestructive ? { color: 'error.main' } : undefined}>{item.icon}</ListItemIcon>
            <ListItemText>{item.label}</ListItemText>
            {item.isChecked !== undefined && (
              <Switch edge="end" size="small" checked={item.isChecked} tabIndex={-1} slotProps={{ input: { 'aria-hidden': true } }} />
            )}
          </MenuItem>
        ))}
      </Menu>
      <ConfirmDialog
        isOpen={isDeleting}
        title={t('documents.deleteTitle')}
        confirmLabel={t('documents.delete')}
        isDestructive
        isBusy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setIsDeleting(false)}
      >
        <Typography gutterBottom>{t('documents.deleteConfirm')}</Typography>
        <Alert severity="warning">{t('documents.deleteNote')}</Alert>
      </ConfirmDialog>
      <PdfPreviewDialog source={pdfSource} onClose={() => setPdfSource(null)} />
      {isReviewing && <ReviewDialog doc={doc} type={type} viewer={viewer} translate={translate} onClose={() => setIsReviewing(false)} />}
    </>
  );
}
