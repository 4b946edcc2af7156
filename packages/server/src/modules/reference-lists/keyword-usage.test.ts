import { describe, expect, it } from 'vitest';
import { builtinTypeByName, type DocumentSchema } from '@docket/shared';
import { keywordKeysOf } from './keyword-usage.ts';

describe('keywordKeysOf', () => {
  it('finds the keyword lists of top-level, array and conditional fields', () => {
    const type = {
      type: 'x',
      form: {
        schema: {
          type: 'object',
          properties: {
            cause: { type: 'integer', 'x-lookup': { keyword: 'cause' } },
            rows: { type: 'array', items: { type: 'object', properties: { kind: { type: 'integer', 'x-lookup': { keyword: 'kind' } } } } },
            site_id: { type: 'integer', 'x-lookup': { doc_type: 'site' } },
          },
          allOf: [{ if: { properties: {} }, then: { properties: { extra: { type: 'integer', 'x-lookup': { keyword: 'extra' } } } } }],
        },
      },
    } as unknown as DocumentSchema;
    expect([...keywordKeysOf(type)].sort()).toEqual(['cause', 'extra', 'kind']);
  });

  it('finds the built-in action category', () => {
    expect(keywordKeysOf(builtinTypeByName('action')!).has('action_category')).toBe(true);
    expect(keywordKeysOf(builtinTypeByName('currency')!).size).toBe(0);
  });
});
