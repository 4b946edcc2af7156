/** Integers bounded to what JavaScript holds exactly (docs/product/README.md#messages-and-limits). */
import { describe, expect, it } from 'vitest';
import { withSafeIntegers } from './body-validation.ts';

const MAX = Number.MAX_SAFE_INTEGER;

describe('withSafeIntegers', () => {
  it('bounds every unbounded integer, however deep, and keeps the bounds a schema names', () => {
    const schema = {
      type: 'object',
      properties: {
        start: { type: 'integer', minimum: 0 },
        id: { type: ['integer', 'null'] },
        count: { type: 'integer', minimum: 1, maximum: 500 },
        ids: { type: 'array', items: { type: 'integer' } },
        either: { anyOf: [{ type: 'integer', exclusiveMaximum: 10 }, { type: 'string' }] },
        name: { type: 'string' },
      },
    };
    const bounded = withSafeIntegers(schema);
    expect(bounded.properties.start).toEqual({ type: 'integer', minimum: 0, maximum: MAX });
    expect(bounded.properties.id).toEqual({ type: ['integer', 'null'], minimum: -MAX, maximum: MAX });
    expect(bounded.properties.count).toEqual({ type: 'integer', minimum: 1, maximum: 500 });
    expect(bounded.properties.ids.items).toEqual({ type: 'integer', minimum: -MAX, maximum: MAX });
    expect(bounded.properties.either.anyOf).toEqual([{ type: 'integer', exclusiveMaximum: 10, minimum: -MAX }, { type: 'string' }]);
    expect(bounded.properties.name).toEqual({ type: 'string' });
    // The route's own schema is not changed.
    expect(schema.properties.start).toEqual({ type: 'integer', minimum: 0 });
  });

  it('reads properties named like keywords as schemas, and data keywords as data', () => {
    const schema = {
      type: 'object',
      required: ['type'],
      properties: { enum: { type: 'integer' }, default: { type: 'integer' }, type: { type: 'string', enum: ['integer'] } },
      default: { type: 'integer' },
    };
    const bounded = withSafeIntegers(schema);
    expect(bounded.properties.enum).toEqual({ type: 'integer', minimum: -MAX, maximum: MAX });
    expect(bounded.properties.default).toEqual({ type: 'integer', minimum: -MAX, maximum: MAX });
    expect(bounded.properties.type).toEqual({ type: 'string', enum: ['integer'] });
    expect(bounded.default).toEqual({ type: 'integer' });
    expect(bounded.required).toEqual(['type']);
  });
});
