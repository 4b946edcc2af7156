/**
 * The bulk lane on PostgreSQL (docs/architecture.md#reader-threads): reads that may walk every
 * document of a type — groups, charts, KPI facts, storage sums — share the serving pool with the
 * lists but hold at most some of its connections at once. Unbounded, a dashboard's charts for a
 * few users took every connection and a list waited for one as long as a group of 1,000,000
 * incidents takes; bounded, a list always finds a connection the charts cannot take. The embedded
 * database's reader threads keep the same promise with a thread of their own (sqlite-readers.ts).
 */
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/** Connections of a pool of `size` that bulk reads may hold at once: half, at least one. */
export function bulkConnections(size: number): number {
  return Math.max(1, Math.floor(size / 2));
}

/**
 * The same pool, handing out at most `slots` connections at once; the reads beyond wait their
 * turn in order. Ending it ends nothing: the serving Kysely instance owns the pool.
 */
export function laneLimitedPool(pool: PostgresPool, slots: number): PostgresPool {
  let free = slots;
  const waiting: (() => void)[] = [];
  const take = (): Promise<void> => {
    if (free > 0) {
      free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  // A freed slot goes straight to the next read waiting, so none can overtake it.
  const giveBack = () => {
    const next = waiting.shift();
    if (next) next();
    else free += 1;
  };
  return {
    connect: async (): Promise<PostgresPoolClient> => {
      await take();
      let client: PostgresPoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        giveBack();
        throw error;
      }
      let released = false;
      return {
        query: client.query,
        release: () => {
          if (released) return;
          released = true;
          client.release();
          giveBack();
        },
      };
    },
    end: async () => {},
  };
}
