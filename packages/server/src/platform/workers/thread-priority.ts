/** Scheduling priority of worker threads (Linux; elsewhere nothing changes). */
import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';

/**
 * Called once by a worker module as it loads: gives its thread the lowest scheduling priority
 * (Linux: a thread's id, read from /proc/thread-self, is a valid `setpriority` target), so that on
 * a busy machine the event loop's threads are served before a long task. Elsewhere it does nothing.
 */
export function yieldToTheEventLoop(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, constants.priority.PRIORITY_LOW);
  } catch {
    // Not Linux, or not permitted: the thread keeps the process's priority.
  }
}
