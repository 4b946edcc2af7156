/**
 * An index of the embedded database built in chunks (docs/architecture.md#index-builds-in-chunks):
 * writes made between the chunks — rows inserted, changed in and out of the index, deleted, keys
 * set to NULL — are in the finished index, which SQLite's own `integrity_check` finds whole, which
 * a connection opened before the build reads through, and which later writes keep; a build that
 * fails (its check, or a stop half-way) leaves nothing behind and no index; what a crash left is
 * dropped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import {
  buildIndexInChunks,
  chunkedIndexDdl,
  dropBuildLeftovers,
  nextChunkIds,
  type ChunkedIndex,
  type ChunkProgress,
} from './sqlite-index-in-chunks.ts';

const ROWS = 30_000;

const probeIndex = (name: string): ChunkedIndex => ({
  name,
  table: 'chunk_probe',
  columns: ['org_id', 'kind', "json_extract(data, '$.area')", "json_extract(data, '$.at')", 'id'],
  where: "kind = 'covered'",
});

describe('an index of the embedded database built in chunks', () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase('sqlite', { readThreads: 1 });
    await sql`CREATE TABLE chunk_probe (id INTEGER PRIMARY KEY AUTOINCREMENT, org_id INTEGER NOT NULL, kind TEXT NOT NULL, data TEXT NOT NULL)`.execute(
      t.database.db,
    );
    // Every fifth row is of a kind the partial index leaves out; every seventh has no area (a NULL key column).
    await sql`WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < ${sql.lit(ROWS)})
      INSERT INTO chunk_probe (org_id, kind, data)
      SELECT 1 + i % 3, CASE WHEN i % 5 = 0 THEN 'other' ELSE 'covered' END,
        CASE WHEN i % 7 = 0 THEN json_object('at', 1000000 - i) ELSE json_object('area', 'a' || (i % 40), 'at', 1000000 - i) END FROM c`.execute(
      t.database.db,
    );
  });
  afterAll(async () => t.drop());

  const openSession = () => t.database.schemaSession!();

  const schemaRows = async (pattern: string) =>
    (
      await sql<{ type: string; name: string }>`SELECT type, name FROM sqlite_schema WHERE name LIKE ${pattern} ORDER BY name`.execute(
        t.database.db,
      )
    ).rows;
  const integrity = async () =>
    (await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(t.database.db)).rows.map((row) => row.integrity_check);
  const areaIds = async (area: string, how: 'indexed' | 'unindexed') =>
    (
      await sql<{ id: number }>`SELECT id FROM chunk_probe ${sql.raw(how === 'unindexed' ? 'NOT INDEXED' : '')}
        WHERE org_id = 2 AND kind = 'covered' AND json_extract(data, '$.area') = ${area} ORDER BY json_extract(data, '$.at'), id`.execute(
        t.database.reader,
      )
    ).rows.map((row) => row.id);

  it('holds the writes made between its chunks, is whole by integrity_check, and serves a connection opened before it', async () => {
    const { db } = t.database;
    const index = probeIndex('chunk_probe_area_at');
    // The reader thread's connection has read the schema before the build.
    expect(await areaIds('a5', 'indexed')).toEqual(await areaIds('a5', 'unindexed'));
    const progress: ChunkProgress[] = [];
    let writes = 0;
    {
      await buildIndexInChunks(openSession, index, async (step) => {
        progress.push(step);
        // Between two chunks (the main connection is free): each kind of change, on rows read and not yet read.
        const near = 1 + progress.length * 37;
        const far = ROWS - progress.length * 41;
        await sql`INSERT INTO chunk_probe (org_id, kind, data) VALUES (2, 'covered', json_object('area', 'a5', 'at', ${progress.length}))`.execute(
          db,
        );
        await sql`INSERT INTO chunk_probe (org_id, kind, data) VALUES (2, 'other', json_object('area', 'a5', 'at', 1))`.execute(db);
        await sql`UPDATE chunk_probe SET data = json_set(data, '$.area', 'a5') WHERE id IN (${near}, ${far})`.execute(db);
        await sql`UPDATE chunk_probe SET kind = CASE kind WHEN 'covered' THEN 'other' ELSE 'covered' END WHERE id IN (${near + 1}, ${far - 1})`.execute(
          db,
        );
        await sql`UPDATE chunk_probe SET data = json_remove(data, '$.area') WHERE id IN (${near + 2}, ${far - 2})`.execute(db);
        await sql`DELETE FROM chunk_probe WHERE id IN (${near + 3}, ${far - 3})`.execute(db);
        writes += 1;
      });
    }
    expect(progress.length).toBeGreaterThan(3);
    expect(writes).toBe(progress.length);
    expect(progress.at(-1)!.done).toBe(progress.at(-1)!.total);
    expect(await schemaRows('%chunk_probe_area_at%')).toEqual([{ type: 'index', name: 'chunk_probe_area_at' }]);
    const stored = await sql<{ sql: string }>`SELECT sql FROM sqlite_schema WHERE name = 'chunk_probe_area_at'`.execute(db);
    expect(stored.rows[0]!.sql).toBe(chunkedIndexDdl(index));
    expect(await integrity()).toEqual(['ok']);
    // The reader's connection, opened before the build, answers as the table does and plans with the
    // new index (once a statement that reads has seen the schema move: EXPLAIN alone reads nothing).
    expect(await areaIds('a5', 'indexed')).toEqual(await areaIds('a5', 'unindexed'));
    const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT id FROM chunk_probe
      WHERE org_id = 2 AND kind = 'covered' AND json_extract(data, '$.area') = 'a5' ORDER BY json_extract(data, '$.at'), id`.execute(
      t.database.reader,
    );
    expect(plan.rows.map((row) => row.detail).join(' | ')).toContain('chunk_probe_area_at');
    // Writes after the build keep it as CREATE INDEX's would be kept.
    await sql`UPDATE chunk_probe SET data = json_set(data, '$.area', 'a9') WHERE id % 11 = 0`.execute(db);
    await sql`DELETE FROM chunk_probe WHERE id % 13 = 0`.execute(db);
    expect(await integrity()).toEqual(['ok']);
    expect(await areaIds('a9', 'indexed')).toEqual(await areaIds('a9', 'unindexed'));
  });

  it('fails when its entries do not match the table, leaving neither an index nor anything of the build', async () => {
    const index = probeIndex('chunk_probe_sabotaged');
    let first = true;
    const build = buildIndexInChunks(openSession, index, async () => {
      // An entry lost (as a fault in the triggers would lose it): the check must see it.
      if (first)
        await sql`DELETE FROM ib_chunk_probe_sabotaged WHERE row_id = (SELECT min(row_id) FROM ib_chunk_probe_sabotaged)`.execute(
          t.database.db,
        );
      first = false;
    });
    await expect(build).rejects.toThrow(/does not match its table/);
    expect(await schemaRows('%chunk_probe_sabotaged%')).toEqual([]);
    expect(await integrity()).toEqual(['ok']);
  });

  it('drops what a build stopped half-way left, then builds', async () => {
    const index = probeIndex('chunk_probe_again');
    // A stop after the first chunk: what it built is dropped.
    const stopped = buildIndexInChunks(openSession, index, () => {
      throw new Error('stopped');
    });
    await expect(stopped).rejects.toThrow('stopped');
    expect(await schemaRows('%chunk_probe_again%')).toEqual([]);
    // What a crash would leave: the entry table, its index and a trigger.
    const crashed = await openSession();
    await crashed.write(
      `CREATE TABLE ib_chunk_probe_again (k0, row_id INTEGER PRIMARY KEY);
       CREATE INDEX ib_chunk_probe_again_key ON ib_chunk_probe_again (k0);
       CREATE TRIGGER ib_chunk_probe_again_ai AFTER INSERT ON chunk_probe BEGIN SELECT 1; END`,
    );
    await crashed.close();
    await buildIndexInChunks(openSession, index);
    expect(await schemaRows('%chunk_probe_again%')).toEqual([{ type: 'index', name: 'chunk_probe_again' }]);
    expect(await integrity()).toEqual(['ok']);
  });

  it('drops at start what crashed builds left (their entry tables and triggers), nothing else', async () => {
    const crashed = await openSession();
    await crashed.write(
      `CREATE TABLE ib_crashed_one (k0, row_id INTEGER PRIMARY KEY);
       CREATE INDEX ib_crashed_one_key ON ib_crashed_one (k0);
       CREATE TRIGGER ib_crashed_one_ai AFTER INSERT ON chunk_probe BEGIN SELECT 1; END;
       CREATE TRIGGER ib_crashed_one_au AFTER UPDATE ON chunk_probe BEGIN SELECT 1; END;
       CREATE TABLE ib_crashed_two (k0, row_id INTEGER PRIMARY KEY);
       CREATE TABLE ibis_kept (a)`,
    );
    await crashed.close();
    expect((await dropBuildLeftovers(openSession, 'chunk_probe')).sort()).toEqual(['crashed_one', 'crashed_two']);
    expect(await schemaRows('ib%')).toEqual([{ type: 'table', name: 'ibis_kept' }]);
    expect(await dropBuildLeftovers(openSession, 'chunk_probe')).toEqual([]);
  });

  it('sizes each range of ids towards the target time, within bounds', () => {
    expect(nextChunkIds(2_000, 75)).toBe(4_000);
    expect(nextChunkIds(2_000, 600)).toBe(500);
    expect(nextChunkIds(2_000, 0)).toBe(4_000);
    expect(nextChunkIds(300, 10_000)).toBe(200);
    expect(nextChunkIds(150_000, 100)).toBe(200_000);
  });
});
