import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MAX_HOLD_MS,
  areSecondaryReadsHeld,
  holdSecondaryReads,
  releaseSecondaryReads,
  releaseSecondaryReadsOffDashboard,
} from './secondary-reads.ts';
import { isDashboardPath } from '../features/dashboard/landing.ts';

// docs/product/reporting.md#dashboard: the shell's reads wait for the dashboard's first figures only.
describe('secondary reads', () => {
  afterEach(() => {
    releaseSecondaryReads();
    vi.useRealTimers();
  });

  it('stay held on the dashboard, and are let go when the user moves to another screen', () => {
    holdSecondaryReads();
    releaseSecondaryReadsOffDashboard(isDashboardPath('/dashboard/12'));
    expect(areSecondaryReadsHeld()).toBe(true);
    releaseSecondaryReadsOffDashboard(isDashboardPath('/docs/$$event'));
    expect(areSecondaryReadsHeld()).toBe(false);
  });

  it('are never held longer than MAX_HOLD_MS', () => {
    vi.useFakeTimers();
    holdSecondaryReads();
    vi.advanceTimersByTime(MAX_HOLD_MS - 1);
    expect(areSecondaryReadsHeld()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(areSecondaryReadsHeld()).toBe(false);
  });

  it('know the dashboard paths', () => {
    expect(['/', '/dashboard', '/dashboard/', '/dashboard/7'].every(isDashboardPath)).toBe(true);
    expect(['/docs/incident', '/dashboards', '/admin', '/dashboard/x'].some(isDashboardPath)).toBe(false);
  });
});
