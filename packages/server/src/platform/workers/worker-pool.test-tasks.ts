/** Tasks for worker-pool.test.ts: one that finishes, one that never does, one that eats its heap. */
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
