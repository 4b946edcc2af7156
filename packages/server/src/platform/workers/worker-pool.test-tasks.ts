/** Tasks for worker-pool.test.ts: one that finishes, one that never does, two that eat memory. */
import { taskStarted, type TaskEnvelope } from './worker-pool.ts';

export function double(task: TaskEnvelope & { value: number }): number {
  taskStarted(task);
  return task.value * 2;
}

export function spin(task: TaskEnvelope): never {
  taskStarted(task);
  for (;;) {
    // A parse that never ends.
  }
}

export function hoard(task: TaskEnvelope): number {
  taskStarted(task);
  const kept: unknown[] = [];
  for (;;) kept.push({ index: kept.length, text: `item ${kept.length}` });
}

/** Grows ArrayBuffers (outside the JavaScript heap, like an inflating stream) up to 1.5 GB. */
export function inflate(task: TaskEnvelope): string {
  taskStarted(task);
  const kept: Uint8Array[] = [];
  while (kept.length < 1536) kept.push(new Uint8Array(1024 * 1024).fill(kept.length % 256));
  return 'not stopped';
}
