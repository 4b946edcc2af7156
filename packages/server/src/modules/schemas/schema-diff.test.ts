import { describe, expect, it } from 'vitest';
import { changedProperties, diffSchemas } from './schema-diff.ts';

describe('diffSchemas', () => {
  it('answers JSON Pointer paths with before and after', () => {
    const before = { type: 'x', form: { title: 'X', schema: { properties: { a: { type: 'string' } } } }, indexed: ['a'] };
    const after = {
      type: 'x',
      form: { title: 'X v2', schema: { properties: { a: { type: 'string' }, 'b/c': { type: 'integer' } } } },
      indexed: ['a', 'b'],
    };
    expect(diffSchemas(before, after)).toEqual([
      { path: '/form/schema/properties/b~1c', after: { type: 'integer' } },
      { path: '/form/title', before: 'X', after: 'X v2' },
      { path: '/indexed/1', after: 'b' },
    ]);
    expect(diffSchemas(after, after)).toEqual([]);
  });
  it('lists changed top-level properties', () => {
    expect(changedProperties(null, { type: 'x', form: {} })).toEqual(['form', 'type']);
    expect(changedProperties({ type: 'x', category: 'A' }, { type: 'x', category: 'B' })).toEqual(['category']);
  });
});
