import { describe, expect, it } from 'vitest';
import { keywordOptions } from './keyword-options.ts';

const list = {
  key: 'cause',
  options: [
    {
      id: 1,
      label: 'Equipment',
      children: [
        { id: 11, label: 'Guard missing' },
        { id: 12, label: 'Worn tool' },
      ],
    },
    { id: 2, label: 'People', descrip: 'Human factors', dependencies: [{ property: 'category', value: 'Injury' }] },
  ],
};

describe('keywordOptions', () => {
  it('answers options with children, parents and dependencies', () => {
    expect(keywordOptions(list, undefined)).toEqual([
      {
        value: 1,
        label: 'Equipment',
        active: true,
        isParent: true,
        children: [
          { value: 11, label: 'Guard missing', parentValue: 1 },
          { value: 12, label: 'Worn tool', parentValue: 1 },
        ],
      },
      {
        value: 2,
        label: 'People',
        active: true,
        isParent: false,
        descrip: 'Human factors',
        dependencies: [{ property: 'category', value: 'Injury' }],
      },
    ]);
  });
  it('filters by a search term in an option or its children', () => {
    expect(keywordOptions(list, 'GUARD').map((o) => o.value)).toEqual([1]);
    expect(keywordOptions(list, 'peo').map((o) => o.value)).toEqual([2]);
    expect(keywordOptions(list, 'zzz')).toEqual([]);
  });
});
