import { describe, expect, it } from 'vitest';
import { formatDisplayId } from './display-id.ts';

describe('formatDisplayId', () => {
  it('pads the sequence and fills the year', () => {
    expect(formatDisplayId('INC-{yyyy}-{seq:5}', 'incident', 42, new Date('2026-03-01T00:00:00Z'))).toBe('INC-2026-00042');
  });
  it('falls back to TYPE-00001 without a mask', () => {
    expect(formatDisplayId(undefined, 'post', 1)).toBe('POST-00001');
  });
  it('does not pad an unpadded sequence', () => {
    expect(formatDisplayId('A{seq}', 'x', 1234)).toBe('A1234');
  });
});
