/**
 * The facts cache's pure rules (docs/architecture.md "Reporting"): which UTC months' stamps a month
 * of the organisation depends on, and which filters are never cached.
 */
import { describe, expect, it } from 'vitest';
import { parseFilter, monthIndexOf } from '@docket/shared';
import { dependsOnRuntime, stampKeysOf } from './month-facts.ts';

const month = (year: number, m: number) => monthIndexOf({ year, month: m });

describe('stampKeysOf', () => {
  it('is the month itself in UTC and for a date-only field', () => {
    expect(stampKeysOf(month(2025, 2), 'UTC', false)).toEqual(['2025-02']);
    expect(stampKeysOf(month(2025, 2), 'Australia/Sydney', true)).toEqual(['2025-02']);
  });

  it('reaches into the UTC month before east of Greenwich and after west of it', () => {
    // Sydney's February starts on 31 January 13:00 UTC; New York's ends on 1 March 05:00 UTC.
    expect(stampKeysOf(month(2025, 2), 'Australia/Sydney', false)).toEqual(['2025-01', '2025-02']);
    expect(stampKeysOf(month(2025, 2), 'America/New_York', false)).toEqual(['2025-02', '2025-03']);
  });
});

describe('dependsOnRuntime', () => {
  const filter = parseFilter;

  it('is false for literal filters and no filter', () => {
    expect(dependsOnRuntime(null)).toBe(false);
    expect(dependsOnRuntime(filter("recordable = true AND category IN ('Injury', 'Near Miss')"))).toBe(false);
  });

  it('is true when a filter reads today, now or the user, however deep', () => {
    expect(dependsOnRuntime(filter('due_date < today()'))).toBe(true);
    expect(dependsOnRuntime(filter('closed = false AND NOT (due_date >= now())'))).toBe(true);
    expect(dependsOnRuntime(filter("category = 'Injury' OR created_by = $user"))).toBe(true);
  });
});
