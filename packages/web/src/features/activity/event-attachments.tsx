/**
 * Files an event brought: thumbnails for the image formats that have them (docs/product/workflow-and-timeline.md#limits),
 * a download chip otherwise. `<img>` loads through the HttpOnly access cookie on path /file.
 */
import Box from '@mui/material/Box';
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

export function EventAttachments({ docId, names, known }: { docId: number; names: readonly string[]; known: readonly AttachmentMeta[] }) {
  if (names.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 1 }} data-testid="event-attachments">
      {names.map((name) => {
        const meta = known.find((entry) => entry.name === name);
        const hasThumb = meta ? meta.thumb : THUMBNAIL_EXTENSIONS.includes(extensionOf(name));
        return hasThumb ? (
          <Link key={name} href={fileUrl(docId, name)} target="_blank" rel="noopener" title={name}>
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
    </Stack>
  );
}
