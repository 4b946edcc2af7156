import { describe, expect, it } from 'vitest';
import { parseCardSchema } from './card-schema-text.ts';

// docs/product/reporting.md#cards: 'Invalid Schema! {error}' when the text does not parse.
describe('card schema text', () => {
  it('accepts an object', () => {
    expect(parseCardSchema('{"type":"Metric","metric":"trir"}')).toEqual({ card: { type: 'Metric', metric: 'trir' } });
  });

  it('refuses text that is not JSON, and JSON that is not an object', () => {
    expect(parseCardSchema('{"type":')).toHaveProperty('error');
    expect(parseCardSchema('{"type":').error).toMatch(/JSON|Unexpected/);
    expect(parseCardSchema('[1]').error).toBe('a card schema must be a JSON object');
    expect(parseCardSchema('null').error).toBe('a card schema must be a JSON object');
  });
});
