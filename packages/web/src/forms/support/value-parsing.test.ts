import { describe, expect, it } from 'vitest';
import { parseNumberInput, readPath, textOrUndefined } from './value-parsing.ts';

describe('value parsing (docs/product/forms-and-lists.md#field-values)', () => {
  it('stores numeric text as a float and empty text as undefined', () => {
    expect(parseNumberInput('12.5', false)).toBe(12.5);
    expect(parseNumberInput(' 3,25 ', false)).toBe(3.25);
    expect(parseNumberInput('', false)).toBeUndefined();
    expect(textOrUndefined('')).toBeUndefined();
  });

  it('keeps text that is not a number (or a fraction in an integer field) for the validator to refuse', () => {
    expect(parseNumberInput('12abc', false)).toBe('12abc');
    expect(parseNumberInput('1.5', true)).toBe('1.5');
    expect(parseNumberInput('-4', true)).toBe(-4);
  });

  it('reads own properties only', () => {
    expect(readPath({ a: { b: [1, 2] } }, 'a.b.1')).toBe(2);
    expect(readPath({}, 'constructor')).toBeUndefined();
  });
});
