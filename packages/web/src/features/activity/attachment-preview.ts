/**
 * How an attachment shows on the timeline (docs/product/workflow-and-timeline.md#pdf-preview): a
 * thumbnail when the server made one (images and a PDF's first page), a chip otherwise; a plain
 * click opens the image preview for images, the PDF preview for PDFs, and downloads anything
 * else. The stored content type (checked from the file's bytes on upload) decides when it is
 * known; the extension otherwise (an event naming a file the list lacks).
 */
import type { AttachmentMeta } from '@docket/shared';
import { THUMBNAIL_EXTENSIONS } from '@docket/shared';
import { extensionOf } from './file-selection.ts';

export interface AttachmentLook {
  preview: 'image' | 'pdf' | 'none';
  hasThumb: boolean;
}

export function attachmentLookOf(name: string, meta: AttachmentMeta | undefined): AttachmentLook {
  const extension = extensionOf(name);
  const hasThumb = meta ? meta.thumb : THUMBNAIL_EXTENSIONS.includes(extension);
  const isPdf = meta ? meta.content_type === 'application/pdf' : extension === 'pdf';
  if (isPdf) return { preview: 'pdf', hasThumb };
  return { preview: hasThumb ? 'image' : 'none', hasThumb };
}
