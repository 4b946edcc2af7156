/**
 * Files an event brought: thumbnails for the image formats that have them (docs/product/workflow-and-timeline.md#limits),
 * a download chip otherwise. `<img>` loads through the HttpOnly access cookie on path /file.
 * Clicking a thumbnail opens the image in a preview, clicking a PDF draws it in the PDF preview
 * (docs/product/workflow-and-timeline.md#pdf-preview); Download stays one click away in both.
 */
import type { MouseEvent } from 'react';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import type { AttachmentMeta } from '@docket/shared';
import { PdfPreviewDialog, type PdfSource } from '../../components/pdf-preview/pdf-preview-dialog.tsx';
import { attachmentLookOf } from './attachment-preview.ts';

export function fileUrl(docId: number, name: string, isThumb = false): string {
  return `/file/doc/${docId}/${encodeURIComponent(name)}${isThumb ? '?thumb=true' : ''}`;
}

function ImagePreview({ docId, name, onClose }: { docId: number; name: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={name !== null}
      onClose={onClose}
      maxWidth="lg"
      aria-labelledby="attachment-preview-title"
      data-testid="attachment-preview"
    >
      <DialogTitle id="attachment-preview-title" sx={{ overflowWrap: 'anywhere' }}>
        {name}
      </DialogTitle>
      <DialogContent>
        {name && (
          <Box
            component="img"
            src={fileUrl(docId, name)}
            alt={name}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: '70vh', mx: 'auto' }}
          />
        )}
      </DialogContent>
      <DialogActions>
        {name && (
          <Button component="a" href={fileUrl(docId, name)} download={name} startIcon={<DownloadIcon />}>
            {t('activity.download')}
          </Button>
        )}
        <Button onClick={onClose} variant="contained" autoFocus>
          {t('activity.closePreview')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A plain click previews; a modified click (new tab, save as) keeps the browser's own way. */
function previewOnPlainClick(open: () => void) {
  return (event: MouseEvent) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    open();
  };
}

export function EventAttachments({ docId, names, known }: { docId: number; names: readonly string[]; known: readonly AttachmentMeta[] }) {
  const { t } = useTranslation();
  const [previewed, setPreviewed] = useState<string | null>(null);
  const [pdfSource, setPdfSource] = useState<PdfSource | null>(null);
  if (names.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 1 }} data-testid="event-attachments">
      {names.map((name) => {
        const look = attachmentLookOf(
          name,
          known.find((entry) => entry.name === name),
        );
        const href = fileUrl(docId, name);
        const openPreview = look.preview === 'pdf' ? () => setPdfSource({ path: href, fileName: name }) : () => setPreviewed(name);
        if (look.hasThumb)
          return (
            <Link
              key={name}
              href={href}
              title={look.preview === 'pdf' ? t('pdfPreview.open', { name }) : name}
              onClick={previewOnPlainClick(openPreview)}
              data-preview={look.preview}
            >
              <Box
                component="img"
                src={fileUrl(docId, name, true)}
                alt={name}
                loading="lazy"
                data-testid="attachment-thumb"
                sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider', display: 'block' }}
              />
            </Link>
          );
        return (
          <Chip
            key={name}
            icon={look.preview === 'pdf' ? <PictureAsPdfIcon /> : <InsertDriveFileIcon />}
            label={name}
            component="a"
            href={href}
            title={look.preview === 'pdf' ? t('pdfPreview.open', { name }) : undefined}
            clickable
            variant="outlined"
            onClick={look.preview === 'pdf' ? previewOnPlainClick(openPreview) : undefined}
          />
        );
      })}
      <ImagePreview docId={docId} name={previewed} onClose={() => setPreviewed(null)} />
      <PdfPreviewDialog source={pdfSource} onClose={() => setPdfSource(null)} />
    </Stack>
  );
}
