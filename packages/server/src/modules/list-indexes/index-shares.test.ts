import { describe, expect, it } from 'vitest';
import { ownShare } from './index-shares.ts';

describe('ownShare', () => {
  it('scales the bytes by the entries that are the organisation’s', () => {
    expect(ownShare(100_000, 1000, 10)).toBe(1000);
    expect(ownShare(100_000, 1000, 0)).toBe(0);
  });

  it('never answers more than the whole, even when the entry count is behind', () => {
    expect(ownShare(100_000, 1000, 5000)).toBe(100_000);
    expect(ownShare(100_000, 0, 3)).toBe(100_000);
  });

  it('says nothing rather than the whole size when a measure is missing', () => {
    expect(ownShare(null, 1000, 10)).toBeNull();
    expect(ownShare(100_000, null, 10)).toBeNull();
  });
});
