import { afterAll, describe, expect, it } from 'vitest';
import { WorkLimitError, WorkerPool } from './worker-pool.ts';

const filename = new URL('./worker-pool.test-tasks.ts', import.meta.url).href;
const limitOf = (error: unknown) => (error instanceof WorkLimitError ? error.limit : error);

describe('worker pool limits', () => {
  const pool = new WorkerPool({ filename, threads: 1, timeLimitMs: 300, memoryLimitMb: 32, maxQueue: 3 });
  afterAll(() => pool.close());

  it('answers a task and ends one that overruns its time, then serves the tasks queued behind it', async () => {
    expect(await pool.run('double', { value: 21 })).toBe(42);
    const [spun, ...queued] = await Promise.all([
      pool.run('spin', {}).catch(limitOf),
      pool.run('double', { value: 1 }),
      pool.run('double', { value: 2 }),
    ]);
    expect(spun).toBe('time');
    expect(queued).toEqual([2, 4]);
  });

  it('ends a task that exceeds its heap and keeps serving', async () => {
    const roomy = new WorkerPool({ filename, threads: 1, timeLimitMs: 15_000, memoryLimitMb: 32 });
    try {
      expect(await roomy.run('hoard', {}).catch(limitOf)).toBe('memory');
      expect(await roomy.run('double', { value: 4 })).toBe(8);
    } finally {
      await roomy.close();
    }
  }, 20_000);

  it('ends a task whose buffers outside the heap exceed the limit', async () => {
    const roomy = new WorkerPool({ filename, threads: 1, timeLimitMs: 15_000, memoryLimitMb: 64 });
    try {
      expect(await roomy.run('inflate', {}).catch(limitOf)).toBe('memory');
      expect(await roomy.run('double', { value: 5 })).toBe(10);
    } finally {
      await roomy.close();
    }
  }, 20_000);

  it('refuses tasks beyond its queue at once', async () => {
    const limits = await Promise.all(Array.from({ length: 6 }, () => pool.run('spin', {}).catch(limitOf)));
    expect(limits.filter((l) => l === 'queue')).toHaveLength(2);
    expect(limits.every((l) => l === 'queue' || l === 'time')).toBe(true);
  }, 20_000);

  it('refuses work once closed', async () => {
    const closed = new WorkerPool({ filename, timeLimitMs: 300, memoryLimitMb: 32 });
    await closed.close();
    await expect(closed.run('double', { value: 1 })).rejects.toThrow('The worker pool is closed.');
  });
});
