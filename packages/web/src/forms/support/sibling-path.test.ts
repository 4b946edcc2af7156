import { describe, expect, it } from 'vitest';
import { siblingPath } from './sibling-path.ts';

describe('siblingPath', () => {
  it('finds the currency field beside the amount, at the top level and inside an array item', () => {
    expect(siblingPath('estimated_cost', 'currency_id')).toBe('currency_id');
    expect(siblingPath('legs.2.cost', 'currency_id')).toBe('legs.2.currency_id');
  });
});
