import { describe, expect, it } from 'vitest';
import { paddedList } from './document-labels.ts';

describe('paddedList', () => {
  it('pads to the next power of two with the last value, so few counts of ids share a statement text', () => {
    expect(paddedList([])).toEqual([]);
    expect(paddedList([7])).toEqual([7]);
    expect(paddedList([1, 2, 3])).toEqual([1, 2, 3, 3]);
    expect(paddedList(['a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'b', 'c', 'd', 'e', 'e', 'e', 'e']);
    expect(paddedList([1, 2, 3, 4, 5, 6, 7, 8])).toHaveLength(8);
  });

  it('adds no value that was not asked for', () => {
    const values = [4, 9, 2, 11, 5, 6];
    expect(new Set(paddedList(values))).toEqual(new Set(values));
  });
});
