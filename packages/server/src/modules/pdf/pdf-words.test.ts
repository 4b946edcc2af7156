/** The PDF's words in the reader's language (docs/product/forms-and-lists.md#document-pdf): dates as the web app writes them. */
import { describe, expect, it } from 'vitest';
import type { DocumentSchema } from '@docket/shared';
import { pdfLanguageOf, pdfWordsFor, whenIn } from './pdf-words.ts';

describe('document PDF words', () => {
  it('writes English dates day before month (en-GB, as the web app), French and Spanish in their own way', () => {
    expect(whenIn('en', 'UTC')('2026-03-01', 'date')).toBe('1 Mar 2026');
    expect(whenIn('en', 'UTC')('2026-03-12T09:05:00.000Z', 'date-time')).toBe('12 Mar 2026, 09:05');
    expect(whenIn('fr', 'UTC')('2026-03-01', 'date')).toBe('1 mars 2026');
    expect(whenIn('es', 'UTC')('2026-03-01', 'date')).toBe('1 mar 2026');
    // A date-time in the organisation's time zone; a date-only value is its own calendar day.
    expect(whenIn('en', 'Pacific/Auckland')('2026-03-12T20:00:00.000Z', 'date-time')).toBe('13 Mar 2026, 09:00');
    expect(whenIn('en', 'Pacific/Auckland')('2026-03-12', 'date')).toBe('12 Mar 2026');
    expect(whenIn('en', 'UTC')('not a date', 'date-time')).toBe('not a date');
  });

  it('reads a language it does not write as English', () => {
    expect(pdfLanguageOf('fr-CA')).toBe('fr');
    expect(pdfLanguageOf('ES')).toBe('es');
    expect(pdfLanguageOf('de')).toBe('en');
    expect(pdfLanguageOf(undefined)).toBe('en');
    expect(whenIn(pdfLanguageOf('en-US'), 'UTC')('2026-03-01', 'date')).toBe('1 Mar 2026');
  });

  it("translates the type's texts with its own translations, and nothing else", () => {
    const type = { type: 't', i18n: { data: { fr: { Injury: 'Blessure', toString: 'x' } } } } as unknown as DocumentSchema;
    const words = pdfWordsFor(type, 'fr', 'UTC');
    expect([words.translate('Injury'), words.translate('Near Miss'), words.translate('constructor')]).toEqual([
      'Blessure',
      'Near Miss',
      'constructor',
    ]);
    expect(words.yes).toBe('Oui');
  });
});
