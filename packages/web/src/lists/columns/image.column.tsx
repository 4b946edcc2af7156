/**
 * A thumbnail: the value when it is an image URL, else the document's first image attachment
 * (`/file/doc/{id}/{name}?thumb=true`, served with the /file cookie). `imageText` labels it.
 */
import Box from '@mui/material/Box';
import type { AttachmentMeta } from '@docket/shared';
import { cellValue } from '../support/cell-value.ts';
import type { CellProps, ColumnTypeEntry } from '../column-type.ts';

const THUMB_TYPES = /\.(jpe?g|png|pdf)$/i;

export function thumbnailOf(row: Record<string, unknown>, value: unknown): string | undefined {
  if (typeof value === 'string' && /^(https?:|\/file\/|data:image\/)/.test(value)) return value;
  const meta = row.meta as { doc_id?: number; attachments?: AttachmentMeta[] } | undefined;
  const image = meta?.attachments?.find((file) => file.thumb || THUMB_TYPES.test(file.name));
  return image && meta?.doc_id ? `/file/doc/${meta.doc_id}/${encodeURIComponent(image.name)}?thumb=true` : undefined;
}

function ImageCell({ row, column }: CellProps) {
  const src = thumbnailOf(row, cellValue(row, column));
  if (!src) return null;
  const alt = column['ui:options']?.imageText ?? column.label ?? '';
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      loading="lazy"
      sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 1, display: 'block' }}
    />
  );
}

export const entry: ColumnTypeEntry = { type: 'image', width: () => 64, Cell: ImageCell };
