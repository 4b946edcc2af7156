/** Which upkeep vacuums clean the indexes (visibility-upkeep.ts, docs/architecture.md#planner-statistics). */
import { describe, expect, it } from 'vitest';
import { CLEANING_EVERY, isCleaning, UPKEEP_CHANGED_ROWS } from './visibility-upkeep.ts';

describe('the upkeep vacuum', () => {
  it('cleans the indexes one vacuum in ten, by the table’s own vacuum count', () => {
    const cleaning = Array.from({ length: 2 * CLEANING_EVERY }, (_, vacuums) => isCleaning({ vacuums, dead: 0, tuples: 200_000 }));
    expect(cleaning.filter(Boolean)).toHaveLength(2);
    expect(cleaning[CLEANING_EVERY - 1]).toBe(true);
    expect(cleaning[0]).toBe(false);
  });

  it('cleans them whenever a fiftieth of the table is dead rows, beyond the rows that start an upkeep', () => {
    expect(isCleaning({ vacuums: 0, dead: 4_000 + UPKEEP_CHANGED_ROWS - 1, tuples: 200_000 })).toBe(false);
    expect(isCleaning({ vacuums: 0, dead: 4_000 + UPKEEP_CHANGED_ROWS, tuples: 200_000 })).toBe(true);
  });
});
