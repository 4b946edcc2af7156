/**
 * `POST /files/doc/{id}/uploadAtt`: files attached to a document without a timeline event (an
 * inspection item's photos, docs/product/documents-and-schemas.md#inspections). Answers the
 * stored entries, whose names may differ from the files' (a second `image.jpg` is stored as
 * `image (1).jpg`).
 */
import type { AttachmentMeta } from '@docket/shared';
import { apiClient } from './instance.ts';

export async function uploadDocumentFiles(appId: string, docId: number, files: readonly File[]): Promise<AttachmentMeta[]> {
  const body = new FormData();
  for (const file of files) body.append('file', file, file.name);
  const answer = await apiClient.request<{ attachments: AttachmentMeta[] }>(`/files/doc/${docId}/uploadAtt`, {
    method: 'POST',
    query: { app: appId },
    multipart: body,
  });
  return answer.attachments;
}

/** Where a document's file (or its thumbnail) is served, through the access cookie on path /file. */
export function documentFileUrl(docId: number, name: string, isThumb = false): string {
  return `/file/doc/${docId}/${encodeURIComponent(name)}${isThumb ? '?thumb=true' : ''}`;
}
