import { describe, expect, it } from 'vitest';
import { QUEUED_SPILL_MS, SPILL_MS, threadToRead, type ThreadLoad } from './sqlite-reader-choice.ts';

const idle: ThreadLoad = { queuedMs: 0, heldMs: 0, bulk: 0 };
/** A thread with `reads` unanswered reads of `ms` each, its oldest sent `heldMs` ago. */
const busy = (reads: number, ms: number, heldMs = 0): ThreadLoad => ({ queuedMs: reads * ms, heldMs, bulk: 0 });

describe('threadToRead (which reader thread takes a read)', () => {
  it('keeps cheap list reads on the first thread while it keeps up, though the second is idle', () => {
    // Ten cold-list reads of 0.25 ms queued, the oldest sent 3 ms ago: spreading them would cost CPU.
    expect(threadToRead([busy(10, 0.25, 3), idle], 'list')).toBe(0);
  });

  it('sends a list read to the second thread once the first has queued reads worth QUEUED_SPILL_MS', () => {
    // Four deep pages of 1.2 ms each: under SPILL_MS of wait, but one core's worth of reads.
    expect(busy(4, 1.2).queuedMs).toBeGreaterThanOrEqual(QUEUED_SPILL_MS);
    expect(busy(4, 1.2).queuedMs).toBeLessThan(SPILL_MS);
    expect(threadToRead([busy(4, 1.2), idle], 'list')).toBe(1);
    expect(threadToRead([busy(3, 1.2), idle], 'list')).toBe(0);
  });

  it('sends a list read to the second thread when the first is held by a long read', () => {
    expect(threadToRead([busy(1, 0.25, SPILL_MS), idle], 'list')).toBe(1);
  });

  it('picks the shorter wait when both threads are busy', () => {
    expect(threadToRead([busy(2, 1, 20), busy(6, 1, 5)], 'list')).toBe(1);
    expect(threadToRead([busy(6, 1, 5), busy(2, 1, 20)], 'list')).toBe(0);
  });

  it('never sends a list read to a thread holding a bulk read, however idle it looks', () => {
    expect(threadToRead([busy(30, 1, 50), { ...idle, bulk: 1 }], 'list')).toBe(0);
    expect(threadToRead([{ ...idle, bulk: 1 }, busy(30, 1, 50)], 'list')).toBe(1);
  });

  it('never sends a bulk read to the first thread when there are others', () => {
    expect(threadToRead([idle, busy(2, 200, 300)], 'bulk')).toBe(1);
    expect(threadToRead([idle, busy(2, 200, 300), idle], 'bulk')).toBe(2);
    expect(threadToRead([idle], 'bulk')).toBe(0);
  });
});
