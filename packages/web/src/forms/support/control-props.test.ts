import { describe, expect, it } from 'vitest';
import { fieldError, firstError } from './control-props.ts';

// docs/product/forms-and-lists.md: a control shows one error, in the field's own words when it has them.
describe('the error a control shows', () => {
  it('is the first of the errors JSON Forms joins', () => {
    expect(firstError('must be a string\nmust match pattern')).toBe('must be a string');
    expect(firstError(undefined)).toBe('');
  });

  it("is the field's own words when it has them, and nothing without an error", () => {
    const colour = { type: 'string', 'x-message': 'must be a colour such as #263238' };
    expect(fieldError('must match pattern "^#"', colour)).toBe('must be a colour such as #263238');
    expect(fieldError('', colour)).toBe('');
    expect(fieldError('must be a string\nother', { type: 'string' })).toBe('must be a string');
  });
});
