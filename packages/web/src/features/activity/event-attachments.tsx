/**
 * Files an event brought: thumbnails for the image formats that have them (docs/product/workflow-and-timeline.md#limits),
 * a download chip otherwise. `<img>` loads through the HttpOnly access cookie on path /file.
 * Clicking a thumbnail opens the image in a preview, with Download one click away.
 */
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
import { THUMBNAIL_EXTENSIONS } from '@docket/shared';
import type { AttachmentMeta } from '@docket/shared';
import { extensionOf } from './file-selection.ts';

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

export function EventAttachments({ docId, names, known }: { docId: number; names: readonly string[]; known: readonly AttachmentMeta[] }) {
  const [previewed, setPreviewed] = useState<string | null>(null);
  if (names.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 1 }} data-testid="event-attachments">
      {names.map((name) => {
        const meta = known.find((entry) => entry.name === name);
        const hasThumb = meta ? meta.thumb : THUMBNAIL_EXTENSIONS.includes(extensionOf(name));
        return hasThumb ? (
          <Link
            key={name}
            href={fileUrl(docId, name)}
            title={name}
            onClick={(event) => {
              // A plain click previews; a modified click (new tab, save as) keeps the browser's own way.
              if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              setPreviewed(name);
            }}
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
        ) : (
          <Chip
            key={name}
            icon={<InsertDriveFileIcon />}
            label={name}
            component="a"
            href={fileUrl(docId, name)}
            clickable
            variant="outlined"
          />
        );
      })}
      <ImagePreview docId={docId} name={previewed} onClose={() => setPreviewed(null)} />
    </Stack>
  );
}
