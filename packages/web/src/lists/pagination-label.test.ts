import { describe, expect, it } from 'vitest';
import { displayedRows, type PaginationTotal } from './pagination-label.ts';
import { enApp } from '../i18n/app/en.ts';
import { frApp } from '../i18n/app/fr.ts';

/** A translation by the locale's own texts, as i18next fills them. */
const labelIn = (texts: { lists: Record<string, unknown> }) => (from: number, to: number, total: PaginationTotal) => {
  const { key, values } = displayedRows(from, to, total);
  const text = String(texts.lists[key.replace('lists.', '')]);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name as keyof typeof values]));
};

describe('the pagination bar’s range of rows', () => {
  it('says the total is a lower bound, or an estimate, beyond the counted window', () => {
    const label = labelIn(enApp);
    expect(label(46, 60, { total: 120 })).toBe('46–60 of 120');
    expect(label(46, 60, { total: 1045, isEstimate: true })).toBe('46–60 of more than 1045');
    expect(label(46, 60, { total: 1045, isEstimate: true, estimate: 998_000 })).toBe('46–60 of about 998000');
  });

  it('speaks the reader’s language', () => {
    const label = labelIn(frApp);
    expect(label(1, 15, { total: 1015, isEstimate: true })).toBe('1–15 sur plus de 1015');
  });
});
