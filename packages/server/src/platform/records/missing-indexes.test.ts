import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { hintsPerDatabase, isHinted, isMissingIndex, remember, rememberMissingIndex } from './missing-indexes.ts';

/** Two databases as the hints see them: keys of a weak map, nothing read from them. */
const first = {} as Database;
const second = {} as Database;

describe('hints kept per database', () => {
  it('a missing index is remembered for the database that lacked it only', () => {
    rememberMissingIndex(first, 'ix_incident_category');
    expect(isMissingIndex(first, 'ix_incident_category')).toBe(true);
    expect(isMissingIndex(second, 'ix_incident_category')).toBe(false);
    expect(isMissingIndex(first, 'ix_incident_site')).toBe(false);
  });

  it('a hint lasts until its time and no longer', () => {
    const hints = hintsPerDatabase();
    remember(hints(first), 'walk', 60_000);
    remember(hints(first), 'gone', -1);
    expect(isHinted(hints(first), 'walk')).toBe(true);
    expect(isHinted(hints(first), 'gone')).toBe(false);
    expect(isHinted(hints(second), 'walk')).toBe(false);
  });
});
