/** The words a document's PDF prints (docs/product/forms-and-lists.md#document-pdf). */
import { describe, expect, it } from 'vitest';
import { printable, valueText } from './document-pdf.ts';

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
});
