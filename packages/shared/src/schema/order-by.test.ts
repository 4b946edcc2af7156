import { describe, expect, it } from 'vitest';
import type { FieldCatalog } from '../filter/field-catalog.ts';
import { parseGroupBy, parseOrderBy, QueryParameterError } from './order-by.ts';

const catalog: FieldCatalog = {
  created_date: { type: 'datetime', column: 'created_date' },
  descrip: { type: 'text', column: 'descrip' },
  priority: { type: 'integer' },
  category: { type: 'string' },
  tags: { type: 'string[]' },
  salary: { type: 'number', readable: false },
};

describe('parseOrderBy', () => {
  it('reads comma-separated terms with a default ascending direction', () => {
    expect(parseOrderBy(' priority DESC, category ', catalog)).toEqual([
      { field: 'priority', direction: 'desc' },
      { field: 'category', direction: 'asc' },
    ]);
    expect(parseOrderBy('', catalog)).toEqual([]);
  });

  it.each([
    ['password asc', 'Cannot order by field: password'],
    ['salary desc', 'Cannot order by field: salary'],
    ['tags asc', 'Cannot order by field: tags'],
    ['descrip asc', 'Cannot order by field: descrip'],
    ['priority sideways', 'Invalid order: priority sideways'],
    ['priority asc extra', 'Invalid order: priority asc extra'],
    ['constructor asc', 'Cannot order by field: constructor'],
    ['t1.password asc', 'Cannot order by field: t1.password'],
    ['priority, priority desc', 'Invalid order: priority appears twice'],
    ['a,b,c,d', 'Invalid order: at most 3 fields'],
  ])('refuses %s', (text, message) => {
    expect(() => parseOrderBy(text, catalog)).toThrow(new QueryParameterError(message));
  });
});

describe('parseGroupBy', () => {
  it('accepts up to three readable scalar fields', () => {
    expect(parseGroupBy('category, priority', catalog)).toEqual(['category', 'priority']);
    expect(() => parseGroupBy('salary', catalog)).toThrow('Cannot group by field: salary');
    expect(() => parseGroupBy('category,category', catalog)).toThrow('a field appears twice');
  });
});
