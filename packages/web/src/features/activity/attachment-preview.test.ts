import { describe, expect, it } from 'vitest';
import type { AttachmentMeta } from '@docket/shared';
import { attachmentLookOf } from './attachment-preview.ts';

function meta(name: string, content_type: string, thumb = false): AttachmentMeta {
  return { name, size: 10, content_type, created_date: '2026-01-01T00:00:00Z', created_by: { uuid: 'u', display_name: 'U' }, thumb };
}

describe('attachmentLookOf', () => {
  it('previews images as images and PDFs in the PDF preview, with their thumbnails', () => {
    expect(attachmentLookOf('photo.png', meta('photo.png', 'image/png', true))).toEqual({ preview: 'image', hasThumb: true });
    expect(attachmentLookOf('manual.pdf', meta('manual.pdf', 'application/pdf', true))).toEqual({ preview: 'pdf', hasThumb: true });
    // A PDF whose first page could not be drawn on upload still previews, from a chip.
    expect(attachmentLookOf('scan.pdf', meta('scan.pdf', 'application/pdf'))).toEqual({ preview: 'pdf', hasThumb: false });
  });

  it('trusts the stored content type over the name', () => {
    expect(attachmentLookOf('notes.pdf', meta('notes.pdf', 'text/plain'))).toEqual({ preview: 'none', hasThumb: false });
    expect(attachmentLookOf('REPORT.PDF', meta('REPORT.PDF', 'application/pdf', true)).preview).toBe('pdf');
  });

  it('falls back to the extension when the file is not listed', () => {
    expect(attachmentLookOf('report.PDF', undefined)).toEqual({ preview: 'pdf', hasThumb: true });
    expect(attachmentLookOf('photo.jpg', undefined)).toEqual({ preview: 'image', hasThumb: true });
  });

  it('offers no preview for other files, whatever they claim', () => {
    expect(attachmentLookOf('page.html', meta('page.html', 'text/html')).preview).toBe('none');
    expect(attachmentLookOf('drawing.svg', undefined).preview).toBe('none');
    expect(attachmentLookOf('sheet.xlsx', undefined).preview).toBe('none');
  });
});
