/** Drawing a document's PDF (docs/product/forms-and-lists.md#document-pdf): text the fonts can draw, long words cut. */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { cutWord, printable, renderPdf, type PdfLayout } from './pdf-render-task.ts';

describe('document PDF drawing', () => {
  it('keeps Windows-1252 text and marks what the standard fonts cannot draw', () => {
    expect(printable('Début — 5 € “ok”\tend')).toBe('Début — 5 € “ok”  end');
    expect(printable('工場 ✓')).toBe('?? ?');
  });

  it('cuts a word wider than the line into pieces that each fit, losing nothing', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const word = 'z'.repeat(20_000) + 'W'.repeat(50);
    const pieces = cutWord(word, font, 10, 200);
    expect(pieces.join('')).toBe(word);
    expect(pieces.length).toBeGreaterThan(100);
    for (const piece of pieces) expect(font.widthOfTextAtSize(piece, 10)).toBeLessThanOrEqual(200);
    // Each piece but the last is full: one more character would not fit.
    expect(font.widthOfTextAtSize(pieces[0]! + 'z', 10)).toBeGreaterThan(200);
    expect(cutWord('W', font, 10, 1)).toEqual(['W']);
  });

  it('draws the same bytes for the same layout, with its title and pages', async () => {
    const layout: PdfLayout = {
      title: 'INC-1 Slip',
      madeAt: '2026-03-01T09:00:00.000Z',
      blocks: [{ text: 'Slip', size: 16, isBold: true }, { gap: 12 }, { text: 'one\ntwo' }, { newPage: true }, { text: 'three' }],
    };
    const bytes = await renderPdf(layout);
    expect(Buffer.from(await renderPdf(layout)).equals(Buffer.from(bytes))).toBe(true);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe('INC-1 Slip');
    expect(pdf.getPageCount()).toBe(2);
  });
});
