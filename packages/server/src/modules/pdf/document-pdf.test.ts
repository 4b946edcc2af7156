/** The words a document's PDF prints (docs/product/forms-and-lists.md#document-pdf). */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { cutWord, printable, valueText } from './document-pdf.ts';

describe('document PDF text', () => {
  it('keeps Windows-1252 text and marks what the standard fonts cannot draw', () => {
    expect(printable('Début — 5 € “ok”\tend')).toBe('Début — 5 € “ok”  end');
    expect(printable('工場 ✓')).toBe('?? ?');
  });

  it('prints labels for references, Yes / No for flags, lists joined, and nothing for empty values', () => {
    expect(valueText(12, 'Harbour Depot', 'Yes', 'No')).toBe('Harbour Depot');
    expect(valueText(['a', 'b'], ['Ada', null], 'Yes', 'No')).toBe('Ada');
    expect(valueText(true, undefined, 'Oui', 'Non')).toBe('Oui');
    expect(valueText(['x', 'y'], undefined, 'Yes', 'No')).toBe('x, y');
    expect(valueText('', undefined, 'Yes', 'No')).toBeUndefined();
    expect(valueText({ a: 1 }, undefined, 'Yes', 'No')).toBeUndefined();
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
});
