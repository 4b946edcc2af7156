/**
 * Schema work of the embedded database off the event loop (docs/architecture.md#reader-threads):
 * while an index builds on its own connection, the reader threads answer and timers fire — with the
 * build on the main connection neither could happen before it ended, node:sqlite being
 * synchronous — while a write on the main connection waits for the build and is then stored; a
 * failing script rejects with SQLite's own message and frees the main connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { openDatabase, runSchemaStatements } from './database.ts';

/** Work that may take seconds (`runSchemaStatements`): small work stays on the main connection. */
const OFF_LOOP = { offLoop: true };

/** Rows enough that the build takes hundreds of ms, against about one ms for a read. */
const PROBE_ROWS = 300_000;

describe('schema work of the embedded database off the event loop', () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase('sqlite', { readThreads: 1 });
    await sql`CREATE TABLE off_loop_probe (id INTEGER PRIMARY KEY, data TEXT NOT NULL)`.execute(t.database.db);
    await sql`WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < ${sql.lit(PROBE_ROWS)})
      INSERT INTO off_loop_probe (data)
      SELECT json_object('a', i % 97, 'b', 'value ' || (i * 7919 % ${sql.lit(PROBE_ROWS)}), 'c', hex(randomblob(20))) FROM c`.execute(
      t.database.db,
    );
  });
  afterAll(async () => t.drop());

  it('builds an index on a thread of its own: reads and timers go on, a write waits for it and is kept', async () => {
    const { db, reader } = t.database;
    expect(t.database.schemaScriptOffLoop).toBeDefined();
    let built = false;
    const build = runSchemaStatements(
      t.database,
      [
        sql`CREATE INDEX off_loop_probe_abc ON off_loop_probe (json_extract(data, '$.a'), json_extract(data, '$.b'), json_extract(data, '$.c'))`,
      ],
      OFF_LOOP,
    ).then(() => {
      built = true;
    });
    // Sent once the build holds the main connection (its thread started first; short reads then go
    // to a reader thread): the write must wait for it.
    for (const until = Date.now() + 5_000; t.database.shortReads() === db && Date.now() < until;) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(t.database.shortReads()).toBe(reader);
    let writtenWhileBuilt: boolean | undefined;
    const write = sql`INSERT INTO off_loop_probe (data) VALUES (${JSON.stringify({ a: 1000, b: 'written during the build' })})`
      .execute(db)
      .then(() => {
        writtenWhileBuilt = built;
      });
    const ticks = await new Promise<number>((resolve) => {
      let count = 0;
      const timer = setInterval(() => {
        count += 1;
        if (count === 5) {
          clearInterval(timer);
          resolve(count);
        }
      }, 1);
    });
    const read = await sql<{ n: number }>`SELECT count(*) AS n FROM off_loop_probe WHERE id <= 10`.execute(reader);
    // Both answered while the build still ran.
    expect({ ticks, n: Number(read.rows[0]!.n), built }).toEqual({ ticks: 5, n: 10, built: false });
    await Promise.all([build, write]);
    expect(writtenWhileBuilt).toBe(true);
    // The main connection sees the new index (its prepared statements are planned again) and the write.
    const plan = await sql<{
      detail: string;
    }>`EXPLAIN QUERY PLAN SELECT id FROM off_loop_probe WHERE json_extract(data, '$.a') = 1000`.execute(db);
    expect(plan.rows.map((row) => row.detail).join(' ')).toContain('off_loop_probe_abc');
    const stored = await sql<{
      b: string;
    }>`SELECT json_extract(data, '$.b') AS b FROM off_loop_probe WHERE json_extract(data, '$.a') = 1000`.execute(db);
    expect(stored.rows).toEqual([{ b: 'written during the build' }]);
  });

  it("rejects with SQLite's message when the script fails, leaving the main connection free", async () => {
    await expect(runSchemaStatements(t.database, [sql`CREATE INDEX off_loop_nowhere ON no_such_table (a)`], OFF_LOOP)).rejects.toThrow(
      'no such table: main.no_such_table',
    );
    // The statements after a failing one are not run: the script stops where SQLite did.
    await expect(
      runSchemaStatements(
        t.database,
        [sql`CREATE TABLE off_loop_first (a INTEGER)`, sql`CREATE INDEX off_loop_broken ON off_loop_first (b)`],
        OFF_LOOP,
      ),
    ).rejects.toThrow('no such column: b');
    const objects = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE name LIKE 'off_loop_%' ORDER BY name`.execute(
      t.database.db,
    );
    expect(objects.rows.map((row) => row.name)).toEqual(['off_loop_first', 'off_loop_probe', 'off_loop_probe_abc']);
  });

  it('runs the warm-up read before the script, and a failing one stops the script', async () => {
    await expect(
      runSchemaStatements(t.database, [sql`CREATE TABLE off_loop_not_made (a INTEGER)`], {
        ...OFF_LOOP,
        warmUp: sql`SELECT sum(length(data)) FROM no_such_table NOT INDEXED`,
      }),
    ).rejects.toThrow('no such table: no_such_table');
    const made = await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_master WHERE name = 'off_loop_not_made'`.execute(t.database.db);
    expect(Number(made.rows[0]!.n)).toBe(0);
    await runSchemaStatements(t.database, [sql`CREATE INDEX off_loop_warmed ON off_loop_probe (id, data)`], {
      ...OFF_LOOP,
      warmUp: sql`SELECT sum(length(data)) FROM off_loop_probe NOT INDEXED`,
    });
    const built = await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_master WHERE name = 'off_loop_warmed'`.execute(t.database.db);
    expect(Number(built.rows[0]!.n)).toBe(1);
    await sql`DROP INDEX off_loop_warmed`.execute(t.database.db);
  });

  it('refuses a statement with parameters (a script carries its values in its text)', async () => {
    await expect(runSchemaStatements(t.database, [sql`ANALYZE ${'off_loop_probe'}`], OFF_LOOP)).rejects.toThrow('must carry no parameters');
  });

  it('runs the statements on the one connection of an in-memory database', async () => {
    // Opened directly: the test tier with reader threads puts every test database on disk.
    const memory = await openDatabase({ sqlitePath: ':memory:' });
    try {
      expect(memory.schemaScriptOffLoop).toBeUndefined();
      await runSchemaStatements(
        memory,
        [sql`CREATE TABLE in_memory_probe (a INTEGER)`, sql`CREATE INDEX in_memory_a ON in_memory_probe (a)`],
        OFF_LOOP,
      );
      const names = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE name LIKE 'in_memory_%' ORDER BY name`.execute(
        memory.db,
      );
      expect(names.rows.map((row) => row.name)).toEqual(['in_memory_a', 'in_memory_probe']);
    } finally {
      await memory.close();
    }
  });
});
