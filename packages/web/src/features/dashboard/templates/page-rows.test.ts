import { describe, expect, it } from 'vitest';
import { columnsOf, rowsOf, withCardReplaced } from './page-rows.ts';

// docs/product/reporting.md#dashboard: rows of cards, rowTemplate.
describe('page rows', () => {
  const page = {
    rows: [[{ type: 'Title' }], { cards: [{ type: 'Metric' }, { type: 'Spark' }], template: '2fr 1fr' }, { type: 'Table' }, 'junk'],
  };

  it('reads both row shapes and a lone card', () => {
    const rows = rowsOf(page as never);
    expect(rows.map((row) => row.cards.map((card) => card.type))).toEqual([['Title'], ['Metric', 'Spark'], ['Table'], []]);
    expect(rows[1]?.template).toBe('2fr 1fr');
  });

  it('lays out by the row, the page, the widths, else equal shares', () => {
    expect(columnsOf({ cards: [{}], template: '1fr 2fr' }, '3fr')).toBe('1fr 2fr');
    expect(columnsOf({ cards: [{}] }, '3fr')).toBe('3fr');
    expect(columnsOf({ cards: [{ width: 8 }, { width: 4 }] }, undefined)).toBe('minmax(0, 8fr) minmax(0, 4fr)');
    expect(columnsOf({ cards: [{}, {}] }, undefined)).toBe('repeat(2, minmax(0, 1fr))');
  });

  it('replaces one card and keeps the row shape', () => {
    const next = withCardReplaced(page as never, 1, 1, { type: 'Chart' });
    expect(next.rows?.[1]).toEqual({ cards: [{ type: 'Metric' }, { type: 'Chart' }], template: '2fr 1fr' });
    expect(next.rows?.[0]).toEqual([{ type: 'Title' }]);
  });
});
