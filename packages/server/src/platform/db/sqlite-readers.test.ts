import { describe, expect, it } from 'vitest';
import { registerRowShape, rowObjects } from './sqlite-readers.ts';

describe('rowObjects (rows from the reader threads, sent as arrays)', () => {
  it('answers one object per row, columns in order, as the main connection does', () => {
    const rows = rowObjects(
      ['id', 'summary', 'data'],
      [
        [1, 'A', '{}'],
        [2, 'B', null],
      ],
    );
    expect(rows).toEqual([
      { id: 1, summary: 'A', data: '{}' },
      { id: 2, summary: 'B', data: null },
    ]);
    expect(Object.keys(rows[0]!)).toEqual(['id', 'summary', 'data']);
  });

  it('keeps the last of two columns of one name', () => {
    expect(rowObjects(['a', 'a'], [[1, 2]])).toEqual([{ a: 2 }]);
  });

  it('takes a column named __proto__ as a column, never as the prototype', () => {
    const [row] = rowObjects(['__proto__', 'id'], [[{ polluted: true }, 7]]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.hasOwn(row!, '__proto__')).toBe(true);
    expect((row as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers no rows for an empty result', () => {
    expect(rowObjects(['id'], [])).toEqual([]);
  });
});

describe('registerRowShape (rows of a known statement made as one object literal)', () => {
  it('makes the rows of exactly the registered columns with the builder', () => {
    registerRowShape(['shape_a', 'shape_b'], (values) => ({ shape_a: values[0], shape_b: values[1], built: true }));
    expect(rowObjects(['shape_a', 'shape_b'], [[1, 2]])).toEqual([{ shape_a: 1, shape_b: 2, built: true }]);
  });

  it('makes rows of other columns (one more, another order) by their names', () => {
    registerRowShape(['shape_c', 'shape_d'], () => ({ built: true }));
    expect(rowObjects(['shape_c', 'shape_d', 'k0'], [[1, 2, 3]])).toEqual([{ shape_c: 1, shape_d: 2, k0: 3 }]);
    expect(rowObjects(['shape_d', 'shape_c'], [[1, 2]])).toEqual([{ shape_d: 1, shape_c: 2 }]);
  });
});
