import { describe, expect, it } from 'vitest';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { bulkConnections, laneLimitedPool } from './pg-bulk-lane.ts';

/** A pool that hands out numbered clients at once and counts the ones not yet released. */
function fakePool() {
  const state = { out: 0, made: 0, ended: false };
  const pool: PostgresPool = {
    connect: async () => {
      state.out += 1;
      state.made += 1;
      return { query: (async () => ({ rows: [] })) as unknown as PostgresPoolClient['query'], release: () => void (state.out -= 1) };
    },
    end: async () => void (state.ended = true),
  };
  return { pool, state };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('laneLimitedPool', () => {
  it('hands out at most its slots, then each freed slot to the next read in order', async () => {
    const { pool, state } = fakePool();
    const lane = laneLimitedPool(pool, 2);
    const order: number[] = [];
    const asked = [1, 2, 3, 4].map((n) => lane.connect().then((client) => (order.push(n), client)));
    await settled();
    expect(order).toEqual([1, 2]);
    expect(state.out).toBe(2);
    const [first] = await Promise.all(asked.slice(0, 2));
    first!.release();
    first!.release(); // a second release frees nothing more
    await settled();
    expect(order).toEqual([1, 2, 3]);
    expect(state.out).toBe(2);
  });

  it('frees the slot when the pool cannot connect, and never ends the pool it shares', async () => {
    let fail = true;
    const { pool, state } = fakePool();
    const flaky: PostgresPool = { connect: () => (fail ? Promise.reject(new Error('down')) : pool.connect()), end: pool.end };
    const lane = laneLimitedPool(flaky, 1);
    await expect(lane.connect()).rejects.toThrow('down');
    fail = false;
    const client = await lane.connect();
    expect(state.out).toBe(1);
    client.release();
    await lane.end();
    expect(state.ended).toBe(false);
  });

  it('lets bulk reads hold half the connections, at least one', () => {
    expect([1, 2, 4, 10].map(bulkConnections)).toEqual([1, 1, 2, 5]);
  });
});
