/**
 * Which reader thread takes a read (sqlite-readers.ts; docs/architecture.md#reader-threads): the
 * choice alone, from what each thread has in hand, so its rules are testable without threads.
 */
import type { ReadLane } from './sqlite-readers.ts';

/** What one thread has in hand when a read is to be sent. */
export interface ThreadLoad {
  /** Its unanswered reads at its recent reads' cost each, in ms. */
  queuedMs: number;
  /** How long its oldest unanswered read has waited, in ms (0 when it has none). */
  heldMs: number;
  /** Its unanswered bulk reads. */
  bulk: number;
}

/**
 * A list read goes to the first thread whose expected wait (queued plus held) is below this (ms):
 * lists stay on one thread while it keeps up, and go to the next when it is held (a slow filter, a
 * long read). Spread evenly over two threads on two cores, the cold list cost 13–17 % more CPU per
 * answer than on one (the threads woke each other's cores); kept on the first it cost the same
 * (issue 18, bench/README.md, thirtieth session).
 */
export const SPILL_MS = 10;

/**
 * …or whose queued reads alone reach this (ms). Deep pages by number (0.7–1.2 ms of a thread each
 * on 1,000,000 incidents) queued up to 10 ms on the first thread while the second idled: page
 * 1,000 answered 799–884 req/s for a site-restricted user, p95 20–22 ms, its reads one core's
 * worth. Spilled at 4 ms of queued reads, 910–994 req/s, p95 18–20 ms; the cold list's cheap reads
 * (0.15–0.3 ms) seldom queue that much, and its rate did not move (bench/README.md, fifty-third
 * session).
 */
export const QUEUED_SPILL_MS = 4;

/**
 * The index of the thread to send a read to: the first the lane may use whose wait is short (see
 * above), else the one with the shortest wait. The first thread never takes a bulk read, and a
 * list read never goes to a thread holding one: whatever the charts and groups being read, lists
 * always have a thread.
 */
export function threadToRead(loads: readonly ThreadLoad[], lane: ReadLane): number {
  let chosen = 0;
  let least = Number.POSITIVE_INFINITY;
  for (const [index, load] of loads.entries()) {
    if (lane === 'bulk' ? index === 0 && loads.length > 1 : load.bulk > 0) continue;
    const wait = load.queuedMs + load.heldMs;
    if (wait < SPILL_MS && load.queuedMs < QUEUED_SPILL_MS) return index;
    if (wait < least) [chosen, least] = [index, wait];
  }
  return chosen;
}
